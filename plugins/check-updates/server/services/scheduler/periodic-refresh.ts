import type { CoordinationServiceStart, Logger } from '@host/server/types';
import type { SvcServerStart } from '@main/server/types';
import type { RefreshSummary } from '../available-updates/available-updates-service';

/** Name of the cluster-wide lock that lets one dashboard instance at a time refresh the records. */
export const REFRESH_LOCK_NAME = 'svcCheckUpdates.refreshAvailableUpdates';

export interface PeriodicRefreshOptions {
  /** Cron expression, e.g. `0 3 * * *`. */
  schedule: string;
  /** The dashboard's scheduler: it claims each tick, so of several instances one runs it. */
  jobs: SvcServerStart['jobs'];
  coordination: CoordinationServiceStart;
  refreshAll(): Promise<RefreshSummary>;
  logger: Logger;
}

/**
 * One run of the job: refreshes every host unless another instance holds the lock (a long refresh
 * must not overlap the next tick's on another instance).
 */
async function runRefresh({
  coordination,
  refreshAll,
  logger,
}: Omit<PeriodicRefreshOptions, 'schedule' | 'jobs'>): Promise<void> {
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
  const job = options.jobs.start({
    name: REFRESH_LOCK_NAME,
    schedule: options.schedule,
    run: () => runRefresh(options),
  });
  options.logger.debug(`Available updates are refreshed on schedule [${options.schedule}]`);
  return job;
}
