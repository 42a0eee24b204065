/**
 * What `POST /api/request` forwards. The browser sends `{method, path, body}`; as in the reference
 * product, inside `body`: `params` are query parameters, `headers` are added to the request,
 * `delay` (ms) queues the request instead of sending it now, `devTools` only marked console calls
 * (every answer is passed on as it is anyway), and `body` (when present) is the request body, else
 * the rest of `body` is. A string body is sent verbatim: as XML, JSON or raw bytes when `origin` is
 * `xmleditor`, `json` or `raw` (the rules, decoders and CDB-list editors save files this way),
 * otherwise with the `content-type` of `headers`, JSON by default. Only POST, PUT and PATCH carry a body.
 */
import {
  checkManagedApiPath,
  type ManagedApiMethodName,
} from '../../../common/managed-api-request';
import { RequestFieldError } from '../request-field-error';
import type { CheckedPath } from './api-call';
import { VerbatimBody } from './verbatim-body';

export interface ProxyRequestInput {
  method: ManagedApiMethodName;
  path: string;
  body?: unknown;
}

export interface PreparedProxyRequest {
  method: ManagedApiMethodName;
  /** The path, checked here once, with its query string, params included. */
  path: CheckedPath;
  /** A JSON value, or a `VerbatimBody`. */
  body?: unknown;
  /** Extra request headers (names in lower case). */
  headers?: Record<string, string>;
  delayMs?: number;
}

const METHODS_WITH_BODY = new Set<ManagedApiMethodName>(['POST', 'PUT', 'PATCH']);

/** Media type of a string body by the editor it came from, as the reference product maps it. */
const MEDIA_TYPE_BY_ORIGIN: Readonly<Record<string, string>> = {
  xmleditor: 'application/xml',
  json: 'application/json',
  raw: 'application/octet-stream',
};

/** Headers the dashboard sets itself: the caller may not replace them. */
const DASHBOARD_HEADERS = new Set([
  'authorization',
  'cookie',
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-authorization',
  'proxy-connection',
]);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;
// eslint-disable-next-line no-control-regex
const HEADER_VALUE = /^[^\u0000-\u0008\u000a-\u001f\u007f]{0,8192}$/;
const MAX_HEADERS = 32;

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

function checkedPathOf(path: string): CheckedPath {
  const check = checkManagedApiPath(path);
  if (!check.valid) throw new RequestFieldError('path', check.reason);
  return check;
}

function withParams(path: CheckedPath, params: unknown): CheckedPath {
  if (params === undefined || params === null) return path;
  if (!isPlainObject(params))
    throw new RequestFieldError('body.params', 'must be an object of query parameters');
  const query = new URLSearchParams(path.search);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query.set(name, queryValue(name, value));
  }
  // URLSearchParams encodes every name and value: the query stays as safe as the checked path.
  const search = query.toString();
  return { ...path, search: search ? `?${search}` : '' };
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

function headersOf(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value)) throw new RequestFieldError('body.headers', 'must be an object');
  const entries = Object.entries(value);
  if (entries.length > MAX_HEADERS)
    throw new RequestFieldError('body.headers', `must hold at most ${MAX_HEADERS} headers`);
  const headers: Record<string, string> = Object.create(null);
  for (const [name, raw] of entries) {
    const field = `body.headers.${name}`;
    if (!HEADER_NAME.test(name)) throw new RequestFieldError(field, 'is not a header name');
    if (DASHBOARD_HEADERS.has(name.toLowerCase()))
      throw new RequestFieldError(field, 'is set by the dashboard and cannot be replaced');
    if (typeof raw !== 'string' && typeof raw !== 'number')
      throw new RequestFieldError(field, 'must be a string');
    const text = String(raw);
    if (!HEADER_VALUE.test(text))
      throw new RequestFieldError(field, 'must be at most 8192 characters without line breaks');
    headers[name.toLowerCase()] = text;
  }
  return headers;
}

function mediaTypeOf(origin: unknown, headers: Record<string, string>): string {
  if (origin === undefined || origin === null) return headers['content-type'] ?? 'application/json';
  if (typeof origin === 'string' && Object.hasOwn(MEDIA_TYPE_BY_ORIGIN, origin))
    return MEDIA_TYPE_BY_ORIGIN[origin];
  throw new RequestFieldError(
    'body.origin',
    `must be one of ${Object.keys(MEDIA_TYPE_BY_ORIGIN).join(', ')}`,
  );
}

export function prepareProxyRequest(
  input: ProxyRequestInput,
  options: { maxDelayMs: number },
): PreparedProxyRequest {
  const carriesBody = METHODS_WITH_BODY.has(input.method);
  const path = checkedPathOf(input.path);
  if (!isPlainObject(input.body)) {
    return {
      method: input.method,
      path,
      body: carriesBody ? input.body : undefined,
    };
  }
  const {
    params,
    delay,
    headers: givenHeaders,
    origin,
    body: explicitBody,
    devTools: _devTools,
    ...rest
  } = input.body;
  const delayMs = delayOf(delay, options.maxDelayMs);
  const headers = headersOf(givenHeaders);
  const mediaType = mediaTypeOf(origin, headers);
  // The body's own media type travels with it; the rest of the headers are added as given.
  delete headers['content-type'];
  const body =
    typeof explicitBody === 'string'
      ? new VerbatimBody(explicitBody, mediaType)
      : explicitBody === undefined
        ? rest
        : explicitBody;
  return {
    method: input.method,
    path: withParams(path, params),
    body: carriesBody ? body : undefined,
    ...(Object.keys(headers).length > 0 ? { headers: { ...headers } } : {}),
    ...(delayMs === undefined ? {} : { delayMs }),
  };
}
