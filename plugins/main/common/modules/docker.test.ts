// Docker's definition against the original's facts (alerts-facts §1c): rule.groups is docker.
import { docker } from './docker';

describe('Docker module', () => {
  it("selects the integration's alerts", () => {
    expect(docker.fixedFilters).toEqual([{ type: 'is', field: 'rule.groups', value: 'docker' }]);
    expect(docker).toMatchObject({ category: 'cloud-security', order: 500, title: 'Docker' });
    expect(docker.columns[0]).toBe('timestamp');
    expect(docker.columns).toEqual(
      expect.arrayContaining(['rule.description', 'rule.level', 'rule.id']),
    );
  });

  it('has a dashboard with and without a pinned agent and a report table', () => {
    expect(docker.dashboard.panels.length).toBeGreaterThanOrEqual(4);
    expect(docker.dashboard.agentPanels.length).toBeGreaterThanOrEqual(4);
    expect(docker.summaryTables.length).toBeGreaterThan(0);
  });
});

it('charts the top images and events as the original does', () => {
  const titles = Object.fromEntries(
    docker.dashboard.panels.map((panel) => [panel.title, panel.chart]),
  );
  expect(titles['Top 5 images']).toMatchObject({
    field: 'data.docker.Actor.Attributes.image',
    size: 5,
  });
  expect(titles['Top 5 events']).toMatchObject({ field: 'data.docker.Action', size: 5 });
  expect(titles['Events by source over time']).toMatchObject({
    split: { field: 'data.docker.Type' },
  });
});
