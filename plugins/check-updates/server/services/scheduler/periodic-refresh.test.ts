import { InProcessCoordination } from '@host/server/saved-objects/testing';
import type { CoordinationServiceStart } from '@host/server/types';
import { createRecordingLogger } from '@host/server/logging/test-recording-logger';
import type { RefreshSummary } from '../available-updates/available-updates-service';
import { JobRunner, type BackgroundJob } from '@main/server/services/jobs/job-runner';
import type { SvcServerStart } from '@main/server/types';
import { REFRESH_LOCK_NAME, startPeriodicRefresh } from './periodic-refresh';

/** The svc scheduler with ticks the test fires by hand. */
function manualScheduler() {
  const state: { job?: BackgroundJob; stopped: boolean } = { stopped: false };
  const jobs: SvcServerStart['jobs'] = {
    start(job) {
      state.job = job;
      return { periodMs: 86_400_000, stop: async () => void (state.stopped = true) };
    },
  };
  const tick = () => state.job?.run();
  return { jobs, state, tick };
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
    const { jobs, state, tick } = manualScheduler();
    const coordination = sharedLock();
    const logger = createRecordingLogger();
    const refreshAll = jest.fn(async (): Promise<RefreshSummary> => ({
      refreshed: ['a'],
      failed: [{ apiHostId: 'b', message: 'down' }],
    }));
    const job = startPeriodicRefresh({
      schedule: '0 3 * * *',
      jobs,
      coordination,
      refreshAll,
      logger,
    });
    expect(state.job).toMatchObject({ name: REFRESH_LOCK_NAME, schedule: '0 3 * * *' });
    expect(refreshAll).not.toHaveBeenCalled();
    await tick();
    await tick();
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
    for (const { jobs } of instances)
      startPeriodicRefresh({
        schedule: '0 3 * * *',
        jobs,
        coordination,
        refreshAll,
        logger: createRecordingLogger(),
      });
    const first = instances[0].tick();
    const second = instances[1].tick();
    await second;
    release();
    await first;
    expect(refreshAll).toHaveBeenCalledTimes(1);
  });

  it('logs a failed run instead of crashing the process', async () => {
    const { jobs, tick } = manualScheduler();
    const logger = createRecordingLogger();
    startPeriodicRefresh({
      schedule: '0 3 * * *',
      jobs,
      coordination: sharedLock(),
      refreshAll: () => Promise.reject(new Error('store offline')),
      logger,
    });
    await expect(tick()).resolves.toBeUndefined();
    expect(logger.records).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'store offline' }),
    );
  });

  it('claims each tick through the dashboard scheduler, so of two instances one refreshes per tick', async () => {
    // node-cron reads the clock and arms timeouts: faked, the test steps through three ticks.
    jest.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00.500Z') });
    const coordination = sharedLock();
    const refreshAll = jest.fn(async (): Promise<RefreshSummary> => ({
      refreshed: [],
      failed: [],
    }));
    const runners = [0, 1].map(() => new JobRunner(createRecordingLogger(), coordination));
    const jobs = runners.map((runner) =>
      startPeriodicRefresh({
        schedule: '* * * * * *',
        jobs: runner,
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

  it('is one more job of the dashboard scheduler, scheduled with node-cron and stopped', async () => {
    const runner = new JobRunner(createRecordingLogger(), new InProcessCoordination());
    const job = startPeriodicRefresh({
      schedule: '0 3 * * *',
      jobs: runner,
      coordination: sharedLock(),
      refreshAll: async () => ({ refreshed: [], failed: [] }),
      logger: createRecordingLogger(),
    });
    const { getTasks } = await import('node-cron');
    const name = `svc.${REFRESH_LOCK_NAME}`;
    expect(
      [...getTasks().values()].some(
        (task) => task.name === name && task.getNextRun()?.getHours() === 3,
      ),
    ).toBe(true);
    await job.stop();
    expect([...getTasks().values()].some((task) => task.name === name)).toBe(false);
    await runner.stop();
  });
});
