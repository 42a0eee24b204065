// Amazon Web Services's definition against the original's facts (alerts-facts §1c): rule.groups is amazon.
import { amazonWebServices } from './amazon-web-services';

describe('Amazon Web Services module', () => {
  it("selects the integration's alerts", () => {
    expect(amazonWebServices.fixedFilters).toEqual([
      { type: 'is', field: 'rule.groups', value: 'amazon' },
    ]);
    expect(amazonWebServices).toMatchObject({
      category: 'cloud-security',
      order: 501,
      title: 'Amazon Web Services',
    });
    expect(amazonWebServices.columns[0]).toBe('timestamp');
    expect(amazonWebServices.columns).toEqual(
      expect.arrayContaining(['rule.description', 'rule.level', 'rule.id']),
    );
  });

  it('has a dashboard with and without a pinned agent and a report table', () => {
    expect(amazonWebServices.dashboard.panels.length).toBeGreaterThanOrEqual(4);
    expect(amazonWebServices.dashboard.agentPanels.length).toBeGreaterThanOrEqual(4);
    expect(amazonWebServices.summaryTables.length).toBeGreaterThan(0);
  });
});

it('charts sources, accounts, buckets and regions as the original does', () => {
  const fields = amazonWebServices.dashboard.panels.map((panel) =>
    panel.chart.type === 'terms' ? panel.chart.field : undefined,
  );
  expect(fields).toEqual(
    expect.arrayContaining([
      'data.aws.source',
      'data.aws.accountId',
      'data.aws.log_info.s3bucket',
      'data.aws.region',
    ]),
  );
});
