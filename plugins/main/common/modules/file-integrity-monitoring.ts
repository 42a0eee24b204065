/** File integrity monitoring: the alerts of syscheck, the agents' watch over their files. */
import {
  eventColumns,
  is,
  isOneOf,
  matchingKpi,
  overTime,
  panel,
  summary,
  tablePanel,
  tabs,
  terms,
  topRulesTable,
  totalKpi,
} from './builders';
import type { ModuleDefinition } from './types';

export const fileIntegrityMonitoring: ModuleDefinition = {
  id: 'file-integrity-monitoring',
  title: 'File Integrity Monitoring',
  description:
    'Files and registry keys added, modified or deleted on the agents, who changed them and when.',
  category: 'endpoint-security',
  order: 202,
  fixedFilters: [is('rule.groups', 'syscheck')],
  columns: eventColumns('syscheck.path', 'syscheck.event'),
  tabs: tabs('dashboard', 'inventory', 'events'),
  dashboard: {
    source: 'alerts',
    // The original has no KPI row here; the three actions' counts are what its pies are read for.
    kpis: [
      totalKpi('fim-total'),
      matchingKpi(
        'fim-added',
        'Added',
        [isOneOf('syscheck.event', ['added', 'readded'])],
        'success',
      ),
      matchingKpi('fim-modified', 'Modified', [is('syscheck.event', 'modified')], 'warning'),
      matchingKpi('fim-deleted', 'Deleted', [is('syscheck.event', 'deleted')], 'danger'),
    ],
    panels: [
      panel(
        'Alerts by action over time',
        'area',
        overTime('fim-actions-over-time', ['syscheck.event', 5]),
      ),
      panel('Top 5 agents', 'pie', terms('fim-agents', 'agent.name', 5)),
      panel('Events summary', 'line', overTime('fim-over-time')),
      panel('Rule distribution', 'pie', terms('fim-rules', 'rule.description', 5)),
      panel('Actions', 'pie', terms('fim-actions', 'syscheck.event', 5)),
      tablePanel('Top 5 users', terms('fim-users', 'syscheck.uname_after', 5, ['agent.name', 5]), [
        'User',
        'Agent',
        'Alerts',
      ]),
    ],
    agentPanels: [
      panel('Most active users', 'pie', terms('fim-users', 'syscheck.uname_after', 5)),
      panel('Actions', 'pie', terms('fim-actions', 'syscheck.event', 5)),
      panel('Events', 'line', overTime('fim-actions-over-time', ['syscheck.event', 5])),
      // One table of paths by action stands for the original's three pies (added, modified,
      // deleted), each of which needed a filter of its own.
      tablePanel(
        'Files by action',
        terms('fim-files', 'syscheck.path', 10, ['syscheck.event', 3]),
        ['File', 'Action', 'Alerts'],
      ),
    ],
  },
  summaryTables: [
    summary(
      'Agents with most changes',
      terms('fim-agent-changes', 'agent.name', 10, ['syscheck.event', 4]),
      ['Agent', 'Action', 'Alerts'],
    ),
    summary(
      'Most changed files',
      terms('fim-file-changes', 'syscheck.path', 10, ['syscheck.event', 3]),
      ['File', 'Action', 'Alerts'],
    ),
    topRulesTable('fim'),
  ],
};
