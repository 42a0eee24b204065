/**
 * A module's Dashboard tab: its KPIs and panels (the pinned-agent set when an agent is pinned),
 * every one from a single aggregate request of the module's selection; a click on a bar or a slice
 * adds its filter.
 */
import { EuiSpacer } from '@elastic/eui';
import { useCallback, useMemo } from 'react';
import type { AlertsFilter, AlertsSelection } from '../../../common/alerts/api';
import { dashboardCharts, dashboardPanels, kpiValue } from '../../../common/modules';
import type { AlertsViewDefinition } from '../../../common/modules/types';
import { DashboardPanels } from '../../components/alerts/dashboard-panels';
import { KpiRow } from '../../components/alerts/kpi-row';
import { useAlertsClient } from '../../components/alerts/use-alerts-client';
import { useAsync } from '../../hooks/use-async';
import { AlertsProblem } from '../../components/alerts/alerts-problem';
import { SampleDataNotice } from '../../components/alerts/indexer-callout';

const SHOWN_IN_PLACE = { shownInPlace: true };

export function ModuleDashboard({
  view,
  selection,
  onFilters,
  refreshKey,
}: {
  view: AlertsViewDefinition;
  selection: AlertsSelection;
  onFilters(filters: AlertsFilter[]): void;
  /** Changes when the user asks to refresh. */
  refreshKey: number;
}) {
  const alerts = useAlertsClient();
  const pinned = selection.agentId !== undefined;
  const charts = useMemo(() => dashboardCharts(view, pinned), [view, pinned]);
  const load = useCallback(
    (signal: AbortSignal) =>
      // Vulnerability detection counts the vulnerability states: what is vulnerable now.
      alerts.aggregate({ ...selection, dataset: view.dashboard.source, charts }, signal),
    // refreshKey asks for the same charts again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [alerts, selection, charts, view, refreshKey],
  );
  const { state, reload } = useAsync(
    load,
    `Counting the ${view.title} alerts`,
    undefined,
    SHOWN_IN_PLACE,
  );
  const answer = state.data;
  const kpis = view.dashboard.kpis.map((kpi) => ({
    id: kpi.chart.id,
    label: kpi.title,
    value: answer ? kpiValue(answer.charts[kpi.chart.id]) : undefined,
    color: kpi.color ?? 'primary',
  }));
  return (
    <div data-test-subj="moduleDashboard">
      {state.error && (
        <>
          <AlertsProblem error={state.error} onRetry={reload} />
          <EuiSpacer size="m" />
        </>
      )}
      {answer?.includesSampleData && (
        <>
          <SampleDataNotice />
          <EuiSpacer size="m" />
        </>
      )}
      <KpiRow kpis={kpis} isLoading={state.status === 'loading'} />
      <EuiSpacer size="m" />
      <DashboardPanels
        panels={dashboardPanels(view, pinned)}
        answer={answer}
        onFilters={onFilters}
      />
    </div>
  );
}
