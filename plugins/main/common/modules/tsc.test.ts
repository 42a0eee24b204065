// TSC's definition against the original's facts (alerts-facts §1c): alerts where rule.tsc exists.
import { tsc } from './tsc';

describe('TSC module', () => {
  it('selects the alerts mapped to a requirement and shows it in Events', () => {
    expect(tsc.fixedFilters).toEqual([{ type: 'exists', field: 'rule.tsc' }]);
    expect(tsc).toMatchObject({ category: 'security-operations', order: 405, title: 'TSC' });
    expect(tsc.columns).toEqual([
      'timestamp',
      'agent.name',
      'rule.tsc',
      'rule.description',
      'rule.level',
      'rule.id',
    ]);
    expect(tsc.tabs.map((tab) => tab.id)).toEqual(['dashboard', 'controls', 'events']);
  });

  it('charts requirements over time, by agent and by rule', () => {
    const charts = tsc.dashboard.panels.map((panel) => panel.chart);
    expect(charts).toContainEqual(
      expect.objectContaining({ type: 'date_histogram', split: { field: 'rule.tsc', size: 10 } }),
    );
    expect(charts).toContainEqual(
      expect.objectContaining({ field: 'agent.name', split: { field: 'rule.tsc', size: 5 } }),
    );
    expect(JSON.stringify(tsc.dashboard.agentPanels)).not.toContain('agent.name');
  });

  it('lists each requirement with its top rules in Controls and in the report', () => {
    expect(tsc.controls).toMatchObject({
      field: 'rule.tsc',
      chart: { type: 'terms', field: 'rule.tsc', split: { field: 'rule.description' } },
    });
    expect(tsc.summaryTables[0].chart).toMatchObject({
      field: 'rule.tsc',
      split: { field: 'rule.description' },
    });
  });
});
