/** Google Cloud: alerts of the Google Cloud Pub/Sub and storage integration. */
import {
  eventColumns,
  is,
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

const GCP_PROJECT = 'data.gcp.resource.labels.project_id';
const GCP_RESOURCE = 'data.gcp.resource.type';

const gcpPanels = [
  panel(
    'Events over time by auth answer',
    'area',
    overTime('gcp-auth-over-time', ['data.gcp.jsonPayload.authAnswer', 5]),
  ),
  panel(
    'Resource type by project id',
    'horizontal_bar',
    terms('gcp-project-resources', GCP_PROJECT, 5, [GCP_RESOURCE, 5]),
  ),
  panel('Top resource types', 'pie', terms('gcp-resources', GCP_RESOURCE, 5)),
  tablePanel('Top queries', terms('gcp-queries', 'data.gcp.jsonPayload.queryName', 10), [
    'Query',
    'Alerts',
  ]),
];

export const googleCloud: ModuleDefinition = {
  id: 'google-cloud',
  title: 'Google Cloud',
  description: 'Security events of Google Cloud services read from Pub/Sub and storage buckets.',
  category: 'cloud-security',
  order: 502,
  fixedFilters: [is('rule.groups', 'gcp')],
  columns: eventColumns(GCP_RESOURCE, GCP_PROJECT),
  tabs: tabs('dashboard', 'events'),
  dashboard: {
    source: 'alerts',
    kpis: [totalKpi('gcp-total')],
    panels: [...gcpPanels, panel('Top 5 agents', 'pie', terms('gcp-agents', 'agent.name', 5))],
    agentPanels: [
      ...gcpPanels,
      panel('Rule levels', 'donut', terms('gcp-levels', 'rule.level', 5)),
    ],
  },
  summaryTables: [
    summary(
      'Resource types by project',
      terms('gcp-project-top', GCP_PROJECT, 10, [GCP_RESOURCE, 3]),
      ['Project', 'Resource type', 'Alerts'],
    ),
    topRulesTable('gcp'),
  ],
};
