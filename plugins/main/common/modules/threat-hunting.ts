/** Threat Hunting: every alert of the manager, with the dashboard the original leads its hunting with. */
import {
  EVENT_COLUMNS,
  atLeast,
  is,
  isOneOf,
  matchingKpi,
  overTime,
  panel,
  summary,
  tabs,
  terms,
  topRulesTable,
  totalKpi,
} from './builders';
import type { ModuleDefinition } from './types';

const AUTHENTICATION_FAILURE_GROUPS = [
  'win_authentication_failed',
  'authentication_failed',
  'authentication_failures',
];

export const threatHunting: ModuleDefinition = {
  id: 'threat-hunting',
  title: 'Threat Hunting',
  description: 'Browse, filter and chart every security alert of the selected manager.',
  category: 'threat-intelligence',
  order: 300,
  fixedFilters: [],
  columns: EVENT_COLUMNS,
  tabs: tabs('dashboard', 'events'),
  dashboard: {
    source: 'alerts',
    kpis: [
      totalKpi('th-total'),
      matchingKpi('th-level-12', 'Level 12 or above alerts', [atLeast('rule.level', 12)], 'danger'),
      matchingKpi(
        'th-auth-failure',
        'Authentication failure',
        [isOneOf('rule.groups', AUTHENTICATION_FAILURE_GROUPS)],
        'danger',
      ),
      matchingKpi(
        'th-auth-success',
        'Authentication success',
        [is('rule.groups', 'authentication_success')],
        'success',
      ),
    ],
    panels: [
      panel(
        'Top 10 alert level evolution',
        'area',
        overTime('th-levels-over-time', ['rule.level', 10]),
      ),
      panel(
        'Top 10 MITRE ATT&CK techniques',
        'pie',
        terms('th-techniques', 'rule.mitre.technique', 10),
      ),
      panel('Top 5 agents', 'pie', terms('th-agents', 'agent.name', 5)),
      panel(
        'Alerts evolution - Top 5 agents',
        'bar',
        overTime('th-agents-over-time', ['agent.name', 5]),
      ),
    ],
    agentPanels: [
      panel(
        'Top 10 alert groups evolution',
        'area',
        overTime('th-groups-over-time', ['rule.groups', 10]),
      ),
      panel('Alerts', 'area', overTime('th-levels-over-time', ['rule.level', 10])),
      panel('Top 5 alerts', 'pie', terms('th-rules', 'rule.description', 5)),
      panel('Top 5 rule groups', 'pie', terms('th-groups', 'rule.groups', 5)),
      panel('Top 5 PCI DSS requirements', 'pie', terms('th-pci', 'rule.pci_dss', 5)),
    ],
  },
  summaryTables: [
    topRulesTable('th'),
    summary(
      'Agents by alert level',
      terms('th-agent-levels', 'agent.name', 10, ['rule.level', 3]),
      ['Agent', 'Level', 'Alerts'],
    ),
  ],
};
