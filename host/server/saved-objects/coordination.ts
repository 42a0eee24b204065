/**
 * Named locks for work that must not run twice at once. With the SQLite store every dashboard
 * process has its own database file, so an in-process lock is all that is needed; the PostgreSQL
 * store will implement the same interface with advisory locks (`pg_try_advisory_lock` for
 * `withLock`, `pg_advisory_lock` for `runExclusive`, keyed by a hash of the name) so that several
 * instances sharing one database exclude each other.
 */
import type { CoordinationServiceStart } from '../types';

export interface InternalCoordination extends CoordinationServiceStart {
  /** Waits until the named lock is free, then runs `task` holding it (host-internal: user changes). */
  runExclusive<T>(name: string, task: () => Promise<T>): Promise<T>;
}

interface NamedLock {
  waiters: Array<() => void>;
}

export class InProcessCoordination implements InternalCoordination {
  /** A name is present while its lock is held. */
  private readonly locks = new Map<string, NamedLock>();

  async withLock<T>(
    name: string,
    task: () => Promise<T>,
  ): Promise<{ acquired: true; result: T } | { acquired: false }> {
    if (this.locks.has(name)) return { acquired: false };
    this.locks.set(name, { waiters: [] });
    return { acquired: true, result: await this.runAndRelease(name, task) };
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
