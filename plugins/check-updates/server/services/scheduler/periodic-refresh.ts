import { schedule } from 'node-cron';
import type { CoordinationServiceStart, Logger } from '../../../../../host/server/types';
import type { RefreshSummary } from '../available-updates/available-updates-service';

/** Name of the cluster-wide lock that lets one dashboard instance at a time refresh the records. */
export const REFRESH_LOCK_NAME = 'svcCheckUpdates.refreshAvailableUpdates';

/** How long the claim of one tick is kept (far longer than instances' clocks differ). */
const TICK_CLAIM_MS = 60 * 60_000;

/** Runs a task on a cron expression; node-cron in production, a fake in tests. */
export type CronScheduler = (
  expression: string,
  task: () => Promise<void>,
  coordination: CoordinationServiceStart,
) => { stop(): void | Promise<void> };

/**
 * node-cron in distributed mode: each tick is claimed through the host's coordination, so of several
 * instances on one database only the first to claim a tick runs it (the lock in `runRefresh` then
 * keeps a long refresh from overlapping the next tick's on another instance).
 */
const nodeCronScheduler: CronScheduler = (expression, task, coordination) => {
  const scheduled = schedule(expression, task, {
    name: REFRESH_LOCK_NAME,
    noOverlap: true,
    distributed: true,
    runCoordinator: { shouldRun: (key, ttlMs) => coordination.claimRun(key, ttlMs) },
    distributedLease: TICK_CLAIM_MS,
  });
  return { stop: () => scheduled.destroy() };
};

export interface PeriodicRefreshOptions {
  /** node-cron expression, e.g. `0 3 * * *`. */
  schedule: string;
  coordination: CoordinationServiceStart;
  refreshAll(): Promise<RefreshSummary>;
  logger: Logger;
  scheduler?: CronScheduler;
}

/** One run of the job: refreshes every host unless another instance holds the lock. */
async function runRefresh({
  coordination,
  refreshAll,
  logger,
}: Omit<PeriodicRefreshOptions, 'schedule' | 'scheduler'>): Promise<void> {
  try {
    const outcome = await coordination.withLock(REFRESH_LOCK_NAME, refreshAll);
    if (!outcome.acquired) {
      logger.debug('Another dashboard instance is refreshing available updates; skipped here');
      return;
    }
    const { refreshed, failed } = outcome.result;
    logger.info(
      `Refreshed available updates of ${refreshed.length} API host(s), ${failed.length} failed`,
      { refreshed, failed },
    );
  } catch (error) {
    logger.error(error instanceof Error ? error : String(error), { job: REFRESH_LOCK_NAME });
  }
}

/** Starts the periodic refresh of every host's record; the returned `stop` ends it. */
export function startPeriodicRefresh(options: PeriodicRefreshOptions): { stop(): Promise<void> } {
  const scheduler = options.scheduler ?? nodeCronScheduler;
  const task = scheduler(options.schedule, () => runRefresh(options), options.coordination);
  options.logger.debug(`Available updates are refreshed on schedule [${options.schedule}]`);
  return { stop: async () => void (await task.stop()) };
}
