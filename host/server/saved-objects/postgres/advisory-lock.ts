/**
 * Named PostgreSQL advisory locks held at session level on a connection used for nothing else:
 * released when the task ends (explicitly) or when the holder dies (the server ends the session
 * with its socket), so a crashed instance never leaves a job locked.
 */
import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';
import type { Logger } from '../../types';
import type { PostgresDatabase } from './database';

/** How long `waitForAdvisoryLock` waits before it fails (user changes, schema migration). */
const LOCK_WAIT_TIMEOUT_MS = 60_000;

export type LockOutcome<T> = { acquired: true; result: T } | { acquired: false };

/** The lock's 64-bit key: the first 8 bytes of SHA-256 of the name, as a signed bigint string. */
export function advisoryLockKey(name: string): string {
  return createHash('sha256').update(`svc:${name}`).digest().readBigInt64BE(0).toString();
}

/** Runs `task` on a lock connection once `acquire` has taken the lock there; not acquired when it did not. */
async function holdingLock<T>(
  database: PostgresDatabase,
  logger: Logger,
  name: string,
  acquire: (client: PoolClient, key: string) => Promise<boolean>,
  task: (client: PoolClient) => Promise<T>,
): Promise<LockOutcome<T>> {
  let holding = false;
  const onLost = (error: Error) => {
    // The server released the lock with the session: another instance may now take it.
    if (holding)
      logger.warn(
        `Lost the connection holding lock [${name}] while its task runs: ${error.message}`,
      );
  };
  const client = await database.connectForLocks();
  client.on('error', onLost);
  let broken: Error | undefined;
  try {
    if (!(await acquire(client, advisoryLockKey(name)))) return { acquired: false };
    holding = true;
    try {
      return { acquired: true, result: await task(client) };
    } finally {
      holding = false;
      // The connection goes back to its pool holding no lock; if that cannot be made sure, it is closed.
      await client.query('SELECT pg_advisory_unlock_all()').catch((error: Error) => {
        broken = error;
        logger.warn(
          `Could not release lock [${name}]; its connection is closed instead: ${error.message}`,
        );
      });
    }
  } finally {
    client.off('error', onLost);
    client.release(broken);
  }
}

/** Runs `task` holding the named lock, or gives up at once when another session holds it. */
export function tryAdvisoryLock<T>(
  database: PostgresDatabase,
  logger: Logger,
  name: string,
  task: (client: PoolClient) => Promise<T>,
): Promise<LockOutcome<T>> {
  return holdingLock(
    database,
    logger,
    name,
    async (client, key) => {
      const { rows } = await client.query<{ acquired: boolean }>(
        'SELECT pg_try_advisory_lock($1::bigint) AS acquired',
        [key],
      );
      return rows[0].acquired;
    },
    task,
  );
}

/** Waits for the named lock (at most `LOCK_WAIT_TIMEOUT_MS`, then fails), then runs `task` holding it. */
export async function waitForAdvisoryLock<T>(
  database: PostgresDatabase,
  logger: Logger,
  name: string,
  task: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const outcome = await holdingLock(
    database,
    logger,
    name,
    async (client, key) => {
      await client.query(`SET lock_timeout = ${LOCK_WAIT_TIMEOUT_MS}`);
      await client.query('SELECT pg_advisory_lock($1::bigint)', [key]);
      return true;
    },
    task,
  );
  if (!outcome.acquired) throw new Error(`Lock [${name}] was not acquired.`);
  return outcome.result;
}
