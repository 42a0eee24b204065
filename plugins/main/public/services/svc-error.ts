/**
 * One error type for everything the apps show: the managed API's problem bodies, its item
 * failures, the dashboard's own error bodies and network failures, each with its detail kept.
 */
import { isHttpFetchError, type HttpFetchError } from '@host/public/types';
import type { FailedItem } from './managed-api-types';

export type SvcErrorSource = 'managed-api' | 'dashboard' | 'network' | 'browser';

const PERMISSION_DENIED_CODE = 4000;

export interface SvcErrorFields {
  title: string;
  detail: string;
  source: SvcErrorSource;
  /** HTTP status of the answer, when there was one. */
  status?: number;
  /** The managed API's error code (`error` of its problem body or of a failed item). */
  code?: number;
  remediation?: string;
  /** Permission the request needed (`agent:read`), named by the caller so a 4000 can say what is missing. */
  action?: string;
}

export class SvcError extends Error {
  readonly title: string;
  readonly detail: string;
  readonly source: SvcErrorSource;
  readonly status?: number;
  readonly code?: number;
  readonly remediation?: string;
  readonly action?: string;

  constructor(fields: SvcErrorFields) {
    super(`${fields.title}: ${fields.detail}`);
    this.name = 'SvcError';
    Object.assign(this, fields);
    this.title = fields.title;
    this.detail = fields.detail;
    this.source = fields.source;
  }

  get isPermissionDenied(): boolean {
    return this.code === PERMISSION_DENIED_CODE;
  }

  /** Resource family the managed API refused (`agent:id`), read from its 4000 detail. */
  get deniedResource(): string | undefined {
    return /Resource type: ([^\s,.]+(?::[^\s,.]+)*)/.exec(this.detail)?.[1];
  }
}

type ErrorBody = NonNullable<HttpFetchError['body']>;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The managed API sends `{title, detail, remediation?, error}`; the specification writes it as
 * `{data: {title, detail}, message, error}`. Both are read; a dashboard body has a string `error`.
 */
function fromManagedApiBody(
  body: ErrorBody,
  status: number | undefined,
  action?: string,
): SvcError | undefined {
  const nested =
    typeof body.data === 'object' && body.data !== null
      ? (body.data as Record<string, unknown>)
      : {};
  const title = text(body.title) ?? text(nested.title);
  const detail = text(body.detail) ?? text(nested.detail);
  if (!title && !detail) return undefined;
  const code = typeof body.error === 'number' ? body.error : undefined;
  return new SvcError({
    title: title ?? 'Managed API error',
    detail: detail ?? text(body.message) ?? title!,
    source: 'managed-api',
    status,
    code,
    remediation: text(body.remediation),
    action,
  });
}

function fromDashboardBody(
  body: ErrorBody,
  status: number | undefined,
  action?: string,
): SvcError | undefined {
  const message = text(body.message);
  if (!message) return undefined;
  // For failures it met on the way to a managed API, the dashboard adds what that API said.
  const upstream = body.attributes?.upstream;
  const said =
    typeof upstream === 'object' && upstream !== null ? (upstream as Record<string, unknown>) : {};
  const upstreamDetail = text(said.detail);
  return new SvcError({
    title: text(body.error) ?? 'Dashboard error',
    detail:
      upstreamDetail && !message.includes(upstreamDetail)
        ? `${message} The API said: ${upstreamDetail}`
        : message,
    source: 'dashboard',
    status,
    code: typeof said.error === 'number' ? said.error : undefined,
    action,
  });
}

/** An error answer's body (managed-API problem or dashboard error) as an SvcError. */
export function errorFromBody(
  body: unknown,
  status: number,
  fallbackDetail: string | undefined,
  action?: string,
): SvcError {
  const record =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as ErrorBody)
      : undefined;
  const parsed =
    record &&
    (fromManagedApiBody(record, status, action) ?? fromDashboardBody(record, status, action));
  if (parsed) return parsed;
  const detail = (typeof body === 'string' && body.trim()) || fallbackDetail || 'Request failed';
  return new SvcError({ title: `HTTP ${status}`, detail, source: 'dashboard', status, action });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** Turns anything a call can throw into an SvcError, keeping the upstream detail. */
export function toSvcError(error: unknown, action?: string): SvcError {
  if (error instanceof SvcError) return error;
  if (isHttpFetchError(error)) {
    const status = error.response?.status;
    if (!error.response) {
      return new SvcError({
        title: 'Dashboard unreachable',
        detail: error.message || 'The dashboard server did not answer',
        source: 'network',
        action,
      });
    }
    return errorFromBody(error.body, status!, error.message || error.response.statusText, action);
  }
  if (error instanceof Error)
    return new SvcError({
      title: error.name === 'Error' ? 'Error' : error.name,
      detail: error.message,
      source: 'browser',
      action,
    });
  return new SvcError({ title: 'Error', detail: String(error), source: 'browser', action });
}

/**
 * The managed API answers 200 even when every item failed (restart of an inactive agent, a
 * denied agent): such an answer becomes an error naming each failure and the ids it hit.
 */
export function failedItemsError(
  message: string | undefined,
  failedItems: FailedItem[],
  action?: string,
): SvcError {
  const detail = failedItems
    .map((item) => `${item.error.message} (error ${item.error.code}): ${item.id.join(', ')}`)
    .join('; ');
  const permission = failedItems.find((item) => item.error.code === PERMISSION_DENIED_CODE);
  return new SvcError({
    title: message ?? 'The managed API could not do it',
    detail,
    source: 'managed-api',
    status: 200,
    code: (permission ?? failedItems[0])?.error.code,
    remediation: failedItems[0]?.error.remediation,
    action,
  });
}
