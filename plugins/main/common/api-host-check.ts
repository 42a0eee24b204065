/** The outcome of checking an API host: shown in Settings, in the health check, and by the check routes. */

/**
 * Whether the dashboard can act as each of its users on the host:
 * `enabled` (host set to run_as and its API user may use it), `host_disabled` (API user may, host not set),
 * `user_not_allowed` (host set, API user may not), `all_disabled`, `unknown` (could not be checked).
 */
export type RunAsStatus =
  'enabled' | 'host_disabled' | 'user_not_allowed' | 'all_disabled' | 'unknown';

/** Stable codes of the dashboard's managed-API failures: why a host or a request could not be used. */
export type ManagedApiErrorCode =
  | 'host_not_found'
  | 'host_unreachable'
  | 'timeout'
  | 'tls_error'
  | 'malformed_response'
  | 'response_too_large'
  | 'busy'
  | 'login_failed'
  | 'invalid_request'
  | 'credentials_unreadable'
  | 'aborted'
  | 'upstream_error';

export type ApiHostCheck = {
  /** Host id, absent for unsaved credentials. */
  id?: string;
  checked_at: string;
  reachable: boolean;
  authenticated: boolean;
  /** `api_version` of the host's `GET /`, e.g. `4.14.7`. */
  api_version?: string;
  revision?: string;
  /** Host name of the manager behind the API. */
  hostname?: string;
  run_as: RunAsStatus;
  /** Why the host is not usable (or only partly): the cause, the message and what the host said. */
  error?: { code: ManagedApiErrorCode; message: string; upstream?: Record<string, unknown> };
};

/**
 * An API host as `GET /hosts/apis` lists it: the stored entry, its version for edits, its last check,
 * and how often stored hosts are checked in the background (a check older than that is stale).
 */
export type ApiHostEntry = {
  id: string;
  url: string;
  port: number;
  username: string;
  run_as: boolean;
  tls_verify: boolean;
  ca_file?: string;
  demo?: boolean;
  version: string;
  status?: ApiHostCheck;
  check_period_ms: number;
};
