/** Links from the Overview into Threat Hunting on a selection of alerts. */
import type { CoreStart } from '@host/public/types';
import type { AlertsFilter, AlertsTimeRange } from '../../../common/alerts/api';
import { alertsViewSearch } from '../../components/alerts/state/alerts-view-state';
import { HOST_URL_PARAM } from '../../components/selected-host';
import type { SvcAppId } from '../app-metadata';

const THREAT_HUNTING_APP_ID: SvcAppId = 'svc-threat-hunting';

export interface ThreatHuntingView {
  apiHostId: string;
  timeRange: AlertsTimeRange;
  filters: AlertsFilter[];
}

/** Threat Hunting keeps its time range, query and filters in the URL, so a link opens that view. */
export function threatHuntingUrl(
  application: CoreStart['application'],
  view: ThreatHuntingView,
): string {
  const search = alertsViewSearch(
    { timeRange: view.timeRange, filters: view.filters },
    { [HOST_URL_PARAM]: view.apiHostId },
  );
  return application.getUrlForApp(THREAT_HUNTING_APP_ID, { path: search });
}
