import { InProcessCoordination } from '../../../../../host/server/saved-objects/coordination';
import type { CoordinationServiceStart } from '../../../../../host/server/types';
import { createRecordingLogger } from '../../test-support/recording-logger';
import type { RefreshSummary } from '../available-updates/available-updates-service';
import { REFRESH_LOCK_NAME, startPeriodicRefresh, type CronScheduler } from './periodic-refresh';

/** A scheduler whose ticks the test fires by hand. */
function manualScheduler() {
  const state: { expression?: string; tick?: () => Promise<void>; stopped: boolean } = {
    stopped: false,
  };
  const scheduler: CronScheduler = (expression, task) => {
    state.expression = expression;
    state.tick = task;
    return { stop: () => void (state.stopped = true) };
  };
  return { scheduler, state };
}

/** The lock as one database shares it between instances: a second holder is refused while the first runs. */
function sharedLock(): CoordinationServiceStart & { names: string[] } {
  const held = new Set<string>();
  const names: string[] = [];
  const claims = new InProcessCoordination();
  return {
    names,
    claimRun: (key, ttlMs) => claims.claimRun(key, ttlMs),
    async withLock(name, task) {
      names.push(name);
      if (held.has(name)) return { acquired: false };
      held.add(name);
      try {
        return { acquired: true, result: await task() };
      } finally {
        held.delete(name);
      }
    },
  };
}

describe('periodic refresh', () => {
  it('refreshes every host on each tick of its schedule, under the cluster-wide lock', async () => {
    const { scheduler, state } = manualScheduler();
    const coordination = sharedLock();
    const logger = createRecordingLogger();
    const refreshAll = jest.fn(async (): Promise<RefreshSummary> => ({
      refreshed: ['a'],
      failed: [{ api_id: 'b', message: 'down' }],
    }));
    const job = startPeriodicRefresh({
      schedule: '0 3 * * *',
      coordination,
      refreshAll,
      logger,
      scheduler,
    });
    expect(state.expression).toBe('0 3 * * *');
    expect(refreshAll).not.toHaveBeenCalled();
    await state.tick?.();
    await state.tick?.();
    expect(refreshAll).toHaveBeenCalledTimes(2);
    expect(coordination.names).toEqual([REFRESH_LOCK_NAME, REFRESH_LOCK_NAME]);
    expect(logger.records).toContainEqual(
      expect.objectContaining({
        level: 'info',
        message: 'Refreshed available updates of 1 API host(s), 1 failed',
      }),
    );
    await job.stop();
    expect(state.stopped).toBe(true);
  });

  it('runs on one instance only when two instances tick at the same time', async () => {
    const coordination = sharedLock();
    const instances = [manualScheduler(), manualScheduler()];
    let release: () => void = () => undefined;
    const refreshAll = jest.fn(
      () =>
        new Promise<RefreshSummary>(
          (resolve) => (release = () => resolve({ refreshed: [], failed: [] })),
        ),
    );
    for (const { scheduler } of instances)
      startPeriodicRefresh({
        schedule: '0 3 * * *',
        coordination,
        refreshAll,
        logger: createRecordingLogger(),
        scheduler,
      });
    const first = instances[0].state.tick?.();
    const second = instances[1].state.tick?.();
    await second;
    release();
    await first;
    expect(refreshAll).toHaveBeenCalledTimes(1);
  });

  it('logs a failed run instead of crashing the process', async () => {
    const { scheduler, state } = manualScheduler();
    const logger = createRecordingLogger();
    startPeriodicRefresh({
      schedule: '0 3 * * *',
      coordination: sharedLock(),
      refreshAll: () => Promise.reject(new Error('store offline')),
      logger,
      scheduler,
    });
    await expect(state.tick?.()).resolves.toBeUndefined();
    expect(logger.records).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'store offline' }),
    );
  });

  it('claims each node-cron tick, so of two instances one refreshes per tick', async () => {
    // node-cron reads the clock and arms timeouts: faked, the test steps through three ticks.
    jest.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00.500Z') });
    const coordination = sharedLock();
    const refreshAll = jest.fn(async (): Promise<RefreshSummary> => ({
      refreshed: [],
      failed: [],
    }));
    const jobs = [0, 1].map(() =>
      startPeriodicRefresh({
        schedule: '* * * * * *',
        coordination,
        refreshAll,
        logger: createRecordingLogger(),
      }),
    );
    try {
      await jest.advanceTimersByTimeAsync(3_000);
      await Promise.all(jobs.map((job) => job.stop()));
    } finally {
      jest.useRealTimers();
    }
    expect(refreshAll).toHaveBeenCalledTimes(3);
  });

  it('schedules the job with node-cron by default and stops it', async () => {
    const job = startPeriodicRefresh({
      schedule: '0 3 * * *',
      coordination: sharedLock(),
      refreshAll: async () => ({ refreshed: [], failed: [] }),
      logger: createRecordingLogger(),
    });
    const { getTasks } = await import('node-cron');
    expect(
      [...getTasks().values()].some(
        (task) => task.name === REFRESH_LOCK_NAME && task.getNextRun()?.getHours() === 3,
      ),
    ).toBe(true);
    await job.stop();
    expect([...getTasks().values()].some((task) => task.name === REFRESH_LOCK_NAME)).toBe(false);
  });
});
