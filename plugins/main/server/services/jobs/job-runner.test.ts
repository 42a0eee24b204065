import { InProcessCoordination } from '../../../../../host/server/saved-objects/coordination';
import { createRecordingLogger } from '../../../../../host/server/saved-objects/testing';
import { JobRunner } from './job-runner';

// Real node-cron ticks (one per second) over a few seconds.
jest.setTimeout(15_000);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('JobRunner', () => {
  const runners: JobRunner[] = [];
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
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
    await wait(3_500);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    const seconds = runs.map((run) => run.second);
    expect(new Set(seconds).size).toBe(seconds.length);
  });

  it('runs a job on every tick when instances do not share a database', async () => {
    let runs = 0;
    for (let instance = 0; instance < 2; instance += 1)
      runner(new InProcessCoordination()).start({
        name: 'probe',
        schedule: '* * * * * *',
        run: async () => void (runs += 1),
      });
    await wait(2_500);
    expect(runs).toBeGreaterThanOrEqual(4);
  });

  it('logs a failed run, and waits on stop for a run under way', async () => {
    const logger = createRecordingLogger();
    const jobs = runner(new InProcessCoordination(), logger);
    let finished = false;
    jobs.runNow('slow', async () => {
      await wait(200);
      finished = true;
    });
    jobs.runNow('broken', async () => Promise.reject(new Error('store offline')));
    await jobs.stop();
    expect(finished).toBe(true);
    expect(logger.records).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'Background job [broken] failed: store offline',
      }),
    );
  });
});
