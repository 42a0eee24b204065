/**
 * Where a module page lives: `/app/svc-modules/<moduleId>` with its tab, pinned agent, range and
 * filters in the query, so the Overview's cards, an agent's view and a copied link open the same page.
 */
import type { CoreStart } from '@host/public/types';
import type { AlertsFilter, AlertsTimeRange } from '../../../common/alerts/api';
import type { ModuleTabId } from '../../../common/modules/types';
import { alertsViewSearch } from '../../components/alerts/state/alerts-view-state';
import { HOST_URL_PARAM } from '../../components/selected-host';
import type { SvcAppId } from '../app-metadata';

export const MODULES_APP_ID: SvcAppId = 'svc-modules';
const THREAT_HUNTING_APP_ID: SvcAppId = 'svc-threat-hunting';

/** The URL parameter of the pinned agent (the original's agent view calls it `agent` too). */
export const AGENT_URL_PARAM = 'agent';
export const TAB_URL_PARAM = 'tab';

export interface ModuleLink {
  moduleId: string;
  apiHostId: string;
  tab?: ModuleTabId;
  agentId?: string;
  timeRange?: AlertsTimeRange;
  filters?: AlertsFilter[];
}

/** The app path and query of a module page. */
export function modulePath(link: ModuleLink): string {
  const extra: Record<string, string> = { [HOST_URL_PARAM]: link.apiHostId };
  if (link.tab && link.tab !== 'dashboard') extra[TAB_URL_PARAM] = link.tab;
  if (link.agentId) extra[AGENT_URL_PARAM] = link.agentId;
  const search = alertsViewSearch(
    {
      ...(link.timeRange && { timeRange: link.timeRange }),
      ...(link.filters && { filters: link.filters }),
    },
    extra,
  );
  return `/${encodeURIComponent(link.moduleId)}${search}`;
}

/**
 * Threat Hunting is a module of the Overview's cards with an app of its own: its card and its links
 * open that app; every other module opens in the modules app.
 */
export function moduleUrl(application: CoreStart['application'], link: ModuleLink): string {
  if (link.moduleId === 'threat-hunting') {
    const path = modulePath(link).replace(/^\/threat-hunting/, '');
    return application.getUrlForApp(THREAT_HUNTING_APP_ID, { path });
  }
  return application.getUrlForApp(MODULES_APP_ID, { path: modulePath(link) });
}

/** The module id of the app's path (`/file-integrity-monitoring`), or undefined for the index. */
export function moduleIdOfPath(pathname: string): string | undefined {
  const match = /^\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : undefined;
}

/** Agent ids as the managed API writes them (`001`); anything else in the URL is ignored. */
export function readAgentParam(value: string | null): string | undefined {
  return value && /^\d{3,8}$/.test(value) ? value : undefined;
}
