/** Routes of the svc server plugin the browser calls (see the specification's endpoint tables). */
export const DASHBOARD_ROUTES = {
  managedApiRequest: '/api/request',
  csvExport: '/api/csv',
  checkStoredApi: '/api/check-stored-api',
  checkApi: '/api/check-api',
  apiHosts: '/hosts/apis',
  uiLogs: '/utils/logs/ui',
} as const;

/** URL of one stored host. */
export function apiHostRoute(id: string): string {
  return `${DASHBOARD_ROUTES.apiHosts}/${encodeURIComponent(id)}`;
}
