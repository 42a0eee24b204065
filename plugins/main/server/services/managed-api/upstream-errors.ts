/**
 * Turns what Node.js reports when a call to a managed API fails without a whole HTTP answer into the
 * dashboard's typed errors, with a message a user can act on.
 */
import {
  ApiHostTimeoutError,
  ApiHostTlsError,
  ApiHostUnreachableError,
  ApiRequestAbortedError,
  MalformedApiResponseError,
  type ManagedApiError,
} from './errors';

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EADDRNOTAVAIL',
]);
const CUT_SHORT_CODES = new Set(['ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);
const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
]);

export interface FailureContext {
  apiHostId: string;
  /** How messages name the host (`API host [prod]`). */
  hostName: string;
  /** `https://host:port`, for messages (never carries credentials). */
  origin: string;
  timeoutMs: number;
  /** True when the deadline fired, false when the caller's own signal aborted. */
  timedOut: boolean;
  callerAborted: boolean;
  /** True once response headers were received (a failure after that means a cut-short body). */
  responseStarted?: boolean;
}

function errorCode(error: unknown): string | undefined {
  const direct = (error as { code?: unknown }).code;
  const cause = (error as { cause?: { code?: unknown } }).cause?.code;
  if (
    typeof direct === 'string' &&
    direct !== 'ERR_BAD_RESPONSE' &&
    direct !== 'ECONNABORTED' &&
    direct !== 'ERR_CANCELED'
  )
    return direct;
  if (typeof cause === 'string') return cause;
  return typeof direct === 'string' ? direct : undefined;
}

/**
 * The typed error for a call that got no usable HTTP answer. Anything that is not a network or HTTP
 * client failure (a bug) is rethrown as it is, so it is not disguised as an unreachable host.
 */
export function toManagedApiError(error: unknown, context: FailureContext): ManagedApiError {
  const { apiHostId, hostName, origin } = context;
  if (context.timedOut) {
    return new ApiHostTimeoutError(
      `${hostName} did not answer within ${context.timeoutMs} ms.`,
      apiHostId,
      { code: 'ETIMEDOUT' },
    );
  }
  if (context.callerAborted)
    return new ApiRequestAbortedError(`The request to ${hostName} was cancelled.`, apiHostId);
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (
    code &&
    (TLS_CODES.has(code) ||
      code.startsWith('ERR_TLS_') ||
      code.startsWith('ERR_SSL_') ||
      code === 'EPROTO')
  ) {
    const hint =
      code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'EPROTO'
        ? ' Is the host serving plain HTTP on this port? Check the URL scheme.'
        : ' Check the host certificate, its CA file, or the host name in the URL.';
    return new ApiHostTlsError(
      `TLS connection to ${hostName} at ${origin} failed: ${message}.${hint}`,
      apiHostId,
      { code },
    );
  }
  if (code && UNREACHABLE_CODES.has(code)) {
    return new ApiHostUnreachableError(
      `${hostName} is not reachable at ${origin} (${code}). Check its URL and port.`,
      apiHostId,
      { code },
    );
  }
  if (context.responseStarted) {
    return new MalformedApiResponseError(
      `${hostName} sent an incomplete answer: ${message}.`,
      apiHostId,
      { code },
    );
  }
  if ((code && CUT_SHORT_CODES.has(code)) || /socket hang up/i.test(message)) {
    return new ApiHostUnreachableError(
      `${hostName} at ${origin} closed the connection (${code ?? message}). Check that the URL scheme and port point at the managed API.`,
      apiHostId,
      { code: code ?? 'ECONNRESET' },
    );
  }
  if (code) {
    return new ApiHostUnreachableError(
      `${hostName} at ${origin} could not be reached: ${message}.`,
      apiHostId,
      { code },
    );
  }
  throw error;
}
