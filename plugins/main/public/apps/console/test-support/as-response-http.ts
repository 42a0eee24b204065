/**
 * The shared mock http answers with bodies only; the console asks for `{ response, body }` on its
 * proxy calls (it shows the HTTP status), so its tests wrap `post` to answer that form with a 200.
 */
import type { HttpFetchOptions, HttpStart } from '@host/public/types';

export function withAsResponse(http: HttpStart): HttpStart {
  const post = http.post;
  const wrapped = async (path: string, options: HttpFetchOptions = {}) => {
    if (!options.asResponse) return post(path, options);
    const body = await post(path, { ...options, asResponse: undefined });
    return {
      request: { url: path } as Request,
      response: { status: 200, statusText: 'OK', ok: true } as Response,
      body,
    };
  };
  return { ...http, post: wrapped as HttpStart['post'] };
}
