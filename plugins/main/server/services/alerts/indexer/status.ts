/**
 * The indexer's state for `GET /api/alerts/status`, Settings and the health check: reachable, its
 * version and cluster health, and for each API host its manager pin and the alerts of the last
 * 24 hours the user may see there, counted in one size-0 search with one filter bucket per host.
 */
import type { IndexerStatus } from '@main/common/alerts/api';
import type { IndexerJobRun } from '@main/common/indexer-jobs';
import type { AlertsScope } from '../scope';
import type { IndexerConnection } from './connection';
import { isIndexerError, badAnswer, notConfiguredError } from './errors';
import { isCount, keyedBuckets } from './answer-shapes';

export interface StatusProbeDeps {
  connection: IndexerConnection;
  /** True for an admin, who also sees each node's last failure and the failures' detail. */
  admin?: boolean;
  /** The API hosts whose alerts are counted, and the scope of the asking user on each (none: no counts). */
  apiHosts?: {
    list(): Promise<Array<{ id: string }>>;
    scope(apiHostId: string): Promise<AlertsScope>;
  };
  /** The last run of each job writing to the indexer (none: not shown). */
  jobRuns?: () => Promise<IndexerJobRun[]>;
}

type HostEntry = NonNullable<IndexerStatus['apiHosts']>[number];

const HEALTH = new Set(['green', 'yellow', 'red']);

/** The query of a host's alerts in the last 24 hours, inside the user's scope there. */
function lastDayFilter(scope: AlertsScope): Record<string, unknown> {
  return {
    bool: {
      filter: [
        { term: { [scope.pin.field]: scope.pin.value } },
        ...(scope.agentIds ? [{ terms: { 'agent.id': scope.agentIds } }] : []),
      ],
      ...(scope.hideManagerAlerts && { must_not: [{ term: { 'agent.id': '000' } }] }),
    },
  };
}

function failure(error: unknown, admin = false): NonNullable<IndexerStatus['error']> {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const detail = isIndexerError(error) && admin ? error.detail : undefined;
  return {
    code: typeof code === 'string' ? code : 'unknown_error',
    message: typeof message === 'string' ? message : String(error),
    ...(detail !== undefined && { detail }),
  };
}

export async function indexerStatus(
  deps: StatusProbeDeps,
  signal?: AbortSignal,
): Promise<IndexerStatus> {
  const { connection } = deps;
  const admin = deps.admin ?? false;
  const jobs = deps.jobRuns && (await deps.jobRuns());
  const base = {
    configured: connection.configured,
    demo: connection.demo,
    hosts: connection.hosts,
    alertsIndexPattern: connection.alertsIndexPattern,
    ...(jobs && { jobs }),
  };
  const nodes = () => connection.nodes(admin);
  if (!connection.configured)
    return { ...base, reachable: false, error: failure(notConfiguredError()) };
  let version: string;
  let clusterHealth: IndexerStatus['clusterHealth'];
  try {
    [version, clusterHealth] = await Promise.all([
      connection
        .request((client) => client.info(), signal)
        .then((info) => {
          const number = (info as { version?: { number?: unknown } }).version?.number;
          if (typeof number !== 'string') throw badAnswer('GET / gave no version.number');
          return number;
        }),
      connection
        .request((client) => client.cluster.health(), signal)
        .then((health) => {
          const status = (health as { status?: unknown }).status;
          return HEALTH.has(status as string)
            ? (status as IndexerStatus['clusterHealth'])
            : undefined;
        }),
    ]);
  } catch (error) {
    if (!isIndexerError(error)) throw error;
    return { ...base, nodes: nodes(), reachable: false, error: failure(error, admin) };
  }
  const apiHosts = deps.apiHosts && (await countLastDay(deps.connection, deps.apiHosts, signal));
  return {
    ...base,
    nodes: nodes(),
    reachable: true,
    version,
    clusterHealth,
    ...(apiHosts && { apiHosts }),
  };
}

async function countLastDay(
  connection: IndexerConnection,
  apiHosts: NonNullable<StatusProbeDeps['apiHosts']>,
  signal?: AbortSignal,
): Promise<HostEntry[]> {
  const hosts = await apiHosts.list();
  if (hosts.length === 0) return [];
  const entries: HostEntry[] = [];
  const filters: Record<string, unknown> = {};
  await Promise.all(
    hosts.map(async ({ id }, at) => {
      try {
        const scope = await apiHosts.scope(id);
        entries[at] = { apiHostId: id, pin: scope.pin };
        filters[id] = lastDayFilter(scope);
      } catch (error) {
        entries[at] = { apiHostId: id, error: failure(error).message };
      }
    }),
  );
  if (Object.keys(filters).length === 0) return entries;
  // Built as a plain object: the client's request types have no room for a keyed `filters` map.
  const body: Record<string, unknown> = {
    size: 0,
    track_total_hits: false,
    query: { range: { timestamp: { gte: 'now-24h', lte: 'now' } } },
    aggs: { hosts: { filters: { filters } } },
  };
  const index = connection.alertsIndexPattern;
  try {
    const answer = await connection.request((client) => client.search({ index, body }), signal);
    const buckets = keyedBuckets(answer, 'hosts');
    for (const entry of entries) {
      if (entry.error) continue;
      const count = buckets[entry.apiHostId]?.doc_count;
      if (isCount(count)) entry.last24hAlerts = count;
      else entry.error = 'The indexer gave no count for this host.';
    }
  } catch (error) {
    if (!isIndexerError(error)) throw error;
    for (const entry of entries) if (!entry.error) entry.error = error.message;
  }
  return entries;
}
