/** The outcome of checking an API host: shown in Settings, in the health check, and by the check routes. */

/**
 * Whether the dashboard can act as each of its users on the host:
 * `enabled` (host set to run_as and its API user may use it), `host_disabled` (API user may, host not set),
 * `user_not_allowed` (host set, API user may not), `all_disabled`, `unknown` (could not be checked).
 */
export type RunAsStatus =
  'enabled' | 'host_disabled' | 'user_not_allowed' | 'all_disabled' | 'unknown';

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
  /** Why the host is not usable (or only partly): the dashboard error code, message and upstream detail. */
  error?: { code: string; message: string; upstream?: Record<string, unknown> };
};

/** An API host as `GET /hosts/apis` lists it: the stored entry, its version for edits, its last check. */
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
};
