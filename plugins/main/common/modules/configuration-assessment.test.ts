// Configuration assessment's definition against the original's facts (alerts-facts §1c).
import { configurationAssessment as sca } from './configuration-assessment';

describe('Configuration assessment module', () => {
  it('selects SCA alerts, with its inventory tab', () => {
    expect(sca.fixedFilters).toEqual([{ type: 'is', field: 'rule.groups', value: 'sca' }]);
    expect(sca.tabs.map((tab) => tab.id)).toEqual(['dashboard', 'inventory', 'events']);
    expect(sca).toMatchObject({ category: 'endpoint-security', order: 200 });
    expect(sca.columns).toEqual(
      expect.arrayContaining(['data.sca.check.title', 'data.sca.check.result']),
    );
  });

  it('counts passed, failed and not applicable checks', () => {
    expect(sca.dashboard.kpis.map((kpi) => kpi.title)).toEqual([
      'Total',
      'Passed',
      'Failed',
      'Not applicable',
    ]);
    expect(sca.dashboard.kpis[2].chart).toMatchObject({
      filters: { 'sca-failed': [{ type: 'is', field: 'data.sca.check.result', value: 'failed' }] },
    });
  });

  it('charts results over time and the top checks, by agent only without a pinned agent', () => {
    expect(sca.dashboard.panels[0].chart).toMatchObject({
      type: 'date_histogram',
      split: { field: 'data.sca.check.result' },
    });
    expect(JSON.stringify(sca.dashboard.panels)).toContain('agent.name');
    expect(JSON.stringify(sca.dashboard.agentPanels)).not.toContain('agent.name');
  });
});
