/**
 * Runs the background jobs of the dashboard's plugins on their cron schedules (node-cron; the other
 * plugins get it through the svc start contract, so there is one scheduler), once per tick across every
 * dashboard instance on the same database: node-cron's distributed mode asks the host's coordination
 * to claim each tick (keyed by job and tick time), and only the instance that claims it runs it.
 */
import cron, { type RunCoordinator, type ScheduledTask } from 'node-cron';
import type { CoordinationServiceStart, Logger } from '@host/server/types';

export interface BackgroundJob {
  name: string;
  schedule: string;
  run(): Promise<unknown>;
}

export interface ScheduledJob {
  /** Ends the schedule and waits for the runs under way. */
  stop(): Promise<void>;
}

/**
 * How long a tick's claim is kept: far longer than clocks of instances differ, so a late instance
 * still finds the claim of the tick it is late for.
 */
const TICK_CLAIM_MS = 5 * 60_000;

export class JobRunner {
  private readonly tasks: ScheduledTask[] = [];
  /** Runs under way, awaited on stop so none writes after the stores close. */
  private readonly running = new Set<Promise<void>>();
  private readonly runCoordinator: RunCoordinator;

  /** node-cron's own messages go to the plugin's log instead of the console. */
  private readonly cronLogger;

  constructor(
    private readonly logger: Logger,
    coordination: CoordinationServiceStart,
  ) {
    this.runCoordinator = { shouldRun: (key, ttlMs) => coordination.claimRun(key, ttlMs) };
    this.cronLogger = {
      info: (message: string) => logger.debug(message),
      debug: (message: string | Error) => logger.debug(String(message)),
      warn: (message: string) => logger.warn(message),
      error: (message: string | Error, error?: Error) =>
        logger.error(error ? `${String(message)}: ${error.message}` : message),
    };
  }

  start(job: BackgroundJob): ScheduledJob {
    const task = cron.schedule(job.schedule, () => this.runLogged(job.name, job.run), {
      name: `svc.${job.name}`,
      distributed: true,
      runCoordinator: this.runCoordinator,
      distributedLease: TICK_CLAIM_MS,
      // A slow run is not started again while it is still busy, and a tick missed while the process
      // was busy is no news: the next tick does the work.
      noOverlap: true,
      suppressMissedWarning: true,
      logger: this.cronLogger,
    });
    this.tasks.push(task);
    return {
      stop: async () => {
        this.tasks.splice(this.tasks.indexOf(task), 1);
        await task.destroy();
        await Promise.all(this.running);
      },
    };
  }

  /** Runs a task once now, in the background, logging a failure like a scheduled run's. */
  runNow(name: string, run: () => Promise<unknown>): void {
    void this.runLogged(name, run);
  }

  private runLogged(name: string, run: () => Promise<unknown>): Promise<void> {
    const logged = Promise.resolve()
      .then(run)
      .then(
        () => undefined,
        (error: unknown) =>
          this.logger.error(`Background job [${name}] failed: ${(error as Error).message}`, {
            job: name,
          }),
      );
    const tracked = logged.finally(() => this.running.delete(tracked));
    this.running.add(tracked);
    return tracked;
  }

  async stop(): Promise<void> {
    await Promise.all(this.tasks.map((task) => task.destroy()));
    this.tasks.length = 0;
    await Promise.all(this.running);
  }
}
