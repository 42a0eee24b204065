/**
 * The one typed failure of reading or writing the indexer: a snake_case `code` the browser can
 * switch on, the HTTP status the routes answer with (502 or 504, 503 when no indexer is
 * configured), and the indexer's own reason with every credential taken out.
 */
import { errors } from '@opensearch-project/opensearch';

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

export type IndexerErrorCode =
  | 'indexer_not_configured'
  | 'indexer_unreachable'
  | 'indexer_timeout'
  | 'indexer_unauthorized'
  | 'indexer_rejected'
  | 'indexer_unavailable'
  | 'indexer_bad_request'
  | 'indexer_malformed_response'
  | 'indexer_bad_answer'
  | 'indexer_response_too_large';

const STATUS: Record<IndexerErrorCode, number> = {
  // The dashboard works without an indexer; its alerts routes are the part that is unavailable.
  indexer_not_configured: 503,
  indexer_unreachable: 502,
  indexer_timeout: 504,
  indexer_unauthorized: 502,
  indexer_rejected: 502,
  indexer_unavailable: 502,
  indexer_bad_request: 502,
  indexer_malformed_response: 502,
  indexer_bad_answer: 502,
  indexer_response_too_large: 502,
};

/** What the indexer said, as far as it is known. */
export interface IndexerUpstream {
  /** HTTP status of its answer. */
  status?: number;
  /** OpenSearch's error type, e.g. `es_rejected_execution_exception`, `parsing_exception`. */
  type?: string;
  reason?: string;
}

export class IndexerError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: IndexerErrorCode,
    message: string,
    readonly upstream: IndexerUpstream = {},
    /** Seconds after which trying again makes sense, for refusals under load. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'IndexerError';
    this.statusCode = STATUS[code];
  }

  /** Extra fields of the dashboard error body. */
  toAttributes(): Record<string, unknown> {
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
const BASIC_CREDENTIALS = /\b(basic|bearer)\s+[a-z0-9+/=._~-]+/gi;

/** `text` without the credentials a URL or header carries, nor any of `secrets`. */
export function scrubCredentials(text: string, secrets: readonly string[] = []): string {
  let scrubbed = text
    .replace(URL_CREDENTIALS, `$1${REDACTED}@`)
    .replace(BASIC_CREDENTIALS, `$1 ${REDACTED}`);
  for (const secret of secrets)
    if (secret.length >= 3) scrubbed = scrubbed.split(secret).join(REDACTED);
  return scrubbed;
}

interface OpenSearchErrorBody {
  error?: string | { type?: string; reason?: string; root_cause?: Array<{ reason?: string }> };
  status?: number;
}

/** OpenSearch's `{error: {type, reason}}`, or the text of a proxy's or security plugin's answer. */
function readBody(body: unknown): { type?: string; reason?: string } {
  if (typeof body === 'string') return { reason: body.slice(0, 500) || undefined };
  const error = (body as OpenSearchErrorBody | undefined)?.error;
  if (typeof error === 'string') return { reason: error };
  if (error && typeof error === 'object')
    return { type: error.type, reason: error.reason ?? error.root_cause?.[0]?.reason };
  return {};
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
  const { type, reason: rawReason } = readBody(error.body);
  const reason = rawReason === undefined ? undefined : scrubCredentials(rawReason, secrets);
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

/**
 * Any failure of an `@opensearch-project/opensearch` call as an `IndexerError`; `secrets` (the
 * configured password) are taken out of every message. Anything the client cannot have thrown is
 * returned unchanged, so a bug stays a bug.
 */
export function toIndexerError(error: unknown, secrets: readonly string[] = []): unknown {
  if (error instanceof IndexerError) return error;
  const message = (error as Error | undefined)?.message ?? String(error);
  const cause = scrubCredentials(message, secrets);
  if (error instanceof ResponseError) return fromResponse(error, secrets);
  if (error instanceof TimeoutError)
    return new IndexerError(
      'indexer_timeout',
      `The indexer did not answer in time (svc.indexer.requestTimeoutMs): ${cause}`,
    );
  if (error instanceof NoLivingConnectionsError || error instanceof ConnectionError)
    return new IndexerError('indexer_unreachable', `The indexer cannot be reached: ${cause}`);
  if (error instanceof DeserializationError)
    return new IndexerError(
      'indexer_malformed_response',
      'The indexer answered with a body that is not JSON.',
    );
  if (error instanceof RequestAbortedError)
    return new IndexerError('indexer_timeout', `The indexer request was aborted: ${cause}`);
  return error;
}

/** The answer was JSON but not what OpenSearch sends (a proxy, or an incompatible server). */
export function malformedResponse(what: string): IndexerError {
  return new IndexerError(
    'indexer_malformed_response',
    `The indexer's answer is not what OpenSearch sends: ${what}.`,
  );
}
