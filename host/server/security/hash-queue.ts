/**
 * Bounds the password checks that run at once. Each scrypt check takes tens of milliseconds of CPU
 * and 32 MiB; unbounded, a flood of wrong passwords queues behind itself and a real login waits
 * seconds. A few checks run, a few more wait their turn, the rest are refused at once so the caller
 * can come back. Hand-written: the libraries at hand (rate limiters, p-limit style pools) bound the
 * work in flight but not the queue behind it.
 */
import { HashQueueFullError } from '../errors';

export interface HashQueueConfig {
  /** Checks running at once (about the number of CPU cores). */
  concurrency: number;
  /** Checks waiting for a turn; one more is refused. */
  maxWaiting: number;
}

const DEFAULT_HASH_QUEUE: Readonly<HashQueueConfig> = Object.freeze({
  concurrency: 2,
  maxWaiting: 8,
});

export class HashQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /**
   * Checks of clients already known for the name (they logged in as it before): served before the
   * others and never refused, so a flood of strangers cannot keep a user out. One check runs at a
   * time per client and name, so these are as many as the users logging in at that moment.
   */
  private readonly waitingKnown: Array<() => void> = [];

  constructor(private readonly config: HashQueueConfig = DEFAULT_HASH_QUEUE) {}

  /**
   * Runs `check` when a slot is free; rejects with `HashQueueFullError` at once when the queue is
   * full, unless the check is for a `known` client.
   */
  async run<T>(check: () => Promise<T>, known = false): Promise<T> {
    if (this.running >= this.config.concurrency) {
      if (!known && this.waiting.length >= this.config.maxWaiting) throw new HashQueueFullError();
      await new Promise<void>((resolve) =>
        (known ? this.waitingKnown : this.waiting).push(resolve),
      );
    } else {
      this.running += 1;
    }
    try {
      return await check();
    } finally {
      // A waiter inherits the slot, so `running` only drops when nobody waits.
      const next = this.waitingKnown.shift() ?? this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
