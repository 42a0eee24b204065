/**
 * Report generations as background jobs whose state (status, progress, stage, result, error) lives
 * in the shared saved-objects store, so any dashboard instance answers how a job goes. The instance
 * that accepts a generation writes its job and is the only one that runs it (the work reads alerts
 * as the requesting user, whose request only that instance holds); it waits for one of that
 * instance's generation slots (`GenerationSlots`) and is stopped after `timeoutMs`.
 *
 * While a job is unfinished its instance writes a heartbeat every third of `stalledAfterMs`. A job
 * whose heartbeat is older than that was left by an instance that stopped (killed, crashed): it reads
 * as failed at once, and the sweep (run once per tick across instances by the job runner) marks it
 * failed in the store and removes the chunks of the report it was writing. The sweep also forgets
 * finished jobs after an hour.
 */
import { randomUUID } from 'node:crypto';
import {
  SavedObjectsErrorHelpers,
  type ISavedObjectsRepository,
  type Logger,
  type SavedObject,
} from '@host/server/types';
import type { ReportJob } from '../../../common/modules/reports';
import { NotFoundError } from '../service-errors';
import { ReportError, describeFailure } from './errors';
import type { GenerationSlots, ReleaseSlot } from './generation-slots';
import type { ReportStore } from './report-store';
import { OWNER_REFERENCE, REPORT_JOB_TYPE } from './saved-object-types';

interface ReportJobLimits {
  timeoutMs: number;
  /** A job whose heartbeat is older than this was left by a stopped instance. */
  stalledAfterMs: number;
}

/** Reports progress; checks the job is still wanted (throws once its time is up). */
type ProgressReporter = (progress: number, stage: string) => void;

export type ReportWork = (
  progress: ProgressReporter,
  signal: AbortSignal,
) => Promise<{ name: string; size: number }>;

/** How a job's work is run in the background: the dashboard's job runner's `runNow`. */
export type BackgroundRunner = (name: string, run: () => Promise<unknown>) => void;

interface JobAttributes extends Omit<ReportJob, 'id'> {
  /** The report being written: its chunks are removed if the job dies. */
  reportName: string;
  /** The instance running the job (a process's random id). */
  instance: string;
  heartbeatAt: string;
}

const KEEP_FINISHED_MS = 60 * 60_000;
/** Jobs read per page by the sweep. */
const SWEEP_PAGE = 500;

const INSTANCE_STOPPED = {
  code: 'report_instance_stopped',
  message: 'The report was not finished: the dashboard instance making it stopped.',
};

export interface ReportJobsDeps {
  repository: ISavedObjectsRepository;
  slots: GenerationSlots;
  store: ReportStore;
  limits: ReportJobLimits;
  runInBackground: BackgroundRunner;
  logger: Logger;
  now?: () => Date;
}

export class ReportJobs {
  /** This process's id in the jobs it runs. */
  readonly instance = randomUUID();
  private readonly now: () => Date;
  /** The jobs this instance is running or queueing. */
  private readonly controllers = new Set<AbortController>();

