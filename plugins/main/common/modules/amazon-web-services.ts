/** Amazon Web Services: alerts of the AWS integration (CloudTrail, GuardDuty, VPC flow logs, S3...). */
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

const AWS_SOURCE = 'data.aws.source';
const AWS_BUCKET = 'data.aws.log_info.s3bucket';

const awsPanels = [
  panel('Sources', 'pie', terms('aws-sources', AWS_SOURCE, 5)),
  panel('Accounts', 'pie', terms('aws-accounts', 'data.aws.accountId', 5)),
  panel('Buckets', 'pie', terms('aws-buckets', AWS_BUCKET, 5)),
  panel('Regions', 'pie', terms('aws-regions', 'data.aws.region', 5)),
  panel('Events by source over time', 'area', overTime('aws-sources-over-time', [AWS_SOURCE, 5])),
  panel(
    'Events by S3 bucket over time',
    'area',
    overTime('aws-buckets-over-time', [AWS_BUCKET, 5]),
  ),
];

export const amazonWebServices: ModuleDefinition = {
  id: 'amazon-web-services',
  title: 'Amazon Web Services',
  description:
    'Security events of AWS services (CloudTrail, GuardDuty, VPC flow logs, S3 and more).',
  category: 'cloud-security',
  order: 501,
  fixedFilters: [is('rule.groups', 'amazon')],
  columns: eventColumns(AWS_SOURCE, 'data.aws.region'),
  tabs: tabs('dashboard', 'events'),
  dashboard: {
    source: 'alerts',
    kpis: [totalKpi('aws-total')],
    panels: awsPanels,
    // The integration runs on one agent (or the manager): a pinned agent sees the same breakdowns
    // plus the levels of what it collected.
    agentPanels: [
      ...awsPanels,
      panel('Rule levels', 'donut', terms('aws-levels', 'rule.level', 5)),
    ],
  },
  summaryTables: [
    summary(
      'Events by source and region',
      terms('aws-source-regions', AWS_SOURCE, 10, ['data.aws.region', 3]),
      ['Source', 'Region', 'Alerts'],
    ),
    topRulesTable('aws'),
  ],
};
