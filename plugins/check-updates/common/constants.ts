/** Identity, routes and saved-object type names of the update-check plugin, shared by server and browser. */

/** Name of the request-handler context and of the plugin's config subtree. */
export const PLUGIN_CONTEXT_NAME = 'svc_check_updates';

export const AVAILABLE_UPDATES_SAVED_OBJECT_TYPE = 'svc-check-updates-available-updates';
export const USER_PREFERENCES_SAVED_OBJECT_TYPE = 'svc-check-updates-user-preferences';

const ROUTES_BASE = '/api/v1/svc-check-updates';

export const ROUTES = {
  updates: `${ROUTES_BASE}/updates`,
  dismiss: `${ROUTES_BASE}/dismiss`,
  preferences: `${ROUTES_BASE}/preferences`,
} as const;

/** Path of the managed-API endpoint that reports the versions published after the running one. */
export const MANAGED_API_VERSION_CHECK_PATH = '/manager/version/check';
