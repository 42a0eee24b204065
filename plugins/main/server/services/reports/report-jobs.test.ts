// Report jobs in the shared store: progress, success, failure with its reason, the time limit, the
// slots (a refusal with a time to retry), who may see a job, another store object (instance)
// answering for a job, and a job whose instance stopped writing its heartbeat: read as failed at
// once, marked failed by the sweep with its partial report removed, and old jobs forgotten.
import { startTestSavedObjects, type TestSavedObjects } from '@host/server/saved-objects/testing';
import { deferred, eventually } from '@test/support/waiting';
import { REPORT_SAVED_OBJECT_TYPES } from '.';
import { ReportError } from './errors';
import { GenerationSlots } from './generation-slots';
import { ReportJobs, type ReportWork } from './report-jobs';
import { ReportStore } from './report-store';
import { REPORT_CHUNK_TYPE, reportSavedObjectTypes } from './saved-object-types';
import { IndexerError } from '../alerts/indexer';

function runner() {
  const runs: Array<Promise<unknown>> = [];
  return {
    run: (_name: string, work: () => Promise<unknown>) => {
      runs.push(work().catch(() => undefined));
    },
    settled: () => Promise.all(runs),
  };
}

describe('report jobs', () => {
  const alice = { username: 'alice', admin: false };
  let saved: TestSavedObjects;
  let clock: number;
  beforeEach(async () => {
    clock = Date.parse('2026-11-26T10:00:00Z');
    saved = await startTestSavedObjects((setup) =>
      reportSavedObjectTypes.forEach((type) => setup.registerType(type)),
    );
  });
  afterEach(() => saved.cleanup());

  const repository = () => saved.start.createInternalRepository(REPORT_SAVED_OBJECT_TYPES);
  function jobs(
    background = runner(),
    options: {
      maxConcurrent?: number;
      maxQueued?: number;
      timeoutMs?: number;
      stalledAfterMs?: number;
    } = {},
  ) {
    const store = new ReportStore(repository(), { keptPerUser: 5, maxSizeBytes: 1_000_000 });
    return new ReportJobs({
      repository: repository(),
      store,
      slots: new GenerationSlots({
        maxConcurrent: options.maxConcurrent ?? 2,
        maxPerUser: 1,
        maxQueued: options.maxQueued ?? 0,
        retryAfterSeconds: 10,
      }),
      limits: {
        timeoutMs: options.timeoutMs ?? 10_000,
        stalledAfterMs: options.stalledAfterMs ?? 30_000,
      },
      runInBackground: background.run,
      logger: saved.logger,
      now: () => new Date(clock),
    });
  }

  it('reports progress, then the stored report, to any instance', async () => {
    const background = runner();
    const here = jobs(background);
    const there = jobs();
    const gate = deferred();
    const job = await here.start('alice', 'GDPR', 'gdpr-x.pdf', async (progress) => {
      progress(40, 'Reading alerts');
      await gate.promise;
      return { name: 'gdpr-x.pdf', size: 10 };
    });
    expect(job).toMatchObject({ status: 'running', owner: 'alice', title: 'GDPR' });
    await eventually(async () => (await there.get(job.id, alice)).progress === 40);
    expect(await there.get(job.id, alice)).toMatchObject({
      status: 'running',
      stage: 'Reading alerts',
    });
    gate.resolve();
    await background.settled();
    const done = await there.get(job.id, alice);
    expect(done).toMatchObject({
      status: 'succeeded',
      progress: 100,
      report: { name: 'gdpr-x.pdf', size: 10 },
      finishedAt: expect.any(String),
    });
    expect(Object.keys(done)).not.toContain('instance');
  });

  it('says why a job failed', async () => {
    const background = runner();
    const reports = jobs(background);
    const job = await reports.start('alice', 'GDPR', 'g.pdf', async () => {
      throw new IndexerError('indexer_unreachable', 'The indexer did not answer.');
    });
    await background.settled();
    expect(await reports.get(job.id, alice)).toMatchObject({
      status: 'failed',
      error: { code: 'indexer_unreachable', message: 'The indexer did not answer.' },
    });
  });

  it('stops a job past its time limit and tells its work', async () => {
    const background = runner();
    const reports = jobs(background, { timeoutMs: 50 });
    const aborted = deferred<unknown>();
    const never: ReportWork = (_progress, signal) =>
      new Promise((_, reject) =>
        signal.addEventListener('abort', () => {
          aborted.resolve(signal.reason);
          reject(new Error('aborted'));
        }),
      );
    const job = await reports.start('alice', 'GDPR', 'g.pdf', never);
    await background.settled();
    expect(await aborted.promise).toMatchObject({ code: 'report_timeout' });
    expect(await reports.get(job.id, alice)).toMatchObject({
      status: 'failed',
      error: { code: 'report_timeout', message: expect.stringContaining('50 ms') },
    });
  });

  it('refuses a generation past the slots with a time to retry, and takes one once freed', async () => {
    const background = runner();
    const reports = jobs(background, { maxConcurrent: 1 });
    const gate = deferred();
    await reports.start('alice', 'GDPR', 'a.pdf', async () => {
      await gate.promise;
      return { name: 'a.pdf', size: 1 };
    });
    const other = async () => ({ name: 'b.pdf', size: 1 });
    await expect(reports.start('bob', 'TSC', 'b.pdf', other)).rejects.toMatchObject({
      statusCode: 429,
      code: 'report_generations_busy',
      retryAfterSeconds: 10,
    });
    gate.resolve();
    await background.settled();
    expect((await reports.start('bob', 'TSC', 'b.pdf', other)).status).toBe('running');
  });

  it('hides a job from other users but not from admins', async () => {
    const background = runner();
    const reports = jobs(background);
    const job = await reports.start('alice', 'GDPR', 'g.pdf', async () => {
      throw new ReportError('report_render_failed', 'x');
    });
    await background.settled();
    await expect(reports.get(job.id, { username: 'bob', admin: false })).rejects.toMatchObject({
      statusCode: 404,
    });
    expect((await reports.get(job.id, { username: 'root', admin: true })).owner).toBe('alice');
    await expect(reports.get('nope', alice)).rejects.toMatchObject({
      code: 'report_job_not_found',
    });
  });

  it('fails the job of an instance that stopped, and the sweep removes what it was writing', async () => {
    const stopped = runner();
    // Its heartbeat would come long after the test: none is written while it runs.
    const dead = jobs(stopped, { stalledAfterMs: 600_000 });
    const survivor = jobs(runner(), { stalledAfterMs: 30_000 });
    const writing = deferred();
    // The instance dies while the job writes its report: its heartbeat and its work stop there.
    const job = await dead.start('alice', 'GDPR', 'dead.pdf', () => {
      writing.resolve();
      return new Promise(() => undefined);
    });
    await writing.promise;
    await repository().create(REPORT_CHUNK_TYPE, { data: 'AAAA' }, { id: 'dead.pdf:0' });

    clock += 29_000;
    expect(await survivor.get(job.id, alice)).toMatchObject({ status: 'running' });
    expect(await survivor.sweep()).toEqual({ failed: 0, forgotten: 0 });

    clock += 2_000;
    const stalled = {
      status: 'failed',
      error: { code: 'report_instance_stopped', message: expect.stringContaining('stopped') },
    };
    expect(await survivor.get(job.id, alice)).toMatchObject(stalled);
    expect(await survivor.sweep()).toEqual({ failed: 1, forgotten: 0 });
    expect(await survivor.get(job.id, alice)).toMatchObject(stalled);
    expect((await repository().find({ type: REPORT_CHUNK_TYPE })).total).toBe(0);

    clock += 61 * 60_000;
    expect(await survivor.sweep()).toEqual({ failed: 0, forgotten: 1 });
    await expect(survivor.get(job.id, alice)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('fails the jobs it is making or queueing when the dashboard stops', async () => {
    const background = runner();
    const reports = jobs(background, { maxConcurrent: 1, maxQueued: 1 });
    const started = deferred();
    const running = await reports.start('alice', 'GDPR', 'a.pdf', (_progress, signal) => {
      started.resolve();
      return new Promise((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason)),
      );
    });
    const queued = await reports.start('bob', 'TSC', 'b.pdf', async () => ({
      name: 'b.pdf',
      size: 1,
    }));
    expect(queued.stage).toBe('Waiting for a free slot');
    await started.promise;
    reports.stop();
    await background.settled();
    for (const job of [running, queued])
      expect(await reports.get(job.id, { username: 'root', admin: true })).toMatchObject({
        status: 'failed',
        error: { code: 'report_instance_stopped' },
      });
  });

  it('ends a job the sweep took for dead, and removes the report it made meanwhile', async () => {
    const background = runner();
    // Stalled (its heartbeat would come long after the test), but alive.
    const stalled = jobs(background, { stalledAfterMs: 600_000 });
    const survivor = jobs(runner(), { stalledAfterMs: 30_000 });
    const store = new ReportStore(repository(), { keptPerUser: 5, maxSizeBytes: 1_000_000 });
    const gate = deferred();
    const job = await stalled.start('alice', 'GDPR', 'late.pdf', async () => {
      await gate.promise;
      const saved = await store.save(
        { name: 'late.pdf', owner: 'alice', title: 'GDPR', viewId: 'gdpr' },
        new Date(clock),
        async (output) => void output.write('pdf'),
      );
      return { name: saved.name, size: saved.size };
    });
    clock += 31_000;
    expect(await survivor.sweep()).toEqual({ failed: 1, forgotten: 0 });
    gate.resolve();
    await background.settled();
    expect(await survivor.get(job.id, alice)).toMatchObject({
      status: 'failed',
      error: { code: 'report_instance_stopped' },
    });
    expect(await store.list(alice)).toEqual([]);
  });
});
