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
