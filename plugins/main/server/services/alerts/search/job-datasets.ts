/**
 * The datasets of the statistics and monitoring jobs in aggregate requests: their index pattern, the
 * fields their charts and filters may name, and their query. Their documents carry the API host
 * they came from (`apiName`), which pins them as the manager pin pins alerts; the monitoring
 * documents are agents, limited to the user's agents like alerts are.
 */
import {
  ANALYSISD_COUNTS,
  ANALYSISD_QUEUES,
  REMOTED_FIELDS,
  MONITORING_INDEX_PATTERN,
  STATISTICS_INDEX_PATTERN,
} from '@main/common/indexer-jobs';
import type { AlertsField } from '@main/common/alerts/api';
import type { AlertsScope } from '../scope';
import { AlertFieldCatalogue } from './alert-fields';
import type { QueryClause } from './query-dsl';
import { timeRangeClause, type SelectionClauses } from './selection-query';
import type { ResolvedTimeRange } from './time-range';

export type JobDataset = 'statistics' | 'monitoring';

const ANALYSISD_NUMBERS = [
  ...ANALYSISD_COUNTS,
  ...ANALYSISD_QUEUES.flatMap((queue) => [`${queue}_queue_usage`, `${queue}_queue_size`]),
];
const field = (name: string, type: AlertsField['type'], esType: string): AlertsField => ({
  name,
  type,
  esType,
  searchable: true,
  aggregatable: true,
});
const keywords = (names: string[]) => names.map((name) => field(name, 'string', 'keyword'));
const numbers = (prefix: string, names: string[]) =>
  names.map((name) => field(`${prefix}.${name}`, 'number', 'long'));

const CATALOGUES: Record<JobDataset, AlertFieldCatalogue> = {
  statistics: new AlertFieldCatalogue([
    field('timestamp', 'date', 'date'),
    ...keywords(['apiName', 'nodeName', 'cluster']),
    ...numbers('remoted', REMOTED_FIELDS),
    ...numbers('analysisd', ANALYSISD_NUMBERS),
  ]),
  monitoring: new AlertFieldCatalogue([
    field('timestamp', 'date', 'date'),
    ...keywords([
      'apiName',
      'id',
      'name',
      'ip',
      'status',
      'version',
      'node_name',
      'group',
      'host',
      'os.name',
      'os.platform',
      'os.version',
      'cluster.name',
      'manager.name',
    ]),
  ]),
};

export const JOB_DATASET_PATTERNS: Record<JobDataset, string> = {
  statistics: STATISTICS_INDEX_PATTERN,
  monitoring: MONITORING_INDEX_PATTERN,
};

export function jobDatasetFields(dataset: JobDataset): AlertFieldCatalogue {
  return CATALOGUES[dataset];
}

/** The documents of one API host in the range, with the selection's filters, inside the user's scope. */
export function jobDatasetQuery(
  dataset: JobDataset,
  apiHostId: string,
  range: ResolvedTimeRange,
  clauses: SelectionClauses,
  scope: AlertsScope,
): QueryClause {
  const filter: QueryClause[] = [timeRangeClause(range), { term: { apiName: apiHostId } }];
  if (dataset === 'monitoring' && scope.agentIds) filter.push({ terms: { id: scope.agentIds } });
  return { bool: { filter: [...filter, ...clauses.filter], must_not: clauses.mustNot } };
}
