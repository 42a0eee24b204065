// The modules' catalogue and the helpers the views derive from the definitions. That each
// definition is a request the server accepts is tested through the server's own chart planner
// (server/services/alerts/search/view-definitions.test.ts).
import type { AlertsChartRequest } from '../alerts/api';
import {
  MODULES,
  MODULE_CATEGORIES,
  clickFilters,
  kpiValue,
  moduleById,
  moduleCountsChart,
  modulesByCategory,
} from './index';

describe('module definitions', () => {
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
