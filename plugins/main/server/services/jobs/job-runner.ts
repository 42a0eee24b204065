/** Runs the plugin's background jobs on their cron schedules (node-cron), and stops them with the plugin. */
import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from '../../../../../host/server/types';

export interface BackgroundJob {
  name: string;
  schedule: string;
  run(): Promise<unknown>;
}

export class JobRunner {
  private readonly tasks: ScheduledTask[] = [];

  /** node-cron's own messages go to the plugin's log instead of the console. */
  private readonly cronLogger;

  constructor(private readonly logger: Logger) {
    this.cronLogger = {
      info: (message: string) => logger.debug(message),
      debug: (message: string | Error) => logger.debug(String(message)),
      warn: (message: string) => logger.warn(message),
      error: (message: string | Error) => logger.error(message),
    };
  }

  /** Schedules the job; `runNow` also starts one run at once, in the background. */
  start(job: BackgroundJob, options: { runNow?: boolean } = {}): void {
    const run = async (): Promise<void> => {
      try {
        await job.run();
      } catch (error) {
        this.logger.error(`Background job [${job.name}] failed: ${(error as Error).message}`, {
          job: job.name,
        });
      }
    };
    this.tasks.push(
      cron.schedule(job.schedule, run, {
        name: job.name,
        // A slow run is not started again while it is still busy, and a tick missed while the process
        // was busy is no news: the next tick does the work.
        noOverlap: true,
        suppressMissedWarning: true,
        logger: this.cronLogger,
      }),
    );
    if (options.runNow) void run();
  }

  async stop(): Promise<void> {
    await Promise.all(this.tasks.map((task) => task.destroy()));
    this.tasks.length = 0;
  }
}
