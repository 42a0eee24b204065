/**
 * The PostgreSQL schema of the saved-objects store, created or migrated on start. Steps run in
 * order, each applied once; `svc_schema_version` records how many have run. Migration happens in
 * one transaction under an advisory lock, so instances starting together apply each step once.
 *
 * Text keys use the "C" collation so ids sort byte-wise as in SQLite, whatever the database's
 * locale. Attributes are `json` rather than `jsonb`: it keeps key order and accepts every string
 * JSON.stringify makes (jsonb refuses `\u0000`).
 */
import type { ClientBase } from 'pg';
import type { Logger } from '../../types';
import { waitForAdvisoryLock } from './advisory-lock';
import type { PostgresDatabase } from './database';

export const SAVED_OBJECTS_TABLE = 'svc_saved_objects';
export const SEQ_NO_SEQUENCE = 'svc_saved_objects_seq_no';
/** Counters of rate-limiter-flexible's PostgreSQL store (login throttling), shared by all instances. */
export const RATE_LIMITS_TABLE = 'svc_rate_limits';
/** Claims of scheduled runs (`coordination.claimRun`): the first instance to insert a key runs it. */
export const RUN_CLAIMS_TABLE = 'svc_run_claims';
export const SCHEMA_VERSION_TABLE = 'svc_schema_version';
const MIGRATION_LOCK = 'svc.saved-objects.schema';

export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE ${SAVED_OBJECTS_TABLE} (
     type text COLLATE "C" NOT NULL,
     namespace text COLLATE "C" NOT NULL,
     id text COLLATE "C" NOT NULL,
     attributes json NOT NULL,
     references_json json NOT NULL,
     namespaces json,
     seq_no bigint NOT NULL,
     primary_term integer NOT NULL,
     updated_at text COLLATE "C" NOT NULL,
     PRIMARY KEY (type, namespace, id)
   );
   CREATE SEQUENCE ${SEQ_NO_SEQUENCE};
   -- rate-limiter-flexible's own layout, with a text key: login keys carry user names of any length.
   CREATE TABLE ${RATE_LIMITS_TABLE} (
     key text PRIMARY KEY,
     points integer NOT NULL DEFAULT 0,
     expire bigint
   );`,
  `CREATE TABLE ${RUN_CLAIMS_TABLE} (
     key text COLLATE "C" PRIMARY KEY,
     expires_at timestamptz NOT NULL
   );`,
];

async function applyMigrations(client: ClientBase, logger: Logger): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${SCHEMA_VERSION_TABLE} (version integer NOT NULL)`,
    );
    const { rows } = await client.query<{ version: number }>(
      `SELECT version FROM ${SCHEMA_VERSION_TABLE}`,
    );
    const current = rows[0]?.version ?? 0;
    if (current > MIGRATIONS.length) {
      throw new Error(
        `The saved-objects database has schema version ${current}, newer than this build understands (${MIGRATIONS.length}).`,
      );
    }
    for (const step of MIGRATIONS.slice(current)) await client.query(step);
    if (rows.length === 0)
      await client.query(`INSERT INTO ${SCHEMA_VERSION_TABLE} (version) VALUES ($1)`, [
        MIGRATIONS.length,
      ]);
    else if (current < MIGRATIONS.length)
      await client.query(`UPDATE ${SCHEMA_VERSION_TABLE} SET version = $1`, [MIGRATIONS.length]);
    await client.query('COMMIT');
    if (current < MIGRATIONS.length)
      logger.info(`Saved-objects schema migrated from version ${current} to ${MIGRATIONS.length}`);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** Brings the schema up to date; waits while another instance migrates. */
export async function migrate(database: PostgresDatabase, logger: Logger): Promise<void> {
  await waitForAdvisoryLock(database, logger, MIGRATION_LOCK, (client) =>
    applyMigrations(client, logger),
  );
}
