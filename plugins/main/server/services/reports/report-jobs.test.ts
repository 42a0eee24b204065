// Report jobs: progress, success, failure with its reason, the time limit, the concurrency limit
// and who may see a job.
import { ReportError } from './errors';
import { ReportJobs, type ReportWork } from './report-jobs';

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
  const alice = { caller: 'alice', admin: false };

  it('reports progress, then the stored report', async () => {
    const background = runner();
    const jobs = new ReportJobs({ maxConcurrent: 2, timeoutMs: 10_000 }, background.run);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const job = jobs.start('alice', 'GDPR', async (progress) => {
      progress(40, 'Reading alerts');
      await gate;
      return { name: 'gdpr-x.pdf', size: 10 };
    });
    expect(jobs.get(job.id, alice)).toMatchObject({
      status: 'running',
      progress: 40,
      stage: 'Reading alerts',
    });
    release();
    await background.settled();
    expect(jobs.get(job.id, alice)).toMatchObject({
      status: 'succeeded',
      progress: 100,
      report: { name: 'gdpr-x.pdf', size: 10 },
      finishedAt: expect.any(String),
    });
  });

  it('says why a job failed', async () => {
    const background = runner();
    const jobs = new ReportJobs({ maxConcurrent: 1, timeoutMs: 10_000 }, background.run);
    const job = jobs.start('alice', 'GDPR', async () => {
      throw Object.assign(new Error('The indexer did not answer.'), {
        code: 'indexer_unreachable',
      });
    });
    await background.settled();
    expect(jobs.get(job.id, alice)).toMatchObject({
      status: 'failed',
      error: { code: 'indexer_unreachable', message: 'The indexer did not answer.' },
    });
  });

  it('stops a job past its time limit', async () => {
    jest.useFakeTimers();
    try {
      const background = runner();
      const jobs = new ReportJobs({ maxConcurrent: 1, timeoutMs: 5_000 }, background.run);
      const never: ReportWork = (_progress, signal) =>
        new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      const job = jobs.start('alice', 'GDPR', never);
      jest.advanceTimersByTime(5_000);
      await background.settled();
      expect(jobs.get(job.id, alice)).toMatchObject({
        status: 'failed',
        error: { code: 'report_timeout', message: expect.stringContaining('5000 ms') },
      });
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses a generation past the concurrency limit with a time to retry', async () => {
    const background = runner();
    const jobs = new ReportJobs({ maxConcurrent: 1, timeoutMs: 10_000 }, background.run);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    jobs.start('alice', 'GDPR', async () => {
      await gate;
      return { name: 'a.pdf', size: 1 };
    });
    expect(() => jobs.start('bob', 'TSC', async () => ({ name: 'b.pdf', size: 1 }))).toThrow(
      expect.objectContaining({
        statusCode: 429,
        code: 'report_generations_busy',
        retryAfterSeconds: 10,
      }),
    );
    release();
    await background.settled();
    expect(jobs.start('bob', 'TSC', async () => ({ name: 'b.pdf', size: 1 })).status).toBe(
      'running',
    );
  });

  it('hides a job from other users but not from admins', async () => {
    const background = runner();
    const jobs = new ReportJobs({ maxConcurrent: 1, timeoutMs: 10_000 }, background.run);
    const job = jobs.start('alice', 'GDPR', async () => {
      throw new ReportError('report_render_failed', 'x');
    });
    await background.settled();
    expect(() => jobs.get(job.id, { caller: 'bob', admin: false })).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
    expect(jobs.get(job.id, { caller: 'root', admin: true }).owner).toBe('alice');
    expect(() => jobs.get('nope', alice)).toThrow(
      expect.objectContaining({ code: 'report_job_not_found' }),
    );
  });
});
