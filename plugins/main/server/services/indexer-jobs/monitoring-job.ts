/**
 * The monitoring job, as the original's: every agent of each API host (its manager excluded) with
 * its status at this run, one document each into the week's `wazuh-monitoring-*` index. The agents
 * list is read page by page and each page goes into bulk requests of bounded size while the next
 * page is read, so a host with many agents never sits in memory whole.
 */
import { MONITORING_INDEX_PREFIX, type IndexerJobRun } from '../../../common/indexer-jobs';
import { readItems } from '../alerts/scope/managed-api-reads';
import type { ManagerPin } from '../alerts/scope/manager-pin';
import type { BulkBatches } from './bulk-batches';
import { isIndexerError } from '../alerts/indexer/errors';
import { reason, runIndexerJob, type IndexerJobDeps } from './indexer-job';
import { MONITORING_TEMPLATE } from './templates';
import { weeklyIndexName } from './weekly-index';

export interface MonitoringJobDeps extends IndexerJobDeps {
  /** Agents asked for in one page of `GET /agents`. */
  pageSize: number;
}

const AGENT_FIELDS = [
  'id',
  'name',
  'ip',
  'status',
  'version',
  'os.name',
  'os.platform',
  'os.version',
  'node_name',
  'group',
  'manager',
  'lastKeepAlive',
  'dateAdd',
].join(',');

interface AgentItem extends Record<string, unknown> {
  manager?: unknown;
}

/** The original's document: the agent as the API gives it, `host` its manager, pinned to its cluster or manager. */
function monitoringDocument(
  { manager, ...agent }: AgentItem,
  apiName: string,
  pin: ManagerPin,
  timestamp: string,
) {
  const pinned = pin.field === 'cluster.name' ? 'cluster' : 'manager';
  return {
    ...agent,
    ...(typeof manager === 'string' && { host: manager }),
    apiName,
    [pinned]: { name: pin.value },
    timestamp,
  };
}

async function writeHostAgents(
  deps: MonitoringJobDeps,
  apiHostId: string,
  batches: BulkBatches,
  index: string,
  timestamp: string,
): Promise<void> {
  const pin = await deps.managerPin(apiHostId);
  const page = (offset: number) =>
    readItems<AgentItem>(
      deps.requester,
      apiHostId,
      `/agents?offset=${offset}&limit=${deps.pageSize}&sort=%2Bid&select=${AGENT_FIELDS}&q=id!%3D000`,
      'its agents',
    );
  let offset = 0;
  let next = page(offset);
  for (;;) {
    const { items, total } = await next;
    offset += items.length;
    const more = items.length > 0 && offset < total;
    if (more) {
      next = page(offset);
      // Awaited on the next turn; marked handled so a failure while this page is written is not
      // an unhandled rejection.
      next.catch(() => undefined);
    }
    for (const agent of items)
      await batches.add(index, monitoringDocument(agent, apiHostId, pin, timestamp));
    if (!more) return;
  }
}

export function runMonitoringJob(deps: MonitoringJobDeps): Promise<IndexerJobRun> {
  return runIndexerJob('monitoring', deps, MONITORING_TEMPLATE, async (batches, at, errors) => {
    const index = weeklyIndexName(MONITORING_INDEX_PREFIX, at);
    const timestamp = at.toISOString();
    // One host after the other, sharing the bulk requests. A host that fails is skipped; the
    // indexer failing ends the run (the next tick is the next try).
    for (const apiHostId of await deps.apiHostIds()) {
      try {
        await writeHostAgents(deps, apiHostId, batches, index, timestamp);
      } catch (error) {
        if (isIndexerError(error)) throw error;
        errors.push(`API host [${apiHostId}]: ${reason(error)}`);
      }
    }
  });
}
