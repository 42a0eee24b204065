/** Office 365: alerts of the Microsoft 365 audit logs. */
import {
  is,
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

const OFFICE = 'data.office365';

const officePanels = [
  panel(
    'Events by severity over time',
    'area',
    overTime('office-levels-over-time', ['rule.level', 5]),
  ),
  panel(
    'IP address by users',
    'horizontal_bar',
    terms('office-ip-users', `${OFFICE}.ClientIP`, 5, [`${OFFICE}.UserId`, 5]),
  ),
  panel(
    'Top users by subscription',
    'bar',
    terms('office-user-subscriptions', `${OFFICE}.UserId`, 5, [`${OFFICE}.Subscription`, 5]),
  ),
  tablePanel(
    'Operations by result',
    terms('office-operation-results', `${OFFICE}.Operation`, 10, [`${OFFICE}.ResultStatus`, 3]),
    ['Operation', 'Result', 'Alerts'],
  ),
  panel('Top workloads', 'pie', terms('office-workloads', `${OFFICE}.Workload`, 5)),
];

export const office365: ModuleDefinition = {
  id: 'office365',
  title: 'Office 365',
  description: 'Audit events of Microsoft 365: sign-ins, mailbox and file access, administration.',
  category: 'cloud-security',
  order: 504,
  fixedFilters: [is('rule.groups', 'office365')],
  columns: [
    'timestamp',
    `${OFFICE}.Subscription`,
    `${OFFICE}.Operation`,
    `${OFFICE}.UserId`,
    `${OFFICE}.ClientIP`,
    'rule.description',
    'rule.level',
    'rule.id',
  ],
  tabs: tabs('dashboard', 'events'),
  dashboard: {
    source: 'alerts',
    kpis: [
      totalKpi('office-total'),
      matchingKpi('office-downloads', 'Suspicious downloads', [is('rule.id', '91724')], 'danger'),
      matchingKpi(
        'office-full-access',
        'Full access permissions',
        [is('rule.id', '91725')],
        'warning',
      ),
    ],
    panels: officePanels,
    agentPanels: officePanels,
  },
  summaryTables: [
    summary(
      'Operations by user',
      terms('office-user-operations', `${OFFICE}.UserId`, 10, [`${OFFICE}.Operation`, 3]),
      ['User', 'Operation', 'Alerts'],
    ),
    topRulesTable('office'),
  ],
};
