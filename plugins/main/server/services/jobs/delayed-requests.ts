/**
 * Requests the browser asked to send later (`/api/request` with `delay`, used for restarts so the
 * answer is not lost with the restarting service). Kept in memory: a queued request is a short-lived
 * convenience, and the browser is told it was queued, not done.
 */
import type { Logger } from '../../../../../host/server/types';

export interface DelayedRequest {
  /** `PUT /agents/001/restart on prod`: for the log. */
  description: string;
  dueAt: number;
  send(): Promise<{ status: number }>;
}

export class DelayedRequestQueue {
  private pending: DelayedRequest[] = [];
  private running = false;

  constructor(private readonly logger: Logger) {}

  get size(): number {
    return this.pending.length;
  }

  enqueue(request: DelayedRequest): void {
    this.pending.push(request);
    this.pending.sort((a, b) => a.dueAt - b.dueAt);
  }

  /** Sends every request that is due; a run still busy from the last tick is not doubled. */
  async runDue(now = Date.now()): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      const due = this.pending.filter((request) => request.dueAt <= now);
      this.pending = this.pending.filter((request) => request.dueAt > now);
      await Promise.all(due.map((request) => this.send(request)));
      return due.length;
    } finally {
      this.running = false;
    }
  }

  private async send(request: DelayedRequest): Promise<void> {
    try {
      const { status } = await request.send();
      if (status >= 400)
        this.logger.warn(`Delayed request ${request.description} answered ${status}.`);
      else this.logger.debug(`Delayed request ${request.description} answered ${status}.`);
    } catch (error) {
      this.logger.warn(
        `Delayed request ${request.description} failed: ${(error as Error).message}`,
      );
    }
  }

  /** Drops what is still waiting (the server stops); says how much was dropped. */
  clear(): number {
    const dropped = this.pending.length;
    this.pending = [];
    return dropped;
  }
}
