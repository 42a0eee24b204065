/** GitHub: alerts of the GitHub organizations' audit logs. */
import {
  eventColumns,
  is,
  overTime,
  panel,
  summary,
  tabs,
  terms,
  topRulesTable,
  totalKpi,
} from './builders';
import type { ModuleDefinition } from './types';

const GITHUB_ORG = 'data.github.org';

const githubPanels = [
  panel(
    'Alerts evolution by organization',
    'area',
    overTime('github-orgs-over-time', [GITHUB_ORG, 5]),
  ),
  panel('Top 5 organizations by alerts', 'pie', terms('github-orgs', GITHUB_ORG, 5)),
  panel(
    'Top alerts by action type and organization',
    'bar',
    terms('github-org-actions', GITHUB_ORG, 5, ['data.github.action', 3]),
  ),
  panel(
    'Users with more alerts',
    'bar',
    terms('github-org-actors', GITHUB_ORG, 5, ['data.github.actor', 5]),
  ),
  panel('Top 5 repositories', 'pie', terms('github-repos', 'data.github.repo', 5)),
];

export const github: ModuleDefinition = {
  id: 'github',
  title: 'GitHub',
  description:
    'Audit log events of GitHub organizations: members, repositories, settings and access.',
  category: 'cloud-security',
  order: 503,
  fixedFilters: [is('rule.groups', 'github')],
  columns: eventColumns(GITHUB_ORG, 'data.github.repo', 'data.github.actor', 'data.github.action'),
  tabs: tabs('dashboard', 'events'),
  dashboard: {
    source: 'alerts',
    kpis: [totalKpi('github-total')],
    panels: githubPanels,
    agentPanels: [
      ...githubPanels,
      panel('Rule levels', 'donut', terms('github-levels', 'rule.level', 5)),
    ],
  },
  summaryTables: [
    summary(
      'Actions by user',
      terms('github-actor-actions', 'data.github.actor', 10, ['data.github.action', 3]),
      ['User', 'Action', 'Alerts'],
    ),
    topRulesTable('github'),
  ],
};
