/**
 * The alerts search service, as the plugin builds it at start:
 *
 *   const alertsSearch = createAlertsSearchService({ connection, pattern, scope, limits, logger });
 *   registerAlertsRoutes(router, () => ({ alertsSearch }));   // routes/alerts.ts
 */
import { AlertsSearchService, type AlertsSearchDeps } from './search-service';

export function createAlertsSearchService(deps: AlertsSearchDeps): AlertsSearchService {
  return new AlertsSearchService(deps);
}

export type { AlertsSearchService, AlertsSearchDeps };
export type { AlertsCaller } from './search-service';
