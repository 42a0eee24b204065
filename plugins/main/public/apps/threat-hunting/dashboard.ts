/**
 * Threat Hunting's figures and charts, from its module definition (common/modules/threat-hunting):
 * the KPI row and four panels, asked for in one aggregate request (the events histogram comes with
 * the page).
 */
import type { AlertsChartRequest } from '../../../common/alerts/api';
import { dashboardCharts, dashboardPanels } from '../../../common/modules';
import { threatHunting } from '../../../common/modules/threat-hunting';

/** Every KPI and panel chart, in one request. */
export const DASHBOARD_CHARTS: AlertsChartRequest[] = dashboardCharts(threatHunting, false);

export const DASHBOARD_PANELS = dashboardPanels(threatHunting, false);
