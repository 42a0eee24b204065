/**
 * Threat Hunting's figures and charts, from its module definition (common/modules/threat-hunting):
 * the KPI row and four panels, asked for in one aggregate request (the events histogram comes with
 * the page).
 */
import type { AlertsAggregateResponse, AlertsChartRequest } from '../../../common/alerts/api';
import { dashboardCharts, dashboardPanels, kpiValue } from '../../../common/modules';
import { threatHunting } from '../../../common/modules/threat-hunting';
import type { Kpi } from '../../components/alerts/kpi-row';

export const DEFAULT_COLUMNS = threatHunting.columns;

/** Every KPI and panel chart, in one request. */
export const DASHBOARD_CHARTS: AlertsChartRequest[] = dashboardCharts(threatHunting, false);

export const DASHBOARD_PANELS = dashboardPanels(threatHunting, false);

export function dashboardKpis(answer: AlertsAggregateResponse | undefined): Kpi[] {
  return threatHunting.dashboard.kpis.map((kpi) => ({
    id: kpi.chart.id,
    label: kpi.title,
    value: answer ? kpiValue(answer.charts[kpi.chart.id]) : undefined,
    color: kpi.color ?? 'primary',
  }));
}
