/**
 * Threat Hunting's figures and charts, from its module definition (common/modules/threat-hunting):
 * the KPI row and four panels, plus the events histogram, asked for in one aggregate request.
 */
import type { AlertsAggregateResponse, AlertsChartRequest } from '../../../common/alerts/api';
import { dashboardCharts, dashboardPanels, kpiValue } from '../../../common/modules';
import { threatHunting } from '../../../common/modules/threat-hunting';
import type { Kpi } from '../../components/alerts/kpi-row';

export const HISTOGRAM_CHART: AlertsChartRequest = {
  id: 'events-histogram',
  type: 'date_histogram',
};

export const DEFAULT_COLUMNS = threatHunting.columns;

/** Every chart of the first view, in one request. */
export const DASHBOARD_CHARTS: AlertsChartRequest[] = [
  HISTOGRAM_CHART,
  ...dashboardCharts(threatHunting, false),
];

export const DASHBOARD_PANELS = dashboardPanels(threatHunting, false);

export function dashboardKpis(answer: AlertsAggregateResponse | undefined): Kpi[] {
  return threatHunting.dashboard.kpis.map((kpi) => ({
    id: kpi.chart.id,
    label: kpi.title,
    value: answer ? kpiValue(answer.charts[kpi.chart.id]) : undefined,
    color: kpi.color ?? 'primary',
  }));
}
