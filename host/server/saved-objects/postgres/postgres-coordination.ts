/**
 * Coordination of instances sharing one PostgreSQL database: named locks are advisory locks (so a
 * guarded job runs on one instance at a time, and a crashed holder frees its lock with its
 * session), run claims are rows of a shared table, and rate limiters count in another. An
 * in-process lock in front means one instance never opens more than one lock connection per name.
 */
import { RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Logger } from '../../types';
import {
  InProcessCoordination,
  type InternalCoordination,
  type RateLimiterOptions,
} from '../coordination';
import { tryAdvisoryLock, waitForAdvisoryLock, type LockOutcome } from './advisory-lock';
import type { PostgresDatabase } from './database';
import { RATE_LIMITS_TABLE, RUN_CLAIMS_TABLE } from './schema';

export class PostgresCoordination implements InternalCoordination {
  private readonly local = new InProcessCoordination();

  constructor(
    private readonly database: PostgresDatabase,
    private readonly logger: Logger,
  ) {}

  async withLock<T>(name: string, task: () => Promise<T>): Promise<LockOutcome<T>> {
    const outcome = await this.local.withLock(name, () =>
      tryAdvisoryLock(this.database, this.logger, name, task),
    );
    return outcome.acquired ? outcome.result : { acquired: false };
  }

  runExclusive<T>(name: string, task: () => Promise<T>): Promise<T> {
    return this.local.runExclusive(name, () =>
      waitForAdvisoryLock(this.database, this.logger, name, task),
    );
  }

  /**
   * One statement: the insert wins only when no live claim holds the key, and ended claims of other
   * keys are removed on the way so the table stays as small as the claims alive.
   */
  async claimRun(key: string, ttlMs: number): Promise<boolean> {
    const { rowCount } = await this.database.pool.query(
      `WITH ended AS (DELETE FROM ${RUN_CLAIMS_TABLE} WHERE expires_at <= now() AND key <> $1)
       INSERT INTO ${RUN_CLAIMS_TABLE} (key, expires_at)
       VALUES ($1, now() + $2 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET expires_at = EXCLUDED.expires_at
         WHERE ${RUN_CLAIMS_TABLE}.expires_at <= now()`,
      [key, ttlMs],
    );
    return rowCount === 1;
  }

  rateLimiter(options: RateLimiterOptions): RateLimiterAbstract {
    return new RateLimiterPostgres({
      ...options,
      storeClient: this.database.pool,
      storeType: 'pool',
      tableName: RATE_LIMITS_TABLE,
      // The schema migration made the table (with a text key: the library's own is varchar(255)).
      tableCreated: true,
    });
  }
}
