// GDPR's definition against the original's facts (alerts-facts §1c): alerts where rule.gdpr exists.
import { gdpr } from './gdpr';

describe('GDPR module', () => {
  it('selects the alerts mapped to a requirement and shows it in Events', () => {
    expect(gdpr.fixedFilters).toEqual([{ type: 'exists', field: 'rule.gdpr' }]);
    expect(gdpr).toMatchObject({ category: 'security-operations', order: 402, title: 'GDPR' });
    expect(gdpr.columns).toEqual([
      'timestamp',
      'agent.name',
      'rule.gdpr',
      'rule.description',
      'rule.level',
      'rule.id',
    ]);
    expect(gdpr.tabs.map((tab) => tab.id)).toEqual(['dashboard', 'controls', 'events']);
  });

  it('charts requirements over time, by agent and by rule', () => {
    const charts = gdpr.dashboard.panels.map((panel) => panel.chart);
    expect(charts).toContainEqual(
      expect.objectContaining({ type: 'date_histogram', split: { field: 'rule.gdpr', size: 10 } }),
    );
    expect(charts).toContainEqual(
      expect.objectContaining({ field: 'agent.name', split: { field: 'rule.gdpr', size: 5 } }),
    );
    expect(JSON.stringify(gdpr.dashboard.agentPanels)).not.toContain('agent.name');
  });

  it('lists each requirement with its top rules in Controls and in the report', () => {
    expect(gdpr.controls).toMatchObject({
      field: 'rule.gdpr',
      chart: { type: 'terms', field: 'rule.gdpr', split: { field: 'rule.description' } },
    });
    expect(gdpr.summaryTables[0].chart).toMatchObject({
      field: 'rule.gdpr',
      split: { field: 'rule.description' },
    });
  });
});
