// HIPAA's definition against the original's facts (alerts-facts §1c): alerts where rule.hipaa exists.
import { hipaa } from './hipaa';

describe('HIPAA module', () => {
  it('selects the alerts mapped to a requirement and shows it in Events', () => {
    expect(hipaa.fixedFilters).toEqual([{ type: 'exists', field: 'rule.hipaa' }]);
    expect(hipaa).toMatchObject({ category: 'security-operations', order: 403, title: 'HIPAA' });
    expect(hipaa.columns).toEqual([
      'timestamp',
      'agent.name',
      'rule.hipaa',
      'rule.description',
      'rule.level',
      'rule.id',
    ]);
    expect(hipaa.tabs.map((tab) => tab.id)).toEqual(['dashboard', 'controls', 'events']);
  });

  it('charts requirements over time, by agent and by rule', () => {
    const charts = hipaa.dashboard.panels.map((panel) => panel.chart);
    expect(charts).toContainEqual(
      expect.objectContaining({ type: 'date_histogram', split: { field: 'rule.hipaa', size: 10 } }),
    );
    expect(charts).toContainEqual(
      expect.objectContaining({ field: 'agent.name', split: { field: 'rule.hipaa', size: 5 } }),
    );
    expect(JSON.stringify(hipaa.dashboard.agentPanels)).not.toContain('agent.name');
  });

  it('lists each requirement with its top rules in Controls and in the report', () => {
    expect(hipaa.controls).toMatchObject({
      field: 'rule.hipaa',
      chart: { type: 'terms', field: 'rule.hipaa', split: { field: 'rule.description' } },
    });
    expect(hipaa.summaryTables[0].chart).toMatchObject({
      field: 'rule.hipaa',
      split: { field: 'rule.description' },
    });
  });
});
