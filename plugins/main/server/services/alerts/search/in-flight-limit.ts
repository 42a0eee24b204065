/**
 * How many indexer requests each dashboard user has under way; past `svc.indexer.
 * maxRequestsInFlightPerUser` a new one is refused with 429 and Retry-After, so one user's
 * many tabs or a script cannot take the indexer's whole search queue. Hand-written: the plugin's
 * rate limiters count requests per time window, not requests still running.
 */
import { LimitReachedError } from '../../service-errors';

const RETRY_AFTER_SECONDS = 1;

export class InFlightLimit {
  private readonly running = new Map<string, number>();

  constructor(private readonly maxPerUser: number) {}

  /** Runs `work` counted against `user`, or throws 429 at once when the user is at the limit. */
  async run<T>(user: string, work: () => Promise<T>): Promise<T> {
    const release = this.acquire(user);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** Counts one request of `user` until the returned function is called (once). */
  acquire(user: string): () => void {
    const count = this.running.get(user) ?? 0;
    if (count >= this.maxPerUser)
      throw new LimitReachedError(
        `You already have ${count} alert searches under way (svc.indexer.maxRequestsInFlightPerUser); try again when they finish.`,
        'too_many_alert_searches',
        RETRY_AFTER_SECONDS,
      );
    this.running.set(user, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(user) ?? 1) - 1;
      if (left === 0) this.running.delete(user);
      else this.running.set(user, left);
    };
  }
}
