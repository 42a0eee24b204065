import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { Client } from 'pg';
import { deferred, eventually } from '@test/support/waiting';
import { createRecordingLogger } from '../testing';
import { advisoryLockKey } from './advisory-lock';
import { PostgresDatabase } from './database';
import { PostgresCoordination } from './postgres-coordination';
import { PostgresSavedObjectsStore } from './postgres-store';
import { RUN_CLAIMS_TABLE } from './schema';
import { createTestDatabase, describeWithPostgres, type TestDatabase } from './test-support';

jest.setTimeout(60_000);

/** One dashboard instance's view of the database: its own connections and coordination. */
interface Instance {
  database: PostgresDatabase;
  coordination: PostgresCoordination;
}

describeWithPostgres('PostgresCoordination', () => {
  let testDatabase: TestDatabase;
  const instances: Instance[] = [];

  async function instance(): Promise<Instance> {
    const logger = createRecordingLogger();
    const database = new PostgresDatabase({ url: testDatabase.url, logger, poolSize: 4 });
    const created = { database, coordination: new PostgresCoordination(database, logger) };
    instances.push(created);
    return created;
  }

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    // The schema holds the rate-limit and run-claim tables.
    const logger = createRecordingLogger();
    await (
      await PostgresSavedObjectsStore.open(
        new PostgresDatabase({ url: testDatabase.url, logger }),
        logger,
      )
    ).close();
  });
  afterEach(async () => {
    await Promise.all(instances.splice(0).map(({ database }) => database.close()));
  });
  afterAll(() => testDatabase.drop());

  it('runs a guarded job on one instance at a time and frees the lock afterwards', async () => {
    const [a, b] = [await instance(), await instance()];
    const gate = deferred();
    let runs = 0;
    const job = async () => {
      runs += 1;
      await gate.promise;
      return runs;
    };
    const first = a.coordination.withLock('job', job);
    await eventually(async () => (runs === 1 ? true : undefined));
    await expect(b.coordination.withLock('job', job)).resolves.toEqual({ acquired: false });
    await expect(a.coordination.withLock('job', job)).resolves.toEqual({ acquired: false });
    await expect(b.coordination.withLock('other', async () => 'other')).resolves.toEqual({
      acquired: true,
      result: 'other',
    });
    gate.resolve();
    await expect(first).resolves.toEqual({ acquired: true, result: 1 });
    await expect(b.coordination.withLock('job', job)).resolves.toEqual({
      acquired: true,
      result: 2,
    });
  });

  it('frees the lock when the task fails', async () => {
    const [a, b] = [await instance(), await instance()];
    await expect(
      a.coordination.withLock('job', async () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    await expect(b.coordination.withLock('job', async () => 1)).resolves.toEqual({
      acquired: true,
      result: 1,
    });
  });

  it('runExclusive queues tasks of every instance one after another', async () => {
    const [a, b] = [await instance(), await instance()];
    let inside = 0;
    let most = 0;
    const task = (label: string, order: string[]) => async () => {
      inside += 1;
      most = Math.max(most, inside);
      // A round trip to the database inside the section: a task let in beside it would be seen here.
      await a.database.pool.query('SELECT 1');
      order.push(label);
      inside -= 1;
      return label;
    };
    const order: string[] = [];
    const labels = ['a1', 'b1', 'a2', 'b2', 'a3', 'b3'];
    const results = await Promise.all(
      labels.map((label) =>
        (label.startsWith('a') ? a : b).coordination.runExclusive('users', task(label, order)),
      ),
    );
    expect(results).toEqual(labels);
    expect(order.sort()).toEqual([...labels].sort());
    expect(most).toBe(1);
  });

  it('frees the lock of an instance that dies while holding it', async () => {
    const [survivor] = [await instance()];
    const holder: ChildProcess = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(__dirname, 'lock-holder.fixture.ts'),
        testDatabase.url,
        'crash-job',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    holder.stderr!.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise((resolve) => holder.on('close', resolve));
    await new Promise<void>((resolve, reject) => {
      readline.createInterface({ input: holder.stdout! }).on('line', (line) => {
        if (line === 'held') resolve();
      });
      holder.on('close', () => reject(new Error(`lock holder ended early: ${stderr}`)));
    });
    await expect(survivor.coordination.withLock('crash-job', async () => 'x')).resolves.toEqual({
      acquired: false,
    });
    holder.kill('SIGKILL');
    await exited;
    // The server notices the closed socket and ends the session, releasing its locks.
    const outcome = await eventually(async () => {
      const attempt = await survivor.coordination.withLock('crash-job', async () => 'taken over');
      return attempt.acquired ? attempt : undefined;
    });
    expect(outcome).toEqual({ acquired: true, result: 'taken over' });
  });

  it('holds locks at session level on a connection of its own, and unlocks them when done', async () => {
    const [a] = [await instance()];
    const observer = new Client({ connectionString: testDatabase.url });
    await observer.connect();
    try {
      const locksHeld = async () =>
        (
          await observer.query(
            `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted
               AND ((classid::bigint << 32) | objid::bigint) = $1::bigint`,
            [advisoryLockKey('visible')],
          )
        ).rows[0].n as number;
      let during = -1;
      await a.coordination.withLock('visible', async () => {
        during = await locksHeld();
      });
      expect(during).toBe(1);
      expect(await locksHeld()).toBe(0);
    } finally {
      await observer.end();
    }
  });

  it('reuses its lock connections instead of opening one per task', async () => {
    const [a] = [await instance()];
    const observer = new Client({ connectionString: testDatabase.url });
    await observer.connect();
    const connections = async () =>
      (
        await observer.query(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        )
      ).rows[0].n as number;
    try {
      // Sessions of earlier tests may still be ending: count only what appears meanwhile.
      const before = await connections();
      for (let run = 0; run < 30; run += 1) {
        await expect(a.coordination.withLock(`job-${run % 3}`, async () => run)).resolves.toEqual({
          acquired: true,
          result: run,
        });
      }
      expect((await connections()) - before).toBeLessThanOrEqual(1);
    } finally {
      await observer.end();
    }
  });

  it('grants each run claim to exactly one of several instances claiming it at once', async () => {
    const all = await Promise.all([instance(), instance(), instance()]);
    for (let tick = 0; tick < 20; tick += 1) {
      const key = `job:${tick}`;
      const granted = await Promise.all(
        all.flatMap(({ coordination }) => [
          coordination.claimRun(key, 60_000),
          coordination.claimRun(key, 60_000),
        ]),
      );
      expect(granted.filter(Boolean)).toHaveLength(1);
    }
  });

  it('lets a key be claimed again once its claim has ended, and removes ended claims', async () => {
    const [a, b] = [await instance(), await instance()];
    // A claim of 0 ms has ended as soon as it is made (by the database's clock).
    await expect(a.coordination.claimRun('short', 0)).resolves.toBe(true);
    await expect(a.coordination.claimRun('stale', 0)).resolves.toBe(true);
    await expect(b.coordination.claimRun('short', 60_000)).resolves.toBe(true);
    await expect(a.coordination.claimRun('short', 60_000)).resolves.toBe(false);
    const { rows } = await a.database.pool.query<{ key: string }>(
      `SELECT key FROM ${RUN_CLAIMS_TABLE} ORDER BY key`,
    );
    expect(rows.map((row) => row.key)).not.toContain('stale');
    expect(rows.map((row) => row.key)).toContain('short');
  });

  it('shares rate-limit counts between instances, for keys of any length', async () => {
    const [a, b] = [await instance(), await instance()];
    const options = { keyPrefix: 'test-limit', points: 3, duration: 60 };
    const [left, right] = [
      a.coordination.rateLimiter(options),
      b.coordination.rateLimiter(options),
    ];
    const longKey = 'u'.repeat(1024);
    await left.consume(longKey);
    await right.consume(longKey);
    await expect(left.get(longKey)).resolves.toMatchObject({ consumedPoints: 2 });
    await right.delete(longKey);
    await expect(left.get(longKey)).resolves.toBeNull();
  });
});
