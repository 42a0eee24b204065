/**
 * The one typed failure of reading or writing the indexer: a snake_case `code` the browser can
 * switch on, the HTTP status the routes answer with (502 or 504, 503 when no indexer is
 * configured), and the indexer's own reason with every credential taken out. What only the log and
 * admins may see (the node's address, the client's own words) is kept apart in `detail`.
 */
import { errors } from '@opensearch-project/opensearch';
import { isIndexerResponseTooLarge } from '@host/server/types';
import type { IndexerErrorCode } from '@main/common/alerts/errors';
import { scrubSecrets } from '../../managed-api/secret-scrubber';
import { SvcError } from '../../svc-error';

// From the package's main entry: its `lib/errors` subpath does not resolve in the built server
// (the package's exports map adds no `.js`).
const {
  ConnectionError,
  DeserializationError,
  NoLivingConnectionsError,
  RequestAbortedError,
  ResponseError,
  TimeoutError,
} = errors;

const STATUS: Record<IndexerErrorCode, number> = {
  // The dashboard works without an indexer; its alerts routes are the part that is unavailable.
  indexer_not_configured: 503,
  indexer_unreachable: 502,
  indexer_timeout: 504,
  indexer_unauthorized: 502,
  indexer_rejected: 502,
  indexer_unavailable: 502,
  indexer_bad_request: 502,
  indexer_response_too_large: 502,
  indexer_bad_answer: 502,
};

/** What the indexer said, as far as it is known. */
export interface IndexerUpstream {
  /** HTTP status of its answer. */
  status?: number;
  /** OpenSearch's error type, e.g. `es_rejected_execution_exception`, `parsing_exception`. */
  type?: string;
  reason?: string;
}

export class IndexerError extends SvcError<IndexerErrorCode> {
  readonly statusCode: number;

  constructor(
    readonly code: IndexerErrorCode,
    message: string,
    readonly upstream: IndexerUpstream = {},
    /** Seconds after which trying again makes sense, for refusals under load. */
    override readonly retryAfterSeconds: number | undefined = undefined,
    /** The client's own words (addresses, system errors), scrubbed: for the log and admins only. */
    readonly detail?: string,
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }

  override toAttributes(): Record<string, unknown> {
    const upstream = Object.fromEntries(
      Object.entries(this.upstream).filter(([, value]) => value !== undefined),
    );
    return { code: this.code, ...(Object.keys(upstream).length > 0 && { upstream }) };
  }
}

export function isIndexerError(error: unknown): error is IndexerError {
  return error instanceof IndexerError;
}

const NOT_CONFIGURED_MESSAGE =
  'No indexer is configured: set svc.indexer.hosts (or SVC_INDEXER_URL) to the Wazuh indexer, with svc.indexer.username and svc.indexer.password, and restart the dashboard.';

export function notConfiguredError(): IndexerError {
  return new IndexerError('indexer_not_configured', NOT_CONFIGURED_MESSAGE);
}

const REDACTED = '[REDACTED]';
/** `scheme://user:password@` and `scheme://user@` in any URL of a message. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi;
/** Any `Basic`, `Bearer` or `ApiKey` value, whoever's it is. */
const AUTHORIZATION_VALUES = /\b(basic|bearer|apikey)\s+[a-z0-9+/=._~%-]+/gi;
/** Most characters of one field copied out of an indexer answer. */
const MAX_FIELD_LENGTH = 500;

/**
 * `text` without any form of `secrets` (through the managed API's scrubber: the password, the
 * `user:password` pair, their base64 and URL encodings) nor the credentials a URL or an
 * authorization value carries.
 */
export function scrubCredentials(text: string, secrets: readonly string[] = []): string {
  return scrubSecrets(text, secrets)
    .replace(URL_CREDENTIALS, `$1${REDACTED}@`)
    .replace(AUTHORIZATION_VALUES, `$1 ${REDACTED}`);
}

/** A field of the indexer's answer as the dashboard may repeat it: text, short, scrubbed. */
export function copiedField(value: unknown, secrets: readonly string[]): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  return scrubCredentials(value.slice(0, MAX_FIELD_LENGTH), secrets);
}

interface OpenSearchErrorBody {
  error?: unknown;
  status?: number;
}

interface OpenSearchErrorCause {
  type?: unknown;
  reason?: unknown;
  root_cause?: unknown;
}

function firstRootCause(cause: OpenSearchErrorCause): OpenSearchErrorCause {
  const causes = cause.root_cause;
  const first: unknown = Array.isArray(causes) ? causes[0] : undefined;
  return typeof first === 'object' && first !== null ? first : {};
}

