/**
 * The connection to a PostgreSQL saved-objects database (`SVC_SAVED_OBJECTS_URL=postgres://…`):
 * a pool for the store's queries, and a separate pool of connections that only ever hold
 * session-level advisory locks (which must outlive any single query, vanish with the process that
 * took them, and never tie up a connection the store needs).
 */
import { Pool, type ClientBase, type PoolClient } from 'pg';
import type { Logger } from '../../types';

/** Pooled connections per instance; several instances share the server's `max_connections`. */
const DEFAULT_POOL_SIZE = 10;
/** Locks held at once by one instance (one per running guarded job or user change). */
const LOCK_POOL_SIZE = 16;
const CONNECT_TIMEOUT_MS = 10_000;
const IDLE_TIMEOUT_MS = 30_000;

export interface PostgresDatabaseOptions {
  url: string;
  logger: Logger;
  poolSize?: number;
}

/** The URL without its password, for log lines and error messages. */
function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'an unparsable PostgreSQL URL';
  }
}

/**
 * Connection settings for the URL. Every session runs with `synchronous_commit` on, so a write is
 * acknowledged only once it is on disk whatever the server's default; session options given in
 * the URL (`?options=-c search_path=…`) are kept, since pg would let them replace ours.
 */
function connectionConfig(url: string): { connectionString: string; options: string } {
  const parsed = new URL(url);
  const fromUrl = parsed.searchParams.get('options') ?? '';
  parsed.searchParams.delete('options');
  return {
    connectionString: parsed.toString(),
    options: `${fromUrl} -c synchronous_commit=on`.trim(),
  };
}

export class PostgresDatabase {
  readonly pool: Pool;
  readonly description: string;
  private readonly lockPool: Pool;
  private readonly logger: Logger;
  private closed = false;

  constructor(options: PostgresDatabaseOptions) {
    const connection = connectionConfig(options.url);
    this.logger = options.logger;
    this.description = describePostgresUrl(options.url);
    const common = {
      ...connection,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: IDLE_TIMEOUT_MS,
    };
    this.pool = new Pool({ ...common, max: options.poolSize ?? DEFAULT_POOL_SIZE });
    this.lockPool = new Pool({ ...common, max: LOCK_POOL_SIZE });
    for (const pool of [this.pool, this.lockPool]) {
      // An idle connection that drops is replaced when next needed; without a listener it would end the process.
      pool.on('error', (error) =>
        this.logger.warn(`A pooled connection to ${this.description} failed: ${error.message}`),
      );
    }
  }

  /**
   * A connection for advisory locks, back to `release()` holding none (or with an error to be
   * closed). Lock connections are reused between tasks, but never serve a store query.
   */
  async connectForLocks(): Promise<PoolClient> {
    if (this.closed) throw new Error(`The connection to ${this.description} is closed.`);
    try {
      return await this.lockPool.connect();
    } catch (error) {
      throw new Error(
        `Cannot connect to the saved-objects database ${this.description}: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }

  /** Runs `work` in one transaction on a pooled connection; rolls back when it throws. */
  async transaction<T>(begin: string, work: (client: ClientBase) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query(begin);
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        // The connection is unusable: the pool must not hand it out again.
        broken = rollbackError as Error;
      }
      throw error;
    } finally {
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([this.pool.end(), this.lockPool.end()]);
  }
}
