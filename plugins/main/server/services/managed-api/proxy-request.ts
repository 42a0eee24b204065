/**
 * What `POST /api/request` forwards. The browser sends `{method, path, body}`; as in the reference
 * product, `body.params` are query parameters, `body.delay` (ms) queues the request instead of sending
 * it now, and `body.devTools` only marked console calls (every answer is passed on as it is anyway).
 * The rest of `body` is the JSON body of POST, PUT and PATCH requests.
 */
import {
  checkManagedApiPath,
  type ManagedApiMethodName,
} from '../../../common/managed-api-request';
import { RequestFieldError } from '../request-field-error';

export interface ProxyRequestInput {
  method: ManagedApiMethodName;
  path: string;
  body?: unknown;
}

export interface PreparedProxyRequest {
  method: ManagedApiMethodName;
  /** Path with the query string, params included. */
  path: string;
  body?: unknown;
  delayMs?: number;
}

const METHODS_WITH_BODY = new Set<ManagedApiMethodName>(['POST', 'PUT', 'PATCH']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function queryValue(name: string, value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  // Arrays are comma-separated lists, as the managed API reads array parameters.
  if (
    Array.isArray(value) &&
    value.every((item) => ['string', 'number', 'boolean'].includes(typeof item))
  )
    return value.join(',');
  throw new RequestFieldError(
    `body.params.${name}`,
    'must be a string, number, boolean or a list of them',
  );
}

function withParams(path: string, params: unknown): string {
  if (params === undefined || params === null) return path;
  if (!isPlainObject(params))
    throw new RequestFieldError('body.params', 'must be an object of query parameters');
  const check = checkManagedApiPath(path);
  if (!check.valid) throw new RequestFieldError('path', check.reason);
  const query = new URLSearchParams(check.search);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query.set(name, queryValue(name, value));
  }
  const search = query.toString();
  return search ? `${check.pathname}?${search}` : check.pathname;
}

function delayOf(value: unknown, maxDelayMs: number): number | undefined {
  if (value === undefined || value === null || value === 0 || value === false) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > maxDelayMs) {
    throw new RequestFieldError(
      'body.delay',
      `must be a whole number of milliseconds from 0 to ${maxDelayMs}`,
    );
  }
  return value;
}

export function prepareProxyRequest(
  input: ProxyRequestInput,
  options: { maxDelayMs: number },
): PreparedProxyRequest {
  if (!isPlainObject(input.body)) {
    return {
      method: input.method,
      path: input.path,
      body: METHODS_WITH_BODY.has(input.method) ? input.body : undefined,
    };
  }
  const { params, delay, devTools: _devTools, ...rest } = input.body;
  const delayMs = delayOf(delay, options.maxDelayMs);
  return {
    method: input.method,
    path: withParams(input.path, params),
    body: METHODS_WITH_BODY.has(input.method) ? rest : undefined,
    ...(delayMs === undefined ? {} : { delayMs }),
  };
}
