/**
 * Coordination of instances sharing one PostgreSQL database: named locks are advisory locks (so a
 * guarded job runs on one instance at a time, and a crashed holder frees its lock with its
 * session), and rate limiters count in a shared table. An in-process lock in front means one
 * instance never opens more than one lock connection per name.
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
import { RATE_LIMITS_TABLE } from './schema';

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
