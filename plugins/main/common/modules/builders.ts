/** Short builders for the module definitions' chart requests, filters, tabs and tables. */
import type { AlertsChartRequest, AlertsFilter } from '../alerts/api';
import type {
  ModuleKpi,
  ModulePanel,
  ModuleTab,
  ModuleTabId,
  PanelKind,
  SummaryTable,
} from './types';

type TermsChart = Extract<AlertsChartRequest, { type: 'terms' }>;
type Split = [field: string, size: number];

export function terms(id: string, field: string, size: number, split?: Split): TermsChart {
  return split
    ? { id, type: 'terms', field, size, split: { field: split[0], size: split[1] } }
    : { id, type: 'terms', field, size };
}

/** Counts over the time range (`timestamp`, automatic interval), optionally split by a field. */
export function overTime(id: string, split?: Split): AlertsChartRequest {
  return split
    ? { id, type: 'date_histogram', split: { field: split[0], size: split[1] } }
    : { id, type: 'date_histogram' };
}

/** A KPI: the number of alerts of the selection. */
export function totalKpi(id: string, title = 'Total'): ModuleKpi {
  return { title, chart: { id, type: 'count' } };
}

/** A KPI: the number of alerts of the selection that also match `filters`. */
export function matchingKpi(
  id: string,
  title: string,
  filters: AlertsFilter[],
  color?: ModuleKpi['color'],
): ModuleKpi {
  return {
    title,
    chart: { id, type: 'filters', filters: { [id]: filters } },
    ...(color && { color }),
  };
}

export function panel(title: string, kind: PanelKind, chart: AlertsChartRequest): ModulePanel {
  return { title, kind, chart };
}

export function tablePanel(title: string, chart: TermsChart, columns: string[]): ModulePanel {
  return { title, kind: 'table', chart, columns };
}

export function summary(title: string, chart: TermsChart, columns: string[]): SummaryTable {
  return { title, chart, columns };
}

export const is = (field: string, value: string | number | boolean): AlertsFilter => ({
  type: 'is',
  field,
  value,
});

export const isOneOf = (field: string, values: string[]): AlertsFilter => ({
  type: 'is_one_of',
  field,
  values,
});

export const exists = (field: string): AlertsFilter => ({ type: 'exists', field });

export const atLeast = (field: string, gte: number): AlertsFilter => ({
  type: 'between',
  field,
  gte,
});

const TAB_TITLES: Record<ModuleTabId, string> = {
  dashboard: 'Dashboard',
  events: 'Events',
  inventory: 'Inventory',
  framework: 'Framework',
  controls: 'Controls',
};

export function tabs(...ids: ModuleTabId[]): ModuleTab[] {
  return ids.map((id) => ({ id, title: TAB_TITLES[id] }));
}

/** The Events table's columns every module starts from (Threat Hunting's). */
export const EVENT_COLUMNS = [
  'timestamp',
  'agent.name',
  'rule.description',
  'rule.level',
  'rule.id',
];

/** Columns of a module that shows its own fields between the agent and the rule. */
export function eventColumns(...fields: string[]): string[] {
  return ['timestamp', 'agent.name', ...fields, 'rule.description', 'rule.level', 'rule.id'];
}

/**
 * The report's "top rules by level": the most frequent rules with their levels. A rule has one
 * level, so two level buckets are enough to show it (and a rule whose level was overwritten).
 */
export function topRulesTable(prefix: string): SummaryTable {
  return summary(
    'Top rules by level',
    terms(`${prefix}-top-rules`, 'rule.description', 15, ['rule.level', 2]),
    ['Rule', 'Level', 'Alerts'],
  );
}
