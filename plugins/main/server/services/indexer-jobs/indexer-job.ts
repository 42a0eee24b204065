/**
 * What the statistics and monitoring jobs share: the API hosts they read, the indexer they write
 * to, the record of each run and the way a failure is told (logged, recorded, never retried: the
 * next tick is the next try).
 */
import type { Logger } from '@host/server/types';
import type { IndexerJobName, IndexerJobRun } from '../../../common/indexer-jobs';
import type { ApiHostRequester } from '../managed-api/api-host-requester';
import type { ManagerPin } from '../alerts/scope/manager-pin';
import type { IndexerConnection } from '../alerts/indexer';
import { putIndexTemplate, bulkIndex } from '../alerts/indexer/writes';
import { BulkBatches } from './bulk-batches';
import type { IndexerJobRuns } from './job-runs';

export interface IndexerJobDeps {
  /** The ids of the API hosts to read. */
  apiHostIds(): Promise<string[]>;
  /** The dashboard's own identity on each host. */
  requester: ApiHostRequester;
  managerPin(apiHostId: string): Promise<ManagerPin>;
  connection: IndexerConnection;
  runs: IndexerJobRuns;
  logger: Logger;
  /** Largest `_bulk` request body (bytes). */
  maxBulkBytes: number;
  now?: () => Date;
}

/** A failure as a line of the run's record and log. */
export function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** One run: `collect` adds documents to the batches and returns the problems it skipped past. */
export async function runIndexerJob(
  job: IndexerJobName,
  deps: IndexerJobDeps,
  template: { name: string; body: Record<string, unknown> },
  collect: (batches: BulkBatches, at: Date, errors: string[]) => Promise<void>,
): Promise<IndexerJobRun> {
  const now = deps.now ?? (() => new Date());
  const started = now();
  const errors: string[] = [];
  const batches = new BulkBatches((body) => bulkIndex(deps.connection, body), deps.maxBulkBytes);
  try {
    if (!deps.connection.configured)
      throw new Error('No indexer is configured (svc.indexer.hosts or SVC_INDEXER_URL).');
    await putIndexTemplate(deps.connection, template.name, template.body);
    await collect(batches, started, errors);
    await batches.flush();
  } catch (error) {
    errors.push(`Indexer: ${reason(error)}`);
  }
  const { written, failed, firstError } = batches.outcome;
  if (failed > 0) errors.push(`Indexer refused ${failed} documents: ${firstError}`);
  const run: IndexerJobRun = {
    job,
    startedAt: started.toISOString(),
    finishedAt: now().toISOString(),
    documents: written,
    errors,
  };
  if (errors.length > 0)
    deps.logger.warn(`Job [${job}] wrote ${written} documents; ${errors.join('; ')}`, {
      job,
      documents: written,
    });
  else deps.logger.debug(`Job [${job}] wrote ${written} documents.`, { job, documents: written });
  try {
    await deps.runs.record(run);
  } catch (error) {
    deps.logger.warn(`Job [${job}]: its run could not be recorded: ${reason(error)}`);
  }
  return run;
}

/** Reads every host at once; a host that fails is told in `errors` and skipped. */
export async function eachHost<T>(
  deps: IndexerJobDeps,
  errors: string[],
  read: (apiHostId: string) => Promise<T>,
): Promise<T[]> {
  const ids = await deps.apiHostIds();
  const settled = await Promise.allSettled(ids.map(read));
  return settled.flatMap((outcome, at) => {
    if (outcome.status === 'fulfilled') return [outcome.value];
    errors.push(`API host [${ids[at]}]: ${reason(outcome.reason)}`);
    return [];
  });
}
