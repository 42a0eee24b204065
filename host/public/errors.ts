import type { HttpFetchError as HttpFetchErrorContract } from './types';

type ErrorBody = HttpFetchErrorContract['body'];

/** What every failed `core.http` call rejects with: the request, the response if any, and the server's parsed error body. */
export class HttpFetchError extends Error implements HttpFetchErrorContract {
  readonly req: Request;
  readonly res?: Response;

  constructor(
    message: string,
    name: string,
    readonly request: Request,
    readonly response?: Response,
    readonly body?: ErrorBody,
  ) {
    super(message);
    this.name = name;
    this.req = request;
    this.res = response;
  }
}

/**
 * Whether `error` is what a failed `core.http` call rejects with. Judged by shape: each plugin's
 * browser bundle is built apart from the host's, so `instanceof` cannot see the host's class.
 */
export function isHttpFetchError(error: unknown): error is HttpFetchErrorContract {
  return error instanceof Error && 'request' in error;
}
