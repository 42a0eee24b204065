/**
 * Typed failures of talking to a managed API when there is no usable HTTP answer to pass on.
 * Each carries the HTTP status the dashboard answers with, a stable `code` the browser can switch on,
 * and what the upstream said (status, title, detail, error number, or the network error code).
 */
import type { ManagedApiErrorCode } from '../../../common/api-host-check';
import { SvcError } from '../svc-error';

/** What the managed API (or the network below it) said, as far as it is known. */
export interface UpstreamDetail {
  /** HTTP status of the upstream answer. */
  status?: number;
  title?: string;
  detail?: string;
  /** The managed API's numeric error code (`error` of its problem body). */
  error?: number;
  /** Node.js network or TLS error code, e.g. `ECONNREFUSED`, `DEPTH_ZERO_SELF_SIGNED_CERT`. */
  code?: string;
}

export abstract class ManagedApiError extends SvcError<ManagedApiErrorCode> {
  abstract override readonly statusCode: number;

  constructor(
    message: string,
    readonly apiHostId: string | undefined,
    readonly upstream: UpstreamDetail = {},
  ) {
    super(message);
  }

  override toAttributes(): Record<string, unknown> {
    const upstream = Object.fromEntries(
      Object.entries(this.upstream).filter(([, value]) => value !== undefined),
    );
    return {
      code: this.code,
      ...(this.apiHostId === undefined ? {} : { apiHostId: this.apiHostId }),
      ...(Object.keys(upstream).length ? { upstream } : {}),
    };
  }
}

export class ApiHostNotFoundError extends ManagedApiError {
  readonly statusCode = 404;
  readonly code = 'host_not_found';
  constructor(apiHostId: string) {
    super(`API host [${apiHostId}] is not configured.`, apiHostId);
  }
}

export class ApiHostUnreachableError extends ManagedApiError {
  readonly statusCode = 502;
  readonly code = 'host_unreachable';
}

export class ApiHostTimeoutError extends ManagedApiError {
  readonly statusCode = 504;
  readonly code = 'timeout';
}

export class ApiHostTlsError extends ManagedApiError {
  readonly statusCode = 502;
  readonly code = 'tls_error';
}

export class MalformedApiResponseError extends ManagedApiError {
  readonly statusCode = 502;
  readonly code = 'malformed_response';
}

/** The host's answer is larger than `svc.api.maxResponseBytes`; the upstream connection was cut. */
export class ApiAnswerTooLargeError extends ManagedApiError {
  readonly statusCode = 502;
  readonly code = 'response_too_large';
}

/** Answers being read whole already fill `svc.api.maxBufferedResponseBytes`: try again shortly. */
export class ApiAnswersBusyError extends ManagedApiError {
  readonly statusCode = 503;
  readonly code = 'busy';
  override readonly retryAfterSeconds = 1;
}

/** The host refused the stored credentials (or the run_as login): the upstream detail says why. */
export class ApiLoginError extends ManagedApiError {
  readonly statusCode = 502;
  readonly code = 'login_failed';
}

/** Method or path rejected before anything was sent. */
export class InvalidApiRequestError extends ManagedApiError {
  readonly statusCode = 400;
  readonly code = 'invalid_request';
}

/** The stored password cannot be decrypted, typically because the encryption key changed. */
export class StoredCredentialsError extends ManagedApiError {
  readonly statusCode = 500;
  readonly code = 'credentials_unreadable';
}

/** The caller gave up (its signal aborted) before the answer came. */
export class ApiRequestAbortedError extends ManagedApiError {
  readonly statusCode = 499;
  readonly code = 'aborted';
}

/**
 * The host answered with an error where the dashboard needed data (CSV export, host checks). Client
 * errors keep their status (a 403 code 4000 stays a 403), server errors become 502.
 */
export class UpstreamRejectedError extends ManagedApiError {
  readonly code = 'upstream_error';
  get statusCode(): number {
    const status = this.upstream.status ?? 502;
    return status >= 400 && status < 500 && status !== 401 ? status : 502;
  }
}

export function isManagedApiError(error: unknown): error is ManagedApiError {
  return error instanceof ManagedApiError;
}
