// Threat Hunting's definition against the original's facts (alerts-facts §1c, §2a, §3a).
import { threatHunting } from './threat-hunting';

const chartsByTitle = (panels: typeof threatHunting.dashboard.panels) =>
  Object.fromEntries(
    panels.map((panel) => [panel.title, { kind: panel.kind, chart: panel.chart }]),
  );

describe('Threat Hunting module', () => {
  it('selects every alert and lists the default Events columns', () => {
    expect(threatHunting.fixedFilters).toEqual([]);
    expect(threatHunting.columns).toEqual([
      'timestamp',
      'agent.name',
      'rule.description',
      'rule.level',
      'rule.id',
    ]);
    expect(threatHunting.category).toBe('threat-intelligence');
  });

  it('has the KPI row: total, level 12 or above, authentication failure and success', () => {
    const [total, level12, failure, success] = threatHunting.dashboard.kpis;
    expect(total.chart.type).toBe('count');
    expect(level12.title).toBe('Level 12 or above alerts');
    expect(level12.chart).toMatchObject({
      type: 'filters',
      filters: { 'th-level-12': [{ type: 'between', field: 'rule.level', gte: 12 }] },
    });
    expect(failure.chart).toMatchObject({
      filters: {
        'th-auth-failure': [
          {
            type: 'is_one_of',
            field: 'rule.groups',
            values: [
              'win_authentication_failed',
              'authentication_failed',
              'authentication_failures',
            ],
          },
        ],
      },
    });
    expect(success.chart).toMatchObject({
      filters: { 'th-auth-success': [{ field: 'rule.groups', value: 'authentication_success' }] },
    });
  });

  it('shows levels, techniques and agents without a pinned agent', () => {
    expect(chartsByTitle(threatHunting.dashboard.panels)).toMatchObject({
      'Top 10 alert level evolution': {
        kind: 'area',
        chart: { type: 'date_histogram', split: { field: 'rule.level', size: 10 } },
      },
      'Top 10 MITRE ATT&CK techniques': {
        kind: 'pie',
        chart: { type: 'terms', field: 'rule.mitre.technique', size: 10 },
      },
      'Top 5 agents': { kind: 'pie', chart: { field: 'agent.name', size: 5 } },
      'Alerts evolution - Top 5 agents': {
        kind: 'bar',
        chart: { type: 'date_histogram', split: { field: 'agent.name', size: 5 } },
      },
    });
  });

  it("shows the agent's groups, levels, rules and PCI DSS requirements when one is pinned", () => {
    const panels = chartsByTitle(threatHunting.dashboard.agentPanels);
    expect(Object.keys(panels)).toEqual([
      'Top 10 alert groups evolution',
      'Alerts',
      'Top 5 alerts',
      'Top 5 rule groups',
      'Top 5 PCI DSS requirements',
    ]);
    expect(panels['Top 5 PCI DSS requirements'].chart).toMatchObject({
      field: 'rule.pci_dss',
      size: 5,
    });
    expect(JSON.stringify(threatHunting.dashboard.agentPanels)).not.toContain('agent.name');
  });
});
