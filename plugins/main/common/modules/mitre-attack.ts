/** MITRE ATT&CK: alerts whose rule names an ATT&CK technique, by tactic and technique. */
import {
  eventColumns,
  exists,
  overTime,
  panel,
  summary,
  tabs,
  terms,
  topRulesTable,
  totalKpi,
} from './builders';
import type { ModuleDefinition } from './types';

const TECHNIQUE = 'rule.mitre.technique';
const TACTIC = 'rule.mitre.tactic';

export const mitreAttack: ModuleDefinition = {
  id: 'mitre-attack',
  title: 'MITRE ATT&CK',
  description: 'Alerts mapped to the tactics and techniques of the MITRE ATT&CK framework.',
  category: 'threat-intelligence',
  order: 302,
  fixedFilters: [exists('rule.mitre.id')],
  columns: eventColumns('rule.mitre.id', 'rule.mitre.tactic'),
  tabs: tabs('dashboard', 'framework', 'events'),
  dashboard: {
    source: 'alerts',
    kpis: [totalKpi('mitre-total')],
    panels: [
      panel(
        'Alerts evolution over time',
        'line',
        overTime('mitre-techniques-over-time', [TECHNIQUE, 5]),
      ),
      panel('Top tactics', 'pie', terms('mitre-tactics', TACTIC, 10)),
      panel(
        'Attacks by technique',
        'bar',
        terms('mitre-technique-tactics', TECHNIQUE, 5, [TACTIC, 5]),
      ),
      panel(
        'Top tactics by agent',
        'area',
        terms('mitre-tactic-agents', TACTIC, 5, ['agent.name', 5]),
      ),
      panel(
        'MITRE techniques by agent',
        'bar',
        terms('mitre-agent-techniques', 'agent.name', 5, [TECHNIQUE, 5]),
      ),
    ],
    agentPanels: [
      panel(
        'Alerts evolution over time',
        'line',
        overTime('mitre-techniques-over-time', [TECHNIQUE, 5]),
      ),
      panel('Top tactics', 'pie', terms('mitre-tactics', TACTIC, 10)),
      panel(
        'Rule level by attack',
        'bar',
        terms('mitre-technique-levels', TECHNIQUE, 5, ['rule.level', 5]),
      ),
      panel(
        'MITRE attacks by tactic',
        'bar',
        terms('mitre-technique-tactics', TECHNIQUE, 5, [TACTIC, 5]),
      ),
      panel(
        'Rule level by tactic',
        'bar',
        terms('mitre-tactic-levels', TACTIC, 5, ['rule.level', 5]),
      ),
    ],
  },
  framework: {
    // Counts for the whole catalogue's tactics (14) and techniques (hundreds), one level each.
    tactics: terms('mitre-framework-tactics', TACTIC, 50),
    techniques: terms('mitre-framework-techniques', 'rule.mitre.id', 1000),
  },
  summaryTables: [
    summary(
      'Top techniques by tactic',
      terms('mitre-tactic-techniques', TACTIC, 14, [TECHNIQUE, 5]),
      ['Tactic', 'Technique', 'Alerts'],
    ),
    topRulesTable('mitre'),
  ],
};
