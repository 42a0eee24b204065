// GitHub's definition against the original's facts (alerts-facts §1c): rule.groups is github.
import { github } from './github';

describe('GitHub module', () => {
  it("selects the integration's alerts", () => {
    expect(github.fixedFilters).toEqual([{ type: 'is', field: 'rule.groups', value: 'github' }]);
    expect(github).toMatchObject({ category: 'cloud-security', order: 503, title: 'GitHub' });
    expect(github.columns[0]).toBe('timestamp');
    expect(github.columns).toEqual(
      expect.arrayContaining(['rule.description', 'rule.level', 'rule.id']),
    );
  });

  it('has a dashboard with and without a pinned agent and a report table', () => {
    expect(github.dashboard.panels.length).toBeGreaterThanOrEqual(4);
    expect(github.dashboard.agentPanels.length).toBeGreaterThanOrEqual(4);
    expect(github.summaryTables.length).toBeGreaterThan(0);
  });
});

it('charts alerts by organization, action and user', () => {
  const charts = github.dashboard.panels.map((panel) => panel.chart);
  expect(charts).toContainEqual(
    expect.objectContaining({
      field: 'data.github.org',
      split: { field: 'data.github.action', size: 3 },
    }),
  );
  expect(charts).toContainEqual(
    expect.objectContaining({
      field: 'data.github.org',
      split: { field: 'data.github.actor', size: 5 },
    }),
  );
});
