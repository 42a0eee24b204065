import { encodeRequestBody, VerbatimBody } from './verbatim-body';

describe('encodeRequestBody', () => {
  it('sends no body for undefined or null', () => {
    expect(encodeRequestBody(undefined)).toBeUndefined();
    expect(encodeRequestBody(null)).toBeUndefined();
  });

  it('sends JSON values as JSON and verbatim bodies as they are, with their media type', () => {
    expect(encodeRequestBody({ a: [1] })).toEqual({
      text: '{"a":[1]}',
      contentType: 'application/json',
    });
    expect(encodeRequestBody('<a/>')).toEqual({ text: '"<a/>"', contentType: 'application/json' });
    expect(encodeRequestBody(new VerbatimBody('<a/>', 'application/xml'))).toEqual({
      text: '<a/>',
      contentType: 'application/xml',
    });
  });
});
