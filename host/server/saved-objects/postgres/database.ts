/**
 * The connection to a PostgreSQL saved-objects database (`SVC_SAVED_OBJECTS_URL=postgres://…`):
 * a pool for the store's queries, and dedicated connections for session-level advisory locks,
 * which must outlive any single query and vanish with the process that took them.
 */
import { Client, Pool, type ClientBase } from 'pg';
import type { Logger } from '../../types';

/** Pooled connections per instance; several instances share the server's `max_connections`. */
export const DEFAULT_POOL_SIZE = 10;
const CONNECT_TIMEOUT_MS = 10_000;
const IDLE_TIMEOUT_MS = 30_000;

export interface PostgresDatabaseOptions {
  url: string;
  logger: Logger;
  poolSize?: number;
}

/** The URL without its password, for log lines and error messages. */
export function describePostgresUrl(url: string): string {
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
  private readonly connection: { connectionString: string; options: string };
  private readonly logger: Logger;
  private closed = false;

  constructor(options: PostgresDatabaseOptions) {
    this.connection = connectionConfig(options.url);
    this.logger = options.logger;
    this.description = describePostgresUrl(options.url);
    this.pool = new Pool({
      ...this.connection,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: IDLE_TIMEOUT_MS,
    });
    // An idle pooled connection that drops is replaced on the next query; without a listener it would end the process.
    this.pool.on('error', (error) =>
      this.logger.warn(`A pooled connection to ${this.description} failed: ${error.message}`),
    );
  }

  /** A connection of its own (not pooled): advisory locks taken on it last until it ends. */
  async connectDedicated(onLost: (error: Error) => void): Promise<Client> {
    if (this.closed) throw new Error(`The connection to ${this.description} is closed.`);
    const client = new Client({
      ...this.connection,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client.on('error', onLost);
    try {
      await client.connect();
    } catch (error) {
      throw new Error(
        `Cannot connect to the saved-objects database ${this.description}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    return client;
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
    await this.pool.end();
  }
}
