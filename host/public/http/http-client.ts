/**
 * `core.http`: fetch for the dashboard's own routes. Adds the base path and the `osd-xsrf` header,
 * sends JSON by default, parses answers by content type, and rejects every non-2xx answer with an
 * `HttpFetchError` carrying the server's error body. When the session is gone (a 401 that the
 * session check confirms), it sends the user to the login page and back afterwards.
 */
import type {
  HttpFetchOptions,
  HttpFetchOptionsWithPath,
  HttpFetchQuery,
  HttpHandler,
  HttpResponse,
  HttpSetup,
} from '../types';
import { createStore, type Store } from '../utils/store';
import type { AnonymousPaths } from './anonymous-paths';
import type { BasePath } from './base-path';
import { HttpFetchError } from '../errors';

export const AUTH_INFO_PATH = '/api/v1/auth/authinfo';

export interface HttpClientDeps {
  basePath: BasePath;
  anonymousPaths: AnonymousPaths;
  version: string;
  /** Called once the session is known to be gone; the pending call then never settles (the page is leaving). */
  onSessionExpired(): void;
  /** The page's location, to resolve relative URLs and tell the dashboard's own routes from others. */
  location?: () => Location;
}

type FetchArgs = [string | HttpFetchOptionsWithPath, HttpFetchOptions | undefined];

export class HttpClient {
  readonly basePath: BasePath;
  readonly anonymousPaths: AnonymousPaths;
  /** Number of calls in flight, for the header's loading bar. */
  readonly loadingCount: Store<number> = createStore(0);
  private sessionCheck?: Promise<boolean>;

  constructor(private readonly deps: HttpClientDeps) {
    this.basePath = deps.basePath;
    this.anonymousPaths = deps.anonymousPaths;
  }

  /** The object plugins receive as `core.http`. */
  asContract(): HttpSetup {
    const method = (name?: string): HttpHandler =>
      ((path: FetchArgs[0], options?: HttpFetchOptions) =>
        this.fetch([path, options], name)) as HttpHandler;
    return {
      basePath: this.basePath,
      anonymousPaths: this.anonymousPaths,
      fetch: method(),
      get: method('GET'),
      post: method('POST'),
      put: method('PUT'),
      patch: method('PATCH'),
      delete: method('DELETE'),
      head: method('HEAD'),
    };
  }

  private location(): Location {
    return (this.deps.location ?? (() => window.location))();
  }

  private async fetch([pathOrOptions, maybeOptions]: FetchArgs, method?: string): Promise<unknown> {
    const { path, options } = normalizeArgs(pathOrOptions, maybeOptions);
    const request = this.createRequest(path, {
      ...options,
      method: method ?? options.method ?? 'GET',
    });
    this.loadingCount.update((count) => count + 1);
    try {
      const response = await this.send(request);
      const body = await parseBody(response);
      if (response.ok)
        return options.asResponse
          ? ({ fetchOptions: options, request, response, body } as HttpResponse)
          : body;
      if (
        response.status === 401 &&
        this.isOwnRoute(request) &&
        (await this.sessionIsGone(request))
      )
        return new Promise(() => undefined);
      throw new HttpFetchError(
        response.statusText ||
          errorMessage(body) ||
          `Request failed with status ${response.status}`,
        'HttpFetchError',
        request,
        response,
        asErrorBody(body),
      );
    } finally {
      this.loadingCount.update((count) => count - 1);
    }
  }

  private async send(request: Request): Promise<Response> {
    try {
      return await fetch(request);
    } catch (error) {
      const cause = error as Error;
      throw new HttpFetchError(
        cause.message,
        cause.name === 'AbortError' ? 'AbortError' : 'HttpFetchError',
        request,
      );
    }
  }

