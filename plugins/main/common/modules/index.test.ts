// Every module's definition is a valid request of the alerts contract: known, aggregatable fields,
// unique chart ids per request, small bounded charts; and the helpers the views derive from them.
import type { AlertsChartRequest, AlertsFilter } from '../alerts/api';
import { knownPattern } from '../known-fields';
import {
  MODULES,
  MODULE_CATEGORIES,
  clickFilters,
  dashboardCharts,
  kpiValue,
  moduleById,
  moduleCountsChart,
  modulesByCategory,
} from './index';
import { agentSecurityEvents } from './security-events';
import type { AlertsViewDefinition, DashboardSource } from './types';
import { VULNERABILITY_STATES_FIELDS } from './vulnerability-states';

const alertFields = new Map(
  (knownPattern('svc-alerts-*')?.fields ?? []).map((field) => [field.name, field]),
);
const stateFields = new Set(VULNERABILITY_STATES_FIELDS.map((field) => field.name));

/** Most buckets one dashboard or report chart may ask for (its sizes multiplied). */
const PANEL_BUCKETS = 500;
/** The Framework and Controls tabs list a whole catalogue, one level (or two small ones) deep. */
const CATALOGUE_BUCKETS = 1000;

function fieldProblem(
  source: DashboardSource,
  field: string,
  aggregated: boolean,
): string | undefined {
  if (source === 'vulnerability-states')
    return stateFields.has(field) ? undefined : `unknown states field ${field}`;
  const known = alertFields.get(field);
  if (!known) return `unknown alert field ${field}`;
  if (aggregated && !known.aggregatable) return `${field} cannot be aggregated`;
  return undefined;
}

function filterProblems(source: DashboardSource, filters: AlertsFilter[]): string[] {
  return filters.flatMap((filter) => fieldProblem(source, filter.field, false) ?? []);
}

function chartProblems(
  source: DashboardSource,
  chart: AlertsChartRequest,
  maxBuckets: number,
): string[] {
  const problems: string[] = [];
  const split = chart.type === 'terms' || chart.type === 'date_histogram' ? chart.split : undefined;
  if (chart.type === 'terms') {
    problems.push(...[fieldProblem(source, chart.field, true) ?? []].flat());
    if (!Number.isInteger(chart.size) || chart.size < 1) problems.push(`${chart.id}: bad size`);
    if (chart.size * (split?.size ?? 1) > maxBuckets)
      problems.push(`${chart.id}: too many buckets`);
  }
  if (chart.type === 'date_histogram' && source !== 'alerts')
    problems.push(`${chart.id}: no time field`);
  if (split) {
    problems.push(...[fieldProblem(source, split.field, true) ?? []].flat());
    if (!Number.isInteger(split.size) || split.size < 1)
      problems.push(`${chart.id}: bad split size`);
  }
  if (chart.type === 'filters')
    for (const [key, selection] of Object.entries(chart.filters)) {
      if (!key) problems.push(`${chart.id}: blank key`);
      if (Array.isArray(selection)) problems.push(...filterProblems(source, selection));
    }
  if (chart.type === 'range')
    problems.push(...[fieldProblem(source, chart.field, true) ?? []].flat());
  return problems;
}

function uniqueIds(charts: AlertsChartRequest[]): string[] {
  const ids = charts.map((chart) => chart.id);
  return ids
    .filter((id, index) => ids.indexOf(id) !== index)
    .map((id) => `duplicate chart id ${id}`);
}

function viewProblems(view: AlertsViewDefinition): string[] {
  const source = view.dashboard.source;
  const problems = [...filterProblems('alerts', view.fixedFilters)];
  for (const pinned of [false, true]) {
    const charts = dashboardCharts(view, pinned);
    problems.push(...uniqueIds(charts));
    for (const chart of charts) problems.push(...chartProblems(source, chart, PANEL_BUCKETS));
  }
  for (const kpi of view.dashboard.kpis) {
    const { chart } = kpi;
    const single =
      chart.type === 'count' ||
      (chart.type === 'filters' && Object.keys(chart.filters).length === 1) ||
      (chart.type === 'range' && chart.ranges.length === 1);
    if (!single) problems.push(`KPI ${kpi.title} is not one figure`);
  }
  for (const panel of [...view.dashboard.panels, ...view.dashboard.agentPanels])
    if (panel.kind === 'table') {
      const split = panel.chart.type === 'terms' && panel.chart.split ? 1 : 0;
      if (panel.chart.type !== 'terms' || panel.columns?.length !== 2 + split)
        problems.push(`table ${panel.title} needs a header per column`);
    }
  const tables = view.summaryTables.map((table) => table.chart);
  problems.push(...uniqueIds(tables));
  for (const table of view.summaryTables) {
    problems.push(...chartProblems(source, table.chart, PANEL_BUCKETS));
    if (table.columns.length !== 2 + (table.chart.split ? 1 : 0))
      problems.push(`summary ${table.title} needs a header per column`);
  }
  return problems;
}

