/** A managed-API host as every route and the browser see it: the password never leaves the server. */
export interface ApiHost {
  id: string;
  /** Scheme and host name, without port: `https://manager.example.org`. */
  url: string;
  port: number;
  username: string;
  /** Log in with run_as for the current dashboard user (the host maps dashboard users to its roles). */
  run_as: boolean;
  /** Verify the host's TLS certificate (default true). */
  tls_verify: boolean;
  /** PEM file with the CA that signed the host's certificate, when it is not a public one. */
  ca_file?: string;
  /** True for the host that demo mode created for the built-in managed-API simulator. */
  demo?: boolean;
}

/** What is written when adding or editing a host: `password` is required on add, optional on edit. */
export interface ApiHostInput extends Omit<ApiHost, 'tls_verify' | 'demo'> {
  password?: string;
  tls_verify?: boolean;
}

/** Saved-object type holding the hosts (hidden: only the main plugin's services read it). */
export const API_HOST_SAVED_OBJECT_TYPE = 'svc-api-host';
/** Saved-object type holding each host's last check (hidden; id = host id; the stored name is kept). */
export const API_HOST_CHECK_SAVED_OBJECT_TYPE = 'svc-api-host-status';
/** Saved-object type holding each dashboard user's own settings, such as the default API host (hidden; id = user name). */
export const USER_SETTINGS_SAVED_OBJECT_TYPE = 'svc-user-settings';
