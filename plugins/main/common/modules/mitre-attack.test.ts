// MITRE ATT&CK's definition against the original's facts (alerts-facts §1c, §2a, §3c).
import { mitreAttack as mitre } from './mitre-attack';

const byTitle = (panels: typeof mitre.dashboard.panels) =>
  Object.fromEntries(
    panels.map((panel) => [panel.title, { kind: panel.kind, chart: panel.chart }]),
  );

describe('MITRE ATT&CK module', () => {
  it('selects alerts with a technique id and shows its id and tactic columns', () => {
    expect(mitre.fixedFilters).toEqual([{ type: 'exists', field: 'rule.mitre.id' }]);
    expect(mitre.columns).toEqual([
      'timestamp',
      'agent.name',
      'rule.mitre.id',
      'rule.mitre.tactic',
      'rule.description',
      'rule.level',
      'rule.id',
    ]);
    expect(mitre.tabs.map((tab) => tab.id)).toContain('framework');
  });

  it('charts evolution, tactics, attacks by technique and tactics by agent', () => {
    expect(byTitle(mitre.dashboard.panels)).toMatchObject({
      'Alerts evolution over time': {
        kind: 'line',
        chart: { type: 'date_histogram', split: { field: 'rule.mitre.technique', size: 5 } },
      },
      'Top tactics': { kind: 'pie', chart: { field: 'rule.mitre.tactic', size: 10 } },
      'Attacks by technique': {
        chart: {
          field: 'rule.mitre.technique',
          size: 5,
          split: { field: 'rule.mitre.tactic', size: 5 },
        },
      },
      'Top tactics by agent': {
        chart: { field: 'rule.mitre.tactic', size: 5, split: { field: 'agent.name', size: 5 } },
      },
    });
  });

  it('charts levels by attack and by tactic when an agent is pinned', () => {
    const panels = byTitle(mitre.dashboard.agentPanels);
    expect(panels['Rule level by attack'].chart).toMatchObject({
      field: 'rule.mitre.technique',
      split: { field: 'rule.level', size: 5 },
    });
    expect(panels['Rule level by tactic'].chart).toMatchObject({
      field: 'rule.mitre.tactic',
      split: { field: 'rule.level', size: 5 },
    });
    expect(JSON.stringify(mitre.dashboard.agentPanels)).not.toContain('agent.name');
  });

  it('counts alerts per tactic and per technique id for the Framework tab', () => {
    expect(mitre.framework?.tactics).toMatchObject({ type: 'terms', field: 'rule.mitre.tactic' });
    expect(mitre.framework?.techniques).toMatchObject({ type: 'terms', field: 'rule.mitre.id' });
  });
});
