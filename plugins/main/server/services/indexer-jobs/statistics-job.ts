/**
 * The statistics job, as the original's cron scheduler runs it: remoted's and analysisd's figures of
 * each API host's manager, or of each node of its cluster, one document each into the week's
 * `wazuh-statistics-*` index, all in one bulk request.
 */
import {
  STATISTICS_INDEX_PREFIX,
  type IndexerJobRun,
  type StatisticsDaemon,
  type StatisticsDocument,
} from '../../../common/indexer-jobs';
import { readItems } from '../alerts/scope/managed-api-reads';
import { eachHost, reason, runIndexerJob, type IndexerJobDeps } from './indexer-job';
import { STATISTICS_TEMPLATE } from './templates';
import { weeklyIndexName } from './weekly-index';

const DAEMONS: StatisticsDaemon[] = ['remoted', 'analysisd'];

async function daemonFigures(
  deps: IndexerJobDeps,
  apiHostId: string,
  path: string,
): Promise<Record<string, number>> {
  const { items } = await readItems<Record<string, number>>(
    deps.requester,
    apiHostId,
    path,
    'its statistics',
  );
  if (!items[0]) throw new Error(`${path} gave no statistics.`);
  return items[0];
}

/** The host's documents; a node that does not answer is told in `errors` and skipped. */
async function hostDocuments(
  deps: IndexerJobDeps,
  apiHostId: string,
  timestamp: string,
  errors: string[],
): Promise<StatisticsDocument[]> {
  const pin = await deps.managerPin(apiHostId);
  const read = async (daemon: StatisticsDaemon, nodeName?: string) => {
    const path = nodeName
      ? `/cluster/${encodeURIComponent(nodeName)}/stats/${daemon}`
      : `/manager/stats/${daemon}`;
    const figures = await daemonFigures(deps, apiHostId, path);
    const document: StatisticsDocument = {
      apiName: apiHostId,
      ...(nodeName !== undefined && { nodeName }),
      cluster: nodeName === undefined ? 'false' : 'true',
      [daemon]: figures,
      timestamp,
    };
    return document;
  };
  if (pin.field !== 'cluster.name') return Promise.all(DAEMONS.map((daemon) => read(daemon)));
  const { items } = await readItems<{ name?: unknown }>(
    deps.requester,
    apiHostId,
    '/cluster/nodes?select=name',
    'its cluster nodes',
  );
  const nodes = items.flatMap((item) => (typeof item.name === 'string' ? [item.name] : []));
  const reads = nodes.flatMap((node) => DAEMONS.map((daemon) => ({ node, daemon })));
  const settled = await Promise.allSettled(reads.map(({ node, daemon }) => read(daemon, node)));
  return settled.flatMap((outcome, at) => {
    if (outcome.status === 'fulfilled') return [outcome.value];
    errors.push(
      `API host [${apiHostId}] node [${reads[at].node}] ${reads[at].daemon}: ${reason(outcome.reason)}`,
    );
    return [];
  });
}

export function runStatisticsJob(deps: IndexerJobDeps): Promise<IndexerJobRun> {
  return runIndexerJob('statistics', deps, STATISTICS_TEMPLATE, async (batches, at, errors) => {
    const index = weeklyIndexName(STATISTICS_INDEX_PREFIX, at);
    const timestamp = at.toISOString();
    const perHost = await eachHost(deps, errors, (apiHostId) =>
      hostDocuments(deps, apiHostId, timestamp, errors),
    );
    for (const document of perHost.flat()) await batches.add(index, document);
  });
}
