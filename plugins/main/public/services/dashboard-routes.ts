/**
 * Names under which the browser code first knew the svc routes; they point at the shared
 * `SVC_ROUTES` of `common/constants`, which new code uses directly.
 */
import { SVC_ROUTES } from '../../common/constants';

export const DASHBOARD_ROUTES = {
  managedApiRequest: SVC_ROUTES.request,
  csvExport: SVC_ROUTES.csv,
  checkStoredApi: SVC_ROUTES.checkStoredApi,
  checkApi: SVC_ROUTES.checkApi,
  apiHosts: SVC_ROUTES.hosts,
  uiLogs: SVC_ROUTES.uiLogs,
} as const;
