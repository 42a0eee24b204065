// PCI DSS's definition against the original's facts (alerts-facts §1c): alerts where rule.pci_dss exists.
import { pciDss } from './pci-dss';

describe('PCI DSS module', () => {
  it('selects the alerts mapped to a requirement and shows it in Events', () => {
    expect(pciDss.fixedFilters).toEqual([{ type: 'exists', field: 'rule.pci_dss' }]);
    expect(pciDss).toMatchObject({ category: 'security-operations', order: 401, title: 'PCI DSS' });
    expect(pciDss.columns).toEqual([
      'timestamp',
      'agent.name',
      'rule.pci_dss',
      'rule.description',
      'rule.level',
      'rule.id',
    ]);
    expect(pciDss.tabs.map((tab) => tab.id)).toEqual(['dashboard', 'controls', 'events']);
  });

  it('charts requirements over time, by agent and by rule', () => {
    const charts = pciDss.dashboard.panels.map((panel) => panel.chart);
    expect(charts).toContainEqual(
      expect.objectContaining({
        type: 'date_histogram',
        split: { field: 'rule.pci_dss', size: 10 },
      }),
    );
    expect(charts).toContainEqual(
      expect.objectContaining({ field: 'agent.name', split: { field: 'rule.pci_dss', size: 5 } }),
    );
    expect(JSON.stringify(pciDss.dashboard.agentPanels)).not.toContain('agent.name');
  });

  it('lists each requirement with its top rules in Controls and in the report', () => {
    expect(pciDss.controls).toMatchObject({
      field: 'rule.pci_dss',
      chart: { type: 'terms', field: 'rule.pci_dss', split: { field: 'rule.description' } },
    });
    expect(pciDss.summaryTables[0].chart).toMatchObject({
      field: 'rule.pci_dss',
      split: { field: 'rule.description' },
    });
  });
});