  constructor(private readonly deps: ReportJobsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Starts `work` (writing report `reportName`) as a job of `owner`, at once or after the jobs ahead
   * of it in this instance's queue; refuses (429) when the owner's share and the queue are full.
   */
  async start(
    owner: string,
    title: string,
    reportName: string,
    work: ReportWork,
  ): Promise<ReportJob> {
    const reservation = this.deps.slots.reserve(owner);
    const now = this.now().toISOString();
    const attributes: JobAttributes = {
      owner,
      title,
      status: 'running',
      progress: 0,
      stage: reservation.startsNow
        ? 'Starting'
        : `Waiting for a free slot${reservation.waitingAhead > 0 ? ` (${reservation.waitingAhead} ahead)` : ''}`,
      createdAt: now,
      reportName,
      instance: this.instance,
      heartbeatAt: now,
    };
    let created: SavedObject<JobAttributes>;
    try {
      created = await this.deps.repository.create<JobAttributes>(REPORT_JOB_TYPE, attributes, {
        id: randomUUID(),
        references: [{ ...OWNER_REFERENCE, id: owner }],
      });
    } catch (error) {
      void reservation.granted.then((release) => release());
      throw error;
    }
    this.deps.runInBackground(`report ${created.id}`, () =>
      this.run(created, reservation.granted, work),
    );
    return toJob(created.id, attributes);
  }

  /** The job, if `reader` may see it (its owner, or an admin); else not found. */
  async get(id: string, reader: { username: string; admin: boolean }): Promise<ReportJob> {
    const notFound = new NotFoundError(`Report job [${id}] not found.`, 'report_job_not_found');
    let found: SavedObject<JobAttributes>;
    try {
      found = await this.deps.repository.get<JobAttributes>(REPORT_JOB_TYPE, id);
    } catch (error) {
      if (SavedObjectsErrorHelpers.isNotFoundError(error)) throw notFound;
      throw error;
    }
    if (!reader.admin && found.attributes.owner !== reader.username) throw notFound;
    const attributes = this.stalled(found.attributes)
      ? this.failedByStop(found.attributes)
      : found.attributes;
    return toJob(id, attributes);
  }

  /**
   * Marks failed the jobs whose instance stopped and removes what they were writing, and forgets
   * jobs finished over an hour ago. Meant to run once per tick across instances.
   */
  async sweep(): Promise<{ failed: number; forgotten: number }> {
    let failed = 0;
    let forgotten = 0;
    const oldest = this.now().getTime() - KEEP_FINISHED_MS;
    for (const job of await this.allJobs()) {
      const { attributes } = job;
      if (this.stalled(attributes)) {
        const marked = await this.deps.repository
          .update<JobAttributes>(REPORT_JOB_TYPE, job.id, this.failedByStop(attributes), {
            version: job.version,
          })
          .then(
            () => true,
            // The job's instance wrote in between: it is alive after all.
            (error: unknown) => {
              if (SavedObjectsErrorHelpers.isConflictError(error)) return false;
              throw error;
            },
          );
        if (!marked) continue;
        await this.deps.store.discardUnfinished(attributes.reportName);
        this.deps.logger.warn(
          `Report job [${job.id}] of ${attributes.owner} was marked failed: the instance making it stopped.`,
        );
        failed++;
      } else if (attributes.finishedAt && Date.parse(attributes.finishedAt) < oldest) {
        await this.deps.repository.delete(REPORT_JOB_TYPE, job.id).catch((error: unknown) => {
          if (!SavedObjectsErrorHelpers.isNotFoundError(error)) throw error;
        });
        forgotten++;
      }
    }
    return { failed, forgotten };
  }

  /**
   * Fails every job this instance is making or queueing (the dashboard is stopping): a graceful stop
   * waits for no report, and no job is left for the sweep to find.
   */
  stop(): void {
    const stopping = new ReportError('report_instance_stopped', INSTANCE_STOPPED.message);
    for (const controller of this.controllers) controller.abort(stopping);
  }

  private async allJobs(): Promise<Array<SavedObject<JobAttributes>>> {
    const jobs: Array<SavedObject<JobAttributes>> = [];
    for (let page = 1; ; page++) {
      const found = await this.deps.repository.find<JobAttributes>({
        type: REPORT_JOB_TYPE,
        sortField: 'createdAt',
        sortOrder: 'asc',
        page,
        perPage: SWEEP_PAGE,
      });
      jobs.push(...found.saved_objects);
      if (found.saved_objects.length < SWEEP_PAGE || page * SWEEP_PAGE >= found.total) return jobs;
    }
  }

  private stalled(attributes: JobAttributes): boolean {
    return (
      attributes.status === 'running' &&
      this.now().getTime() - Date.parse(attributes.heartbeatAt) > this.deps.limits.stalledAfterMs
    );
  }

  private failedByStop(attributes: JobAttributes): JobAttributes {
    return {
      ...attributes,
      status: 'failed',
      stage: 'Failed',
      error: INSTANCE_STOPPED,
      finishedAt: this.now().toISOString(),
    };
  }

  private async run(
    created: SavedObject<JobAttributes>,
    granted: Promise<ReleaseSlot>,
    work: ReportWork,
  ): Promise<void> {
    const { id } = created;
    const { timeoutMs, stalledAfterMs } = this.deps.limits;
    const controller = new AbortController();
    this.controllers.add(controller);
    const state: Partial<JobAttributes> = { progress: 0 };
    // Writes go one after another, each with the latest state and a fresh heartbeat, each only
    // over this instance's last write: a conflict means the sweep took the job for dead (this
    // instance stalled past `stalledAfterMs`), and the job ends.
    let version = created.version;
    let superseded = false;
    let writes = Promise.resolve();
    const write = (change: Partial<JobAttributes>) => {
      Object.assign(state, change);
      writes = writes.then(async () => {
        if (superseded) return;
        try {
          const written = await this.deps.repository.update<JobAttributes>(
            REPORT_JOB_TYPE,
            id,
            { ...change, heartbeatAt: this.now().toISOString() },
            { version },
          );
          version = written.version;
        } catch (error) {
          if (SavedObjectsErrorHelpers.isConflictError(error)) {
            superseded = true;
            controller.abort(new ReportError('report_instance_stopped', INSTANCE_STOPPED.message));
          } else
            this.deps.logger.warn(
              `Report job [${id}]'s state could not be written: ${(error as Error).message}`,
            );
        }
      });
      return writes;
    };
    const heartbeat = setInterval(() => void write({}), Math.max(100, stalledAfterMs / 3));
    heartbeat.unref();
    const timeout = new ReportError(
      'report_timeout',
      `The report took longer than ${timeoutMs} ms (svc.reports.generationTimeoutMs).`,
    );
    let timer: NodeJS.Timeout | undefined;
    let release: ReleaseSlot | undefined;
    const progress: ProgressReporter = (value, stage) => {
      controller.signal.throwIfAborted();
      void write({
        progress: Math.max(state.progress ?? 0, Math.min(100, Math.round(value))),
        stage,
      });
    };
    try {
      const aborted = new Promise<never>((_, reject) =>
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason), {
          once: true,
        }),
      );
      release = await Promise.race([granted, aborted]);
      timer = setTimeout(() => controller.abort(timeout), timeoutMs);
      // The job runner waits for jobs on stop; the timer alone keeps no process alive.
      timer.unref();
      const report = await Promise.race([work(progress, controller.signal), aborted]);
      await write({
        status: 'succeeded',
        progress: 100,
        stage: 'Done',
        report,
        finishedAt: this.now().toISOString(),
      });
      // The sweep failed the job meanwhile and may have removed chunks: the report goes too.
      if (superseded)
        await this.deps.store.delete(
          { username: created.attributes.owner, admin: true },
          report.name,
        );
    } catch (error) {
      controller.abort(error);
      await write({
        status: 'failed',
        stage: 'Failed',
        error: describeFailure(error),
        finishedAt: this.now().toISOString(),
      });
      throw error;
    } finally {
      this.controllers.delete(controller);
      clearInterval(heartbeat);
      clearTimeout(timer);
      // A slot granted after the job gave up waiting goes straight back.
      if (release) release();
      else void granted.then((late) => late());
    }
  }
}

function toJob(id: string, attributes: JobAttributes): ReportJob {
  const { reportName: _name, instance: _instance, heartbeatAt: _heartbeat, ...job } = attributes;
  return { id, ...job };
}
