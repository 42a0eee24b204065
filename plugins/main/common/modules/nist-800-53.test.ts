// NIST 800-53's definition against the original's facts (alerts-facts §1c): alerts where rule.nist_800_53 exists.
import { nist80053 } from './nist-800-53';

describe('NIST 800-53 module', () => {
  it('selects the alerts mapped to a requirement and shows it in Events', () => {
    expect(nist80053.fixedFilters).toEqual([{ type: 'exists', field: 'rule.nist_800_53' }]);
    expect(nist80053).toMatchObject({
      category: 'security-operations',
      order: 404,
      title: 'NIST 800-53',
    });
    expect(nist80053.columns).toEqual([
      'timestamp',
      'agent.name',
      'rule.nist_800_53',
      'rule.description',
      'rule.level',
      'rule.id',
    ]);
    expect(nist80053.tabs.map((tab) => tab.id)).toEqual(['dashboard', 'controls', 'events']);
  });

  it('charts requirements over time, by agent and by rule', () => {
    const charts = nist80053.dashboard.panels.map((panel) => panel.chart);
    expect(charts).toContainEqual(
      expect.objectContaining({
        type: 'date_histogram',
        split: { field: 'rule.nist_800_53', size: 10 },
      }),
    );
    expect(charts).toContainEqual(
      expect.objectContaining({
        field: 'agent.name',
        split: { field: 'rule.nist_800_53', size: 5 },
      }),
    );
    expect(JSON.stringify(nist80053.dashboard.agentPanels)).not.toContain('agent.name');
  });

  it('lists each requirement with its top rules in Controls and in the report', () => {
    expect(nist80053.controls).toMatchObject({
      field: 'rule.nist_800_53',
      chart: { type: 'terms', field: 'rule.nist_800_53', split: { field: 'rule.description' } },
    });
    expect(nist80053.summaryTables[0].chart).toMatchObject({
      field: 'rule.nist_800_53',
      split: { field: 'rule.description' },
    });
  });
});
