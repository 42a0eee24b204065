/**
 * Report generations as background jobs: each has an id, an owner, a status with its progress, and
 * at the end the report's name or why it failed. At most `maxConcurrent` run at once (past it: 429);
 * each is stopped after `timeoutMs`. Finished jobs are remembered for an hour.
 */
import { randomUUID } from 'node:crypto';
import { LimitReachedError, NotFoundError } from '../service-errors';
import type { ReportJob } from '../../../common/modules/reports';
import { ReportError, describeFailure } from './errors';

export interface ReportJobLimits {
  maxConcurrent: number;
  timeoutMs: number;
}

/** Reports progress; checks the job is still wanted (throws once its time is up). */
type ProgressReporter = (progress: number, stage: string) => void;

export type ReportWork = (
  progress: ProgressReporter,
  signal: AbortSignal,
) => Promise<{ name: string; size: number }>;

/** How a job's work is run in the background: the dashboard's job runner's `runNow`. */
export type BackgroundRunner = (name: string, run: () => Promise<unknown>) => void;

const KEEP_FINISHED_MS = 60 * 60_000;
/** Seconds a refused generation is told to wait: about one report's time. */
const RETRY_AFTER_SECONDS = 10;

export class ReportJobs {
  private readonly jobs = new Map<string, ReportJob>();
  private running = 0;

  constructor(
    private readonly limits: ReportJobLimits,
    private readonly runInBackground: BackgroundRunner,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Starts `work` as a job of `owner`; refuses past the concurrency limit. */
  start(owner: string, title: string, work: ReportWork): ReportJob {
    this.forgetOld();
    if (this.running >= this.limits.maxConcurrent)
      throw new LimitReachedError(
        `${this.running} reports are being generated, the most at once (svc.reports.maxConcurrentGenerations); try again shortly.`,
        'report_generations_busy',
        RETRY_AFTER_SECONDS,
      );
    const job: ReportJob = {
      id: randomUUID(),
      owner,
      title,
      status: 'running',
      progress: 0,
      stage: 'Starting',
      createdAt: this.now().toISOString(),
    };
    this.jobs.set(job.id, job);
    this.running++;
    this.runInBackground(`report ${job.id}`, () => this.run(job, work));
    return { ...job };
  }

  /** The job, if `reader` may see it (its owner, or an admin); else not found. */
  get(id: string, reader: { caller: string; admin: boolean }): ReportJob {
    const job = this.jobs.get(id);
    if (!job || (!reader.admin && job.owner !== reader.caller))
      throw new NotFoundError(`Report job [${id}] not found.`, 'report_job_not_found');
    return { ...job };
  }

  private async run(job: ReportJob, work: ReportWork): Promise<void> {
    const controller = new AbortController();
    const timeout = new ReportError(
      'report_timeout',
      `The report took longer than ${this.limits.timeoutMs} ms (svc.reports.generationTimeoutMs).`,
    );
    const timer = setTimeout(() => controller.abort(timeout), this.limits.timeoutMs);
    const progress: ProgressReporter = (value, stage) => {
      if (controller.signal.aborted) throw timeout;
      Object.assign(job, {
        progress: Math.max(job.progress, Math.min(100, Math.round(value))),
        stage,
      });
    };
    try {
      const aborted = new Promise<never>((_, reject) =>
        controller.signal.addEventListener('abort', () => reject(timeout), { once: true }),
      );
      const report = await Promise.race([work(progress, controller.signal), aborted]);
      Object.assign(job, { status: 'succeeded', progress: 100, stage: 'Done', report });
    } catch (error) {
      Object.assign(job, { status: 'failed', stage: 'Failed', error: describeFailure(error) });
      throw error;
    } finally {
      clearTimeout(timer);
      job.finishedAt = this.now().toISOString();
      this.running--;
    }
  }

  private forgetOld(): void {
    const oldest = this.now().getTime() - KEEP_FINISHED_MS;
    for (const [id, job] of this.jobs)
      if (job.finishedAt && Date.parse(job.finishedAt) < oldest) this.jobs.delete(id);
  }
}
