/**
 * Test support for code on the PostgreSQL store: a fresh database per call on the local server
 * (`SVC_TEST_POSTGRES_URL`, default postgres://postgres@127.0.0.1:5432/postgres), dropped after.
 * When the server cannot be reached, `describeWithPostgres` skips its tests and prints why, unless
 * `SVC_TEST_REQUIRE_POSTGRES=1` (CI), where the missing server is a failure.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

const POSTGRES_ADMIN_URL =
  process.env.SVC_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PROBE_TIMEOUT_MS = 5_000;

let unavailableReason: string | undefined | null = null;

/**
 * Why the server cannot be used, or undefined when it can. Jest declares tests synchronously, so the
 * check connects from a child process; it runs once per test file.
 */
function postgresUnavailableReason(): string | undefined {
  if (unavailableReason !== null) return unavailableReason;
  const probe = `
    const { Client } = require(${JSON.stringify(require.resolve('pg'))});
    const client = new Client({ connectionString: process.argv[1], connectionTimeoutMillis: ${PROBE_TIMEOUT_MS} });
    client.connect().then(() => client.query('SELECT 1')).then(() => client.end()).then(
      () => process.exit(0),
      (error) => { process.stderr.write(error.message || String(error)); process.exit(1); });`;
  const result = spawnSync(process.execPath, ['-e', probe, POSTGRES_ADMIN_URL], {
    encoding: 'utf8',
    timeout: PROBE_TIMEOUT_MS * 2,
  });
  unavailableReason =
    result.status === 0
      ? undefined
      : `PostgreSQL at ${POSTGRES_ADMIN_URL} cannot be reached (${result.stderr.trim() || result.error?.message || `exit ${result.status}`})`;
  return unavailableReason;
}

/** `describe` for tests that need the PostgreSQL server: skipped with a printed reason when it is away. */
export function describeWithPostgres(name: string, body: () => void): void {
  const reason = postgresUnavailableReason();
  if (!reason) {
    describe(name, body);
    return;
  }
  if (process.env.SVC_TEST_REQUIRE_POSTGRES === '1') {
    describe(name, () => {
      it('needs the PostgreSQL server (SVC_TEST_REQUIRE_POSTGRES=1)', () => {
        throw new Error(reason);
      });
    });
    return;
  }
  console.warn(`Skipping "${name}": ${reason}. Set SVC_TEST_POSTGRES_URL to use another server.`);
  describe.skip(name, body);
}

export interface TestDatabase {
  name: string;
  /** URL of the new database (same server and user as the admin URL). */
  url: string;
  /** Drops the database, ending any connection still open to it. */
  drop(): Promise<void>;
}

async function asAdmin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database with a name unique to this run. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `svc_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await asAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      await asAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
