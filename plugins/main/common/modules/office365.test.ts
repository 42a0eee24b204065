// Office 365's definition against the original's facts (alerts-facts §1c): rule.groups is office365.
import { office365 } from './office365';

describe('Office 365 module', () => {
  it("selects the integration's alerts", () => {
    expect(office365.fixedFilters).toEqual([
      { type: 'is', field: 'rule.groups', value: 'office365' },
    ]);
    expect(office365).toMatchObject({
      category: 'cloud-security',
      order: 504,
      title: 'Office 365',
    });
    expect(office365.columns[0]).toBe('timestamp');
    expect(office365.columns).toEqual(
      expect.arrayContaining(['rule.description', 'rule.level', 'rule.id']),
    );
  });

  it('has a dashboard with and without a pinned agent and a report table', () => {
    expect(office365.dashboard.panels.length).toBeGreaterThanOrEqual(4);
    expect(office365.dashboard.agentPanels.length).toBeGreaterThanOrEqual(4);
    expect(office365.summaryTables.length).toBeGreaterThan(0);
  });
});

it('counts suspicious downloads and full access permissions by their rules', () => {
  expect(office365.dashboard.kpis.map((kpi) => kpi.title)).toEqual([
    'Total',
    'Suspicious downloads',
    'Full access permissions',
  ]);
  expect(office365.dashboard.kpis[1].chart).toMatchObject({
    filters: { 'office-downloads': [{ field: 'rule.id', value: '91724' }] },
  });
});
