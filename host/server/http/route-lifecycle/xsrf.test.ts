import { xsrfRefusal } from './xsrf';

describe('xsrfRefusal', () => {
  it('answers 400 to a state-changing route without the header', () => {
    expect(xsrfRefusal(true, {})).toEqual({
      statusCode: 400,
      message: 'Request must contain a osd-xsrf header.',
    });
  });

  it('accepts osd-xsrf (any value) or osd-version, and routes that need neither', () => {
    expect(xsrfRefusal(true, { 'osd-xsrf': '' })).toBeUndefined();
    expect(xsrfRefusal(true, { 'osd-version': '2.19.0' })).toBeUndefined();
    expect(xsrfRefusal(false, {})).toBeUndefined();
  });
});
