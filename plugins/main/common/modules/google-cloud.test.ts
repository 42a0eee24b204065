// Google Cloud's definition against the original's facts (alerts-facts §1c): rule.groups is gcp.
import { googleCloud } from './google-cloud';

describe('Google Cloud module', () => {
  it("selects the integration's alerts", () => {
    expect(googleCloud.fixedFilters).toEqual([{ type: 'is', field: 'rule.groups', value: 'gcp' }]);
    expect(googleCloud).toMatchObject({
      category: 'cloud-security',
      order: 502,
      title: 'Google Cloud',
    });
    expect(googleCloud.columns[0]).toBe('timestamp');
    expect(googleCloud.columns).toEqual(
      expect.arrayContaining(['rule.description', 'rule.level', 'rule.id']),
    );
  });

  it('has a dashboard with and without a pinned agent and a report table', () => {
    expect(googleCloud.dashboard.panels.length).toBeGreaterThanOrEqual(4);
    expect(googleCloud.dashboard.agentPanels.length).toBeGreaterThanOrEqual(4);
    expect(googleCloud.summaryTables.length).toBeGreaterThan(0);
  });
});

it('charts auth answers over time and resource types by project', () => {
  const charts = googleCloud.dashboard.panels.map((panel) => panel.chart);
  expect(charts).toContainEqual(
    expect.objectContaining({
      type: 'date_histogram',
      split: { field: 'data.gcp.jsonPayload.authAnswer', size: 5 },
    }),
  );
  expect(charts).toContainEqual(
    expect.objectContaining({
      field: 'data.gcp.resource.labels.project_id',
      split: { field: 'data.gcp.resource.type', size: 5 },
    }),
  );
});
