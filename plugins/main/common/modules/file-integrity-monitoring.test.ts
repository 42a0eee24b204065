// File integrity monitoring's definition against the original's facts (alerts-facts §1c, §2a, §3b, §7).
import { fileIntegrityMonitoring as fim } from './file-integrity-monitoring';

const byTitle = (panels: typeof fim.dashboard.panels) =>
  Object.fromEntries(
    panels.map((panel) => [panel.title, { kind: panel.kind, chart: panel.chart }]),
  );

describe('File integrity monitoring module', () => {
  it('selects syscheck alerts and shows the path and action columns', () => {
    expect(fim.fixedFilters).toEqual([{ type: 'is', field: 'rule.groups', value: 'syscheck' }]);
    expect(fim.columns).toEqual([
      'timestamp',
      'agent.name',
      'syscheck.path',
      'syscheck.event',
      'rule.description',
      'rule.level',
      'rule.id',
    ]);
    expect(fim.tabs.map((tab) => tab.id)).toEqual(['dashboard', 'inventory', 'events']);
    expect(fim).toMatchObject({ category: 'endpoint-security', order: 202 });
  });

  it('charts actions over time, top agents, rules, actions and users', () => {
    expect(byTitle(fim.dashboard.panels)).toEqual({
      'Alerts by action over time': {
        kind: 'area',
        chart: expect.objectContaining({
          type: 'date_histogram',
          split: { field: 'syscheck.event', size: 5 },
        }),
      },
      'Top 5 agents': {
        kind: 'pie',
        chart: expect.objectContaining({ field: 'agent.name', size: 5 }),
      },
      'Events summary': { kind: 'line', chart: { id: 'fim-over-time', type: 'date_histogram' } },
      'Rule distribution': {
        kind: 'pie',
        chart: expect.objectContaining({ field: 'rule.description', size: 5 }),
      },
      Actions: {
        kind: 'pie',
        chart: expect.objectContaining({ field: 'syscheck.event', size: 5 }),
      },
      'Top 5 users': {
        kind: 'table',
        chart: expect.objectContaining({
          field: 'syscheck.uname_after',
          size: 5,
          split: { field: 'agent.name', size: 5 },
        }),
      },
    });
  });

  it("shows the agent's users, actions and files when an agent is pinned", () => {
    const panels = byTitle(fim.dashboard.agentPanels);
    expect(panels['Most active users'].chart).toMatchObject({
      field: 'syscheck.uname_after',
      size: 5,
    });
    expect(panels.Events).toMatchObject({ kind: 'line', chart: { type: 'date_histogram' } });
    expect(panels['Files by action'].chart).toMatchObject({
      field: 'syscheck.path',
      split: { field: 'syscheck.event' },
    });
  });

  it('reports the agents with most changes, bounded', () => {
    const table = fim.summaryTables.find((summary) => summary.title === 'Agents with most changes');
    expect(table?.chart).toMatchObject({
      field: 'agent.name',
      size: 10,
      split: { field: 'syscheck.event', size: 4 },
    });
  });
});