  private createRequest(path: string, options: HttpFetchOptions & { method: string }): Request {
    const {
      query,
      body,
      headers,
      prependBasePath = true,
      asSystemRequest,
      asResponse: _asResponse,
      ...init
    } = options;
    const url = new URL(prependBasePath ? this.basePath.prepend(path) : path, this.location().href);
    appendQuery(url, query);
    const sameOrigin = url.origin === this.location().origin;
    return new Request(url, {
      credentials: 'same-origin',
      ...init,
      body: body ?? null,
      headers: requestHeaders(headers, {
        ...(sameOrigin ? { 'osd-version': this.deps.version, 'osd-xsrf': 'osd-fetch' } : {}),
        ...(asSystemRequest ? { 'osd-system-request': 'true' } : {}),
      }),
    });
  }

  private isOwnRoute(request: Request): boolean {
    const url = new URL(request.url);
    const underBasePath =
      this.basePath.get() === '' || this.basePath.remove(url.pathname) !== url.pathname;
    return url.origin === this.location().origin && underBasePath;
  }

  /**
   * A 401 may be the managed API's answer passed through by the proxy, so the session itself is
   * asked before the user is sent away; on anonymous pages (the login form) a 401 is just an answer.
   */
  private async sessionIsGone(request: Request): Promise<boolean> {
    if (this.anonymousPaths.isAnonymous(this.location().pathname)) return false;
    const failedPath = this.basePath.remove(new URL(request.url).pathname);
    const gone =
      failedPath === AUTH_INFO_PATH
        ? Promise.resolve(true)
        : (this.sessionCheck ??= this.checkSession());
    if (!(await gone)) return false;
    this.deps.onSessionExpired();
    return true;
  }

  private async checkSession(): Promise<boolean> {
    try {
      const response = await fetch(
        this.createRequest(AUTH_INFO_PATH, { method: 'GET', asSystemRequest: true }),
      );
      return response.status === 401;
    } catch {
      return false;
    } finally {
      this.sessionCheck = undefined;
    }
  }
}

function normalizeArgs(
  pathOrOptions: FetchArgs[0],
  options: FetchArgs[1],
): { path: string; options: HttpFetchOptions } {
  if (
    typeof pathOrOptions === 'string' &&
    (options === undefined || (typeof options === 'object' && options !== null))
  ) {
    return { path: pathOrOptions, options: options ?? {} };
  }
  if (typeof pathOrOptions === 'object' && pathOrOptions !== null && options === undefined) {
    const { path, ...rest } = pathOrOptions;
    return { path, options: rest };
  }
  throw new Error(
    `Invalid fetch arguments, must either be (string, object) or (object, undefined), received (${typeof pathOrOptions}, ${typeof options})`,
  );
}

function requestHeaders(own: HttpFetchOptions['headers'], core: Record<string, string>): Headers {
  const forbidden = Object.keys(own ?? {}).filter((name) => name.toLowerCase().startsWith('osd-'));
  if (forbidden.length > 0)
    throw new Error(
      `Invalid fetch headers, headers beginning with "osd-" are not allowed: [${forbidden.join(',')}]`,
    );
  const merged: Record<string, string | undefined> = {
    'Content-Type': 'application/json',
    ...own,
    ...core,
  };
  const headers = new Headers();
  for (const [name, value] of Object.entries(merged))
    if (value !== undefined) headers.set(name, value);
  return headers;
}

function appendQuery(url: URL, query: HttpFetchQuery | undefined): void {
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value])
      url.searchParams.append(key, String(item));
  }
}

/** JSON by content type; ndjson as a Blob; anything else as text, parsed as JSON when it is JSON. */
async function parseBody(response: Response): Promise<unknown> {
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('application/ndjson')) return response.blob();
  const text = await response.text();
  if (text === '') return undefined;
  if (/[/+]json\b/.test(contentType)) return JSON.parse(text);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorMessage(body: unknown): string | undefined {
  return typeof body === 'object' &&
    body !== null &&
    typeof (body as { message?: unknown }).message === 'string'
    ? (body as { message: string }).message
    : undefined;
}

function asErrorBody(body: unknown): HttpFetchError['body'] {
  if (typeof body === 'object' && body !== null && !Array.isArray(body))
    return body as HttpFetchError['body'];
  return typeof body === 'string' && body !== '' ? { message: body } : undefined;
}
