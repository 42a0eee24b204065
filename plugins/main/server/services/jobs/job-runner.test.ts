import { createRecordingLogger, InProcessCoordination } from '@host/server/saved-objects/testing';
import { JobRunner } from './job-runner';

describe('JobRunner', () => {
  const runners: JobRunner[] = [];
  // node-cron reads the clock and arms timeouts: faked, each tick is a step the test takes.
  beforeEach(() => jest.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00.500Z') }));
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    jest.useRealTimers();
  });

  function runner(coordination: InProcessCoordination, logger = createRecordingLogger()) {
    const created = new JobRunner(logger, coordination);
    runners.push(created);
    return created;
  }

  it('runs each tick of a job on one of several instances sharing a coordination', async () => {
    const shared = new InProcessCoordination();
    const runs: Array<{ instance: number; second: number }> = [];
    for (const instance of [1, 2, 3])
      runner(shared).start({
        name: 'probe',
        schedule: '* * * * * *',
        run: async () => {
          runs.push({ instance, second: Math.floor(Date.now() / 1000) });
        },
      });
    await jest.advanceTimersByTimeAsync(3_000);
    const seconds = runs.map((run) => run.second);
    expect(seconds).toHaveLength(3);
    expect(new Set(seconds).size).toBe(3);
  });

  it('runs a job on every tick when instances do not share a database', async () => {
    let runs = 0;
    for (let instance = 0; instance < 2; instance += 1)
      runner(new InProcessCoordination()).start({
        name: 'probe',
        schedule: '* * * * * *',
        run: async () => void (runs += 1),
      });
    await jest.advanceTimersByTimeAsync(3_000);
    expect(runs).toBe(6);
  });

  it('logs a failed run, and waits on stop for a run under way', async () => {
    const logger = createRecordingLogger();
    const jobs = runner(new InProcessCoordination(), logger);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let finished = false;
    jobs.runNow('slow', async () => {
      await released;
      finished = true;
    });
    jobs.runNow('broken', async () => Promise.reject(new Error('store offline')));
    let stopped = false;
    const stopping = jobs.stop().then(() => void (stopped = true));
    await jest.runAllTimersAsync();
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    expect(logger.records).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'Background job [broken] failed: store offline',
      }),
    );
  });
});
