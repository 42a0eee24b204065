/**
 * The reports' data source on the dashboard's alerts search service: the same checks, manager pin
 * and agent visibility as the alerts routes, for the user who asked for the report.
 */
import type { OsdRequest } from '../../../../../host/server/types';
import type { AlertsScopeResolver } from '../alerts/scope';
import type { AlertsSearchService } from '../alerts/search';
import { statesUnavailable, type ReportDataSource } from './reports-service';

export interface AlertsReportDataDeps {
  alertsSearch: AlertsSearchService;
  scope: AlertsScopeResolver;
}

/** A data source reading as the user behind `request` (kept for the job's life, read-only). */
export function alertsReportDataSource(
  deps: AlertsReportDataDeps,
  request: OsdRequest,
  username: string,
): ReportDataSource {
  return {
    aggregate: (source, selection, charts, signal) =>
      source === 'alerts'
        ? deps.alertsSearch.aggregate({ request, username, signal }, { ...selection, charts })
        : statesUnavailable(),
    scope: async (apiHostId) => {
      const scope = await deps.scope.resolve(request, apiHostId);
      return {
        ...(scope.agentIds && { agentIds: scope.agentIds }),
        ...(scope.hideManagerAlerts && { hideManagerAlerts: true }),
      };
    },
  };
}