/**
 * OpenSearch's `{error: {type, reason, root_cause}}`, or the text of a proxy's or security plugin's
 * answer: each field scrubbed of `secrets`, whatever field a reason came in.
 */
function readBody(body: unknown, secrets: readonly string[]): { type?: string; reason?: string } {
  if (typeof body === 'string') return { reason: copiedField(body, secrets) };
  const error = (body as OpenSearchErrorBody | undefined)?.error;
  if (typeof error === 'string') return { reason: copiedField(error, secrets) };
  if (typeof error !== 'object' || error === null) return {};
  const cause = error as OpenSearchErrorCause;
  const root = firstRootCause(cause);
  return {
    type: copiedField(cause.type, secrets) ?? copiedField(root.type, secrets),
    reason: copiedField(cause.reason, secrets) ?? copiedField(root.reason, secrets),
  };
}

function retryAfter(headers: Record<string, unknown> | undefined): number {
  const value = Number(headers?.['retry-after']);
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : 1;
}

function fromResponse(
  error: InstanceType<typeof ResponseError>,
  secrets: readonly string[],
): IndexerError {
  const status = error.statusCode;
  const { type, reason } = readBody(error.body, secrets);
  const upstream = { status, type, reason };
  const said = reason ? `: ${reason}` : type ? `: ${type}` : '';
  if (status === 401 || status === 403)
    return new IndexerError(
      'indexer_unauthorized',
      `The indexer refused the dashboard's credentials (HTTP ${status})${said}. Check svc.indexer.username and svc.indexer.password.`,
      upstream,
    );
  if (status === 429 || type === 'es_rejected_execution_exception')
    return new IndexerError(
      'indexer_rejected',
      `The indexer is too busy to take the request (HTTP ${status})${said}. Try again shortly.`,
      upstream,
      retryAfter(error.headers),
    );
  if (status >= 500)
    return new IndexerError(
      'indexer_unavailable',
      `The indexer could not answer (HTTP ${status})${said}.`,
      upstream,
      status === 503 ? retryAfter(error.headers) : undefined,
    );
  return new IndexerError(
    'indexer_bad_request',
    `The indexer refused the request (HTTP ${status})${said}.`,
    upstream,
  );
}

/** What a user is told when the indexer cannot be reached; the address goes to `detail`. */
const UNREACHABLE_MESSAGE = 'The indexer cannot be reached.';

/**
 * Any failure of an `@opensearch-project/opensearch` call as an `IndexerError`; `secrets` (every
 * form of the configured credentials) are taken out of every message. Anything the client cannot
 * have thrown is returned unchanged, so a bug stays a bug.
 */
export function toIndexerError(error: unknown, secrets: readonly string[] = []): unknown {
  if (error instanceof IndexerError) return error;
  if (error instanceof ResponseError) return fromResponse(error, secrets);
  const message: unknown = (error as Error | undefined)?.message;
  const cause = scrubCredentials(typeof message === 'string' ? message : String(error), secrets);
  if (isIndexerResponseTooLarge(error))
    return new IndexerError(
      'indexer_response_too_large',
      'The indexer answered with more than svc.indexer.maxResponseBytes; the answer was cut.',
    );
  if (error instanceof TimeoutError)
    return new IndexerError(
      'indexer_timeout',
      'The indexer did not answer in time (svc.indexer.requestTimeoutMs).',
      {},
      undefined,
      cause,
    );
  if (error instanceof NoLivingConnectionsError || error instanceof ConnectionError)
    return new IndexerError('indexer_unreachable', UNREACHABLE_MESSAGE, {}, undefined, cause);
  if (error instanceof DeserializationError) return badAnswer('a body that is not JSON');
  // Aborted by the dashboard (its caller left): nothing about the indexer to log.
  if (error instanceof RequestAbortedError)
    return new IndexerError('indexer_timeout', 'The indexer request was aborted.');
  return error;
}

/** The whole exchange, body included, outlasted `svc.indexer.requestTimeoutMs`. */
export function timeoutError(budgetMs: number): IndexerError {
  return new IndexerError(
    'indexer_timeout',
    'The indexer did not answer in time (svc.indexer.requestTimeoutMs).',
    {},
    undefined,
    `the whole exchange took more than ${budgetMs} ms`,
  );
}

/** The answer is not what OpenSearch sends (a proxy, an incompatible or a hostile server). */
export function badAnswer(what: string): IndexerError {
  return new IndexerError(
    'indexer_bad_answer',
    `The indexer's answer is not what OpenSearch sends: ${what}.`,
  );
}
