import { HttpFetchError } from './errors';
import { isHttpFetchError } from './types';

describe('isHttpFetchError', () => {
  it('tells a failed core.http call from other errors, also from another bundle', () => {
    const request = new Request('http://localhost/api/x');
    expect(isHttpFetchError(new HttpFetchError('Not Found', 'Error', request))).toBe(true);
    // A copy of the class from another bundle: same shape, not the same constructor.
    const copied = Object.assign(new Error('Not Found'), { request, body: undefined });
    expect(isHttpFetchError(copied)).toBe(true);
    expect(isHttpFetchError(new Error('plain'))).toBe(false);
    expect(isHttpFetchError({ request })).toBe(false);
    expect(isHttpFetchError(undefined)).toBe(false);
  });
});
