/**
 * A view's KPI row and panels, drawn from its definition and the view's one aggregate answer; a
 * click on a bar or a slice adds its filter.
 */
import { EuiSpacer } from '@elastic/eui';
import type { AlertsFilter } from '../../../../common/alerts/api';
import { kpiValue } from '../../../../common/modules';
import type { ModuleKpi, ModulePanel } from '../../../../common/modules/types';
import { DashboardPanels } from '../charts/dashboard-panels';
import { KpiRow } from '../charts/kpi-row';
import type { AlertsView } from '../state/use-alerts-view';

export function AlertsDashboard({
  view,
  kpis,
  panels,
  onFilters = view.addFilters,
}: {
  view: AlertsView;
  kpis: readonly ModuleKpi[];
  panels: ModulePanel[];
  /** What a click on a bar or a slice does with its filters; adds them by default. */
  onFilters?(filters: AlertsFilter[]): void;
}) {
  const answer = view.charts.data;
  return (
    <>
      <KpiRow
        kpis={kpis.map((kpi) => ({
          id: kpi.chart.id,
          label: kpi.title,
          value: answer ? kpiValue(answer.charts[kpi.chart.id]) : undefined,
          color: kpi.color ?? 'primary',
        }))}
        isLoading={view.charts.status === 'loading'}
      />
      <EuiSpacer size="m" />
      <DashboardPanels panels={panels} answer={answer} onFilters={onFilters} />
    </>
  );
}
