/**
 * Coordination between dashboard instances: named locks for work that must not run twice at once,
 * run claims for work that must run once per schedule tick, and counters (rate limiters) that every
 * instance sees. With the SQLite store every process has its own database file, so in-process locks,
 * claims and counters are all that is needed; with PostgreSQL, `PostgresCoordination`
 * (postgres/postgres-coordination.ts) puts them in the shared database.
 */
import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { CoordinationServiceStart } from '../types';

export interface RateLimiterOptions {
  /** Distinguishes the counters of one limiter from another's. */
  keyPrefix: string;
  points: number;
  /** Seconds a count lives. */
  duration: number;
}

export interface InternalCoordination extends CoordinationServiceStart {
  /** Waits until the named lock is free, then runs `task` holding it (host-internal: user changes). */
  runExclusive<T>(name: string, task: () => Promise<T>): Promise<T>;
  /** A rate limiter whose counts every instance on the same database shares (after the store has started). */
  rateLimiter(options: RateLimiterOptions): RateLimiterAbstract;
}

interface NamedLock {
  waiters: Array<() => void>;
}

export class InProcessCoordination implements InternalCoordination {
  /** A name is present while its lock is held. */
  private readonly locks = new Map<string, NamedLock>();
  /** When each live claim ends (ms since the epoch). */
  private readonly claims = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  async withLock<T>(
    name: string,
    task: () => Promise<T>,
  ): Promise<{ acquired: true; result: T } | { acquired: false }> {
    if (this.locks.has(name)) return { acquired: false };
    this.locks.set(name, { waiters: [] });
    return { acquired: true, result: await this.runAndRelease(name, task) };
  }

  rateLimiter(options: RateLimiterOptions): RateLimiterAbstract {
    return new RateLimiterMemory(options);
  }

  async claimRun(key: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    // Keys name single runs, so ended claims are only kept until the next claim comes along.
    for (const [claimed, endsAt] of this.claims) if (endsAt <= now) this.claims.delete(claimed);
    if (this.claims.has(key)) return false;
    this.claims.set(key, now + ttlMs);
    return true;
  }

  async runExclusive<T>(name: string, task: () => Promise<T>): Promise<T> {
    const lock = this.locks.get(name);
    if (lock) await new Promise<void>((resolve) => lock.waiters.push(resolve));
    else this.locks.set(name, { waiters: [] });
    return this.runAndRelease(name, task);
  }

  private async runAndRelease<T>(name: string, task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } finally {
      // Hand the lock straight to the next waiter, or free it.
      const next = this.locks.get(name)?.waiters.shift();
      if (next) next();
      else this.locks.delete(name);
    }
  }
}
