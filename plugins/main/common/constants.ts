/** Identity, routes and limits of the main plugin, shared by server and browser. */

/** Name of the request-handler context the server registers. */
export const PLUGIN_CONTEXT_NAME = 'svc';

/** The managed API's largest `limit` for list endpoints. */
export const MANAGED_API_MAX_PAGE_SIZE = 100_000;

/** Index pattern of alerts, what a Wazuh indexer holds (`svc.indexer.alertsIndexPattern` overrides it). */
export const DEFAULT_ALERTS_INDEX_PATTERN = 'wazuh-alerts-*';

export const SVC_ROUTES = {
  checkStoredApi: '/api/check-stored-api',
  checkApi: '/api/check-api',
  login: '/api/login',
  request: '/api/request',
  queuedRequests: '/api/queued-requests',
  queuedRequest: '/api/queued-requests/{id}',
  csv: '/api/csv',
  routes: '/api/routes',
  healthCheck: '/api/health-check',
  hosts: '/hosts/apis',
  host: '/hosts/apis/{id}',
  defaultHost: '/hosts/default-api',
  knownFields: '/indexer/known-fields/{pattern}',
  visualizations: '/indexer/visualizations',
  indexPatterns: '/indexer/index-patterns',
  uiLogs: '/utils/logs/ui',
} as const;

/** Dashboard role allowed to change hosts, index patterns and to check unsaved credentials. */
export const ADMIN_ROLE = 'admin';

/** Advanced setting that turns on the local usage counts of the apps (off by default; nothing leaves the browser). */
export const TELEMETRY_SETTING = 'svc:telemetry.enabled';

/**
 * Saved-object type of queued requests (hidden). The string keeps its first name: stored requests
 * carry it, and their encrypted bodies and headers are bound to it.
 */
export const QUEUED_REQUEST_SAVED_OBJECT_TYPE = 'svc-delayed-request';
