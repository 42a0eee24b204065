/**
 * Every security module, by category, and what the views and the report derive from a definition:
 * the charts of one dashboard request, the Overview's counts request, a KPI's figure and the filter
 * a click on a bar or a slice adds.
 */
import type {
  AlertsBucket,
  AlertsChartRequest,
  AlertsChartResult,
  AlertsFilter,
} from '../alerts/api';
import { amazonWebServices } from './amazon-web-services';
import { configurationAssessment } from './configuration-assessment';
import { docker } from './docker';
import { fileIntegrityMonitoring } from './file-integrity-monitoring';
import { gdpr } from './gdpr';
import { github } from './github';
import { googleCloud } from './google-cloud';
import { hipaa } from './hipaa';
import { malwareDetection } from './malware-detection';
import { mitreAttack } from './mitre-attack';
import { nist80053 } from './nist-800-53';
import { office365 } from './office365';
import { pciDss } from './pci-dss';
import { threatHunting } from './threat-hunting';
import { tsc } from './tsc';
import type { AlertsViewDefinition, ModuleCategory, ModuleDefinition, ModulePanel } from './types';
import { vulnerabilityDetection } from './vulnerability-detection';

export const MODULE_CATEGORIES: readonly ModuleCategory[] = [
  { id: 'endpoint-security', title: 'Endpoint security', order: 200 },
  { id: 'threat-intelligence', title: 'Threat intelligence', order: 300 },
  { id: 'security-operations', title: 'Security operations', order: 400 },
  { id: 'cloud-security', title: 'Cloud security', order: 500 },
];

/** Every module, in Overview order (category, then module). */
export const MODULES: readonly ModuleDefinition[] = [
  configurationAssessment,
  malwareDetection,
  fileIntegrityMonitoring,
  threatHunting,
  vulnerabilityDetection,
  mitreAttack,
  pciDss,
  gdpr,
  hipaa,
  nist80053,
  tsc,
  docker,
  amazonWebServices,
  googleCloud,
  github,
  office365,
];

const BY_ID = new Map(MODULES.map((module) => [module.id, module]));

export function moduleById(id: string): ModuleDefinition | undefined {
  return BY_ID.get(id);
}

/** The modules of each category, in order, for the Overview's cards. */
export function modulesByCategory(): Array<{
  category: ModuleCategory;
  modules: ModuleDefinition[];
}> {
  return MODULE_CATEGORIES.map((category) => ({
    category,
    modules: MODULES.filter((module) => module.category === category.id).sort(
      (a, b) => a.order - b.order,
    ),
  }));
}

/** The panels a view shows with or without a pinned agent. */
export function dashboardPanels(view: AlertsViewDefinition, agentPinned: boolean): ModulePanel[] {
  return agentPinned ? view.dashboard.agentPanels : view.dashboard.panels;
}

/** Every chart of a dashboard (KPIs then panels), sent together in one aggregate request. */
export function dashboardCharts(
  view: AlertsViewDefinition,
  agentPinned: boolean,
): AlertsChartRequest[] {
  return [
    ...view.dashboard.kpis.map((kpi) => kpi.chart),
    ...dashboardPanels(view, agentPinned).map((panel) => panel.chart),
  ];
}

/** The id of the Overview's module counts chart. */
export const MODULE_COUNTS_CHART_ID = 'module-counts';

/**
 * The Overview's alert count of every module over one range, as one `filters` chart: a bucket per
 * module, keyed by its id, selecting what its Events tab selects.
 */
export function moduleCountsChart(
  modules: readonly ModuleDefinition[] = MODULES,
): AlertsChartRequest {
  return {
    id: MODULE_COUNTS_CHART_ID,
    type: 'filters',
    filters: Object.fromEntries(modules.map((module) => [module.id, module.fixedFilters])),
  };
}

/** A KPI's figure from its chart's answer: the count, or the count of the chart's only bucket. */
export function kpiValue(result: AlertsChartResult | undefined): number | undefined {
  if (!result) return undefined;
  if (result.type === 'count') return result.count;
  return result.buckets[0]?.count ?? 0;
}

/**
 * The filter a click on a bucket adds: the field's value (and the split's, for a split bucket); a
 * `filters` bucket adds its own filters. A time bucket adds none (the time picker narrows time).
 */
export function clickFilters(
  chart: AlertsChartRequest,
  bucket: AlertsBucket,
  splitBucket?: AlertsBucket,
): AlertsFilter[] {
  const filters: AlertsFilter[] = [];
  if (chart.type === 'terms') filters.push({ type: 'is', field: chart.field, value: bucket.key });
  if (chart.type === 'filters') {
    const selection = chart.filters[String(bucket.key)];
    if (Array.isArray(selection)) filters.push(...selection);
  }
  if (splitBucket && (chart.type === 'terms' || chart.type === 'date_histogram') && chart.split)
    filters.push({ type: 'is', field: chart.split.field, value: splitBucket.key });
  return filters;
}
