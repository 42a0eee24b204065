/**
 * Health of the indexer the alerts are read from: reachable, its version and cluster health, and
 * per API host the manager's alerts of the last 24 hours the asking user may see. No indexer
 * configured is no fault (the dashboard works without one), so it stays green and says so.
 */
import type { IndexerStatus } from '../../../common/alerts/api';
import type { HealthCheck, HealthCheckOptions, HealthCheckOutcome } from './health-checks';

function outcomeOf(status: IndexerStatus): HealthCheckOutcome {
  const details = status as unknown as Record<string, unknown>;
  if (!status.configured)
    return {
      state: 'green',
      message:
        'No indexer is configured: the alerts views stay empty and say how to connect one (svc.indexer.hosts or SVC_INDEXER_URL).',
      details,
    };
  const where = status.demo
    ? "The demo's indexer stand-in"
    : `The indexer (${status.hosts.join(', ')})`;
  if (!status.reachable)
    return {
      state: 'red',
      message: `${where} cannot be read: ${status.error?.message ?? 'no answer'}`,
      fix: 'Check that the indexer runs and answers at that address, and the user, password and certificates in svc.indexer (Settings → Indexer shows each node); then retry.',
      details,
    };
  // A one-node cluster is yellow for good (replicas have nowhere to go): only red loses data.
  if (status.clusterHealth === 'red')
    return {
      state: 'yellow',
      message: `${where} answers (OpenSearch ${status.version}) but its cluster health is red: some alerts cannot be read.`,
      fix: 'Find the unassigned shards (GET _cluster/allocation/explain on the indexer) and bring their nodes back; then retry.',
      details,
    };
  return {
    state: 'green',
    message: `${where} answers: OpenSearch ${status.version}, cluster health ${status.clusterHealth ?? 'unknown'}.`,
    details,
  };
}

/** `status` is read when the check runs (the connection exists from the plugin's start on). */
export function indexerHealthCheck(
  status: (options: HealthCheckOptions) => Promise<IndexerStatus>,
): HealthCheck {
  return {
    id: 'indexer',
    title: 'Indexer',
    run: async (options) => outcomeOf(await status(options)),
  };
}