describe('module definitions', () => {
  it.each(MODULES.map((module) => [module.id, module] as const))(
    '%s asks only valid, bounded charts',
    (_id, module) => {
      expect(viewProblems(module)).toEqual([]);
      expect(
        module.columns.map((column) => fieldProblem('alerts', column, false)).filter(Boolean),
      ).toEqual([]);
      if (module.controls)
        expect(chartProblems('alerts', module.controls.chart, CATALOGUE_BUCKETS)).toEqual([]);
      if (module.framework) {
        expect(chartProblems('alerts', module.framework.tactics, CATALOGUE_BUCKETS)).toEqual([]);
        expect(chartProblems('alerts', module.framework.techniques, CATALOGUE_BUCKETS)).toEqual([]);
      }
    },
  );

  it("the agent's Security events ask only valid, bounded charts", () => {
    expect(viewProblems(agentSecurityEvents)).toEqual([]);
  });

  it('the checks catch an unknown field, a text field, a duplicate id and an unbounded chart', () => {
    const broken: AlertsViewDefinition = {
      ...agentSecurityEvents,
      dashboard: {
        source: 'alerts',
        kpis: [{ title: 'x', chart: { id: 'a', type: 'count' } }],
        panels: [
          { title: 'p', kind: 'pie', chart: { id: 'a', type: 'terms', field: 'no.such', size: 5 } },
          {
            title: 'q',
            kind: 'pie',
            chart: { id: 'b', type: 'terms', field: 'full_log', size: 5 },
          },
          {
            title: 'r',
            kind: 'bar',
            chart: {
              id: 'c',
              type: 'terms',
              field: 'agent.name',
              size: 1000,
              split: { field: 'rule.id', size: 20 },
            },
          },
        ],
        agentPanels: [],
      },
      summaryTables: [],
    };
    expect(viewProblems(broken)).toEqual(
      expect.arrayContaining([
        'duplicate chart id a',
        'unknown alert field no.such',
        'full_log cannot be aggregated',
        'c: too many buckets',
      ]),
    );
  });

  it('has the sixteen modules in four categories, with unique ids and orders', () => {
    expect(MODULES).toHaveLength(16);
    expect(new Set(MODULES.map((module) => module.id)).size).toBe(16);
    expect(
      modulesByCategory().map(({ category, modules }) => [
        category.title,
        modules.map((m) => m.title),
      ]),
    ).toEqual([
      [
        'Endpoint security',
        ['Configuration Assessment', 'Malware Detection', 'File Integrity Monitoring'],
      ],
      ['Threat intelligence', ['Threat Hunting', 'Vulnerability Detection', 'MITRE ATT&CK']],
      ['Security operations', ['PCI DSS', 'GDPR', 'HIPAA', 'NIST 800-53', 'TSC']],
      ['Cloud security', ['Docker', 'Amazon Web Services', 'Google Cloud', 'GitHub', 'Office 365']],
    ]);
    expect(MODULE_CATEGORIES.map((category) => category.order)).toEqual([200, 300, 400, 500]);
    expect(moduleById('mitre-attack')?.title).toBe('MITRE ATT&CK');
    expect(moduleById('../etc')).toBeUndefined();
  });

  it("counts every module's alerts in one filters chart keyed by module", () => {
    const chart = moduleCountsChart();
    expect(chart.type).toBe('filters');
    if (chart.type !== 'filters') return;
    expect(Object.keys(chart.filters)).toEqual(MODULES.map((module) => module.id));
    expect(chart.filters['file-integrity-monitoring']).toEqual([
      { type: 'is', field: 'rule.groups', value: 'syscheck' },
    ]);
    expect(chart.filters['threat-hunting']).toEqual([]);
  });

  it('reads a KPI from a count or a one-bucket chart', () => {
    expect(kpiValue({ type: 'count', count: 42 })).toBe(42);
    expect(kpiValue({ type: 'filters', buckets: [{ key: 'k', label: 'k', count: 7 }] })).toBe(7);
    expect(kpiValue({ type: 'filters', buckets: [] })).toBe(0);
    expect(kpiValue(undefined)).toBeUndefined();
  });

  it("filters on a clicked bucket's value and its split's", () => {
    const chart: AlertsChartRequest = {
      id: 'c',
      type: 'terms',
      field: 'rule.mitre.technique',
      size: 5,
      split: { field: 'rule.mitre.tactic', size: 5 },
    };
    expect(
      clickFilters(
        chart,
        { key: 'Brute Force', label: 'Brute Force', count: 3 },
        { key: 'Credential Access', label: '', count: 2 },
      ),
    ).toEqual([
      { type: 'is', field: 'rule.mitre.technique', value: 'Brute Force' },
      { type: 'is', field: 'rule.mitre.tactic', value: 'Credential Access' },
    ]);
    const overTime: AlertsChartRequest = {
      id: 't',
      type: 'date_histogram',
      split: { field: 'agent.name', size: 5 },
    };
    expect(
      clickFilters(
        overTime,
        { key: 0, label: '', count: 1 },
        { key: 'web01', label: 'web01', count: 1 },
      ),
    ).toEqual([{ type: 'is', field: 'agent.name', value: 'web01' }]);
    const kpi = moduleById('threat-hunting')!.dashboard.kpis[1].chart;
    expect(clickFilters(kpi, { key: 'th-level-12', label: '', count: 1 })).toEqual([
      { type: 'between', field: 'rule.level', gte: 12 },
    ]);
  });
});
