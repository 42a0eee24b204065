/**
 * The reports' data source on the dashboard's alerts search service and managed API: the same
 * checks, manager pin and agent visibility as the alerts routes, and the agent as the managed API
 * shows it, for the user who asked for the report.
 */
import type { OsdRequest } from '@host/server/types';
import type { ApiHostRequester } from '../managed-api/api-host-requester';
import type { AlertsScopeResolver } from '../alerts/scope';
import { readItems } from '../alerts/scope/managed-api-reads';
import type { AlertsSearchService } from '../alerts/search';
import type { ReportAgent } from './report-content';
import type { ReportDataSource } from './reports-service';

export interface AlertsReportDataDeps {
  alertsSearch: AlertsSearchService;
  scope: AlertsScopeResolver;
  /** The managed API as the user behind `request` (run_as where the host allows it). */
  apiAsUser: (request: OsdRequest) => ApiHostRequester;
}

interface AgentItem {
  id?: string;
  name?: string;
  ip?: string;
  version?: string;
  manager?: string;
  os?: { name?: string; version?: string };
  dateAdd?: string;
  lastKeepAlive?: string;
  status?: string;
}

const AGENT_FIELDS = 'id,name,ip,version,manager,os.name,os.version,dateAdd,lastKeepAlive,status';

async function readAgent(
  api: ApiHostRequester,
  apiHostId: string,
  agentId: string,
): Promise<ReportAgent | undefined> {
  const { items } = await readItems<AgentItem>(
    api,
    apiHostId,
    `/agents?agents_list=${encodeURIComponent(agentId)}&select=${AGENT_FIELDS}`,
    `agent ${agentId}`,
  );
  const item = items.find((agent) => agent.id === agentId);
  if (!item) return undefined;
  const os = [item.os?.name, item.os?.version].filter(Boolean).join(' ');
  return {
    id: agentId,
    ...(item.name && { name: item.name }),
    ...(item.ip && { ip: item.ip }),
    ...(item.version && { version: item.version }),
    ...(item.manager && { manager: item.manager }),
    ...(os && { os }),
    ...(item.dateAdd && { registered: item.dateAdd }),
    ...(item.lastKeepAlive && { lastKeepAlive: item.lastKeepAlive }),
    ...(item.status && { status: item.status }),
  };
}

/** A data source reading as the user behind `request` (kept for the job's life, read-only). */
export function alertsReportDataSource(
  deps: AlertsReportDataDeps,
  request: OsdRequest,
  username: string,
): ReportDataSource {
  return {
    aggregate: (selection, charts, signal) =>
      deps.alertsSearch.aggregate({ request, username, signal }, { ...selection, charts }),
    scope: async (apiHostId) => {
      const scope = await deps.scope.resolve(request, apiHostId);
      return {
        ...(scope.agentIds && { agentIds: scope.agentIds }),
        ...(scope.hideManagerAlerts && { hideManagerAlerts: true }),
      };
    },
    agent: (apiHostId, agentId) => readAgent(deps.apiAsUser(request), apiHostId, agentId),
  };
}
