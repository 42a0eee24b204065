/**
 * A `core.http` double for component tests: answers the dashboard's routes from handlers, and
 * `POST /api/request` from a handler that sees the managed-API call the way the proxy would.
 */
import type { HttpFetchOptions, HttpStart } from '@host/public/types';

export interface RecordedCall {
  method: string;
  path: string;
  body?: unknown;
  /** The query parameters, when the call had any. */
  query?: HttpFetchOptions['query'];
}

export interface ManagedApiCallSeen {
  apiHostId: string;
  method: string;
  /** Path without query string. */
  path: string;
  query: Record<string, string>;
  body?: unknown;
}

/** What a handler returns: a 2xx body, or `fail(status, body)` for an error answer. */
export class FailedAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export function fail(status: number, body: unknown): FailedAnswer {
  return new FailedAnswer(status, body);
}

export type RouteHandler = (call: RecordedCall) => unknown;
export type ManagedApiHandler = (call: ManagedApiCallSeen) => unknown;

export interface MockHttp {
  http: HttpStart;
  calls: RecordedCall[];
  managedApiCalls: ManagedApiCallSeen[];
}

function httpError(status: number, body: unknown, path: string): Error {
  const error = new Error(`HTTP ${status}`) as Error & {
    request: Request;
    response: Response;
    body: unknown;
  };
  error.name = 'HttpFetchError';
  error.request = { url: path } as Request;
  error.response = { status, statusText: '', ok: false } as Response;
  error.body = body;
  return error;
}

function abortError(): Error {
  const error = new Error('The user aborted a request.');
  error.name = 'AbortError';
  return error;
}

export function createMockHttp(
  routes: Record<string, RouteHandler>,
  managedApi?: ManagedApiHandler,
): MockHttp {
  const calls: RecordedCall[] = [];
  const managedApiCalls: ManagedApiCallSeen[] = [];

  const handle = async (
    method: string,
    path: string,
    options: HttpFetchOptions = {},
  ): Promise<unknown> => {
    const body = typeof options.body === 'string' ? JSON.parse(options.body) : undefined;
    const call: RecordedCall = {
      method,
      path,
      body,
      ...(options.query && { query: options.query }),
    };
    calls.push(call);
    if (options.signal?.aborted) throw abortError();
    let answer: unknown;
    if (method === 'POST' && path === '/api/request' && managedApi) {
      const [pathname, search = ''] = String(body.path).split('?');
      const seen: ManagedApiCallSeen = {
        apiHostId: body.id,
        method: body.method,
        path: pathname,
        query: Object.fromEntries(new URLSearchParams(search)),
        body: body.body,
      };
      managedApiCalls.push(seen);
      answer = await managedApi(seen);
    } else {
      const handler = routes[`${method} ${path}`];
      if (!handler)
        throw httpError(
          404,
          { statusCode: 404, error: 'Not Found', message: `No mock for ${method} ${path}` },
          path,
        );
      answer = await handler(call);
    }
    if (options.signal?.aborted) throw abortError();
    if (answer instanceof FailedAnswer) throw httpError(answer.status, answer.body, path);
    return answer;
  };

  const method =
    (name: string) =>
    (path: string, options?: HttpFetchOptions): Promise<unknown> =>
      handle(name, path, options);
  const http = {
    basePath: {
      get: () => '',
      prepend: (path: string) => path,
      remove: (path: string) => path,
      serverBasePath: '',
    },
    anonymousPaths: { register: () => undefined, isAnonymous: () => false },
    fetch: (path: string, options?: HttpFetchOptions) =>
      handle(options?.method ?? 'GET', path, options),
    get: method('GET'),
    post: method('POST'),
    put: method('PUT'),
    patch: method('PATCH'),
    delete: method('DELETE'),
    head: method('HEAD'),
  } as unknown as HttpStart;
  return { http, calls, managedApiCalls };
}

/** An affected-items envelope as the managed API sends it. */
export function itemsEnvelope<T>(
  items: T[],
  total = items.length,
  failed: Array<{ code: number; message: string; ids: string[] }> = [],
) {
  return {
    data: {
      affected_items: items,
      total_affected_items: total,
      total_failed_items: failed.reduce((sum, entry) => sum + entry.ids.length, 0),
      failed_items: failed.map((entry) => ({
        error: { code: entry.code, message: entry.message },
        id: entry.ids,
      })),
    },
    message: 'All selected items were returned',
    error: failed.length === 0 ? 0 : items.length === 0 ? 1 : 2,
  };
}

/** The managed API's 403 for a missing permission. */
export function permissionDenied(resource: string) {
  return fail(403, {
    title: 'Permission Denied',
    detail: `Permission denied: Resource type: ${resource}`,
    remediation: 'Please, make sure you have permissions to execute the current request',
    error: 4000,
  });
}
