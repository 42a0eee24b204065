/**
 * Threat Hunting: every alert of the selected host's manager in a time range, searched and filtered
 * (all in the URL), with KPIs, the events histogram, four charts, the events table and CSV export.
 * The first view costs the indexer two requests: the page with its histogram, and one aggregate of
 * every KPI and chart.
 */
import { EuiSpacer } from '@elastic/eui';
import type { ApiHost } from '../../../common/api-hosts';
import { threatHunting } from '../../../common/modules/threat-hunting';
import { useAlertsView } from '../../components/alerts/state/use-alerts-view';
import { AlertsDashboard } from '../../components/alerts/view/alerts-dashboard';
import { AlertsViewEvents, AlertsViewPage } from '../../components/alerts/view/alerts-view-page';
import { DASHBOARD_CHARTS, DASHBOARD_PANELS } from './dashboard';

const LAYOUT_STORAGE_KEY = 'svc:threat-hunting:table';

export function ThreatHunting({ host }: { host: ApiHost }) {
  const view = useAlertsView({
    apiHostId: host.id,
    charts: DASHBOARD_CHARTS,
    events: true,
    context: 'Counting alerts',
  });
  return (
    <AlertsViewPage view={view}>
      <AlertsDashboard view={view} kpis={threatHunting.dashboard.kpis} panels={DASHBOARD_PANELS} />
      <EuiSpacer size="m" />
      <AlertsViewEvents
        view={view}
        columns={threatHunting.columns}
        layoutKey={LAYOUT_STORAGE_KEY}
      />
    </AlertsViewPage>
  );
}
