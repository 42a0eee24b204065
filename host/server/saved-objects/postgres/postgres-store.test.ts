import { Client } from 'pg';
import { createRecordingLogger } from '../testing';
import { describeSavedObjectsStore } from '../store/test-store-suite';
import type { NewDocument } from '../store/types';
import { PostgresDatabase } from './database';
import { PostgresSavedObjectsStore } from './postgres-store';
import { MIGRATIONS, SCHEMA_VERSION_TABLE } from './schema';
import { createTestDatabase, describeWithPostgres, type TestDatabase } from './test-support';

jest.setTimeout(60_000);

function openStore(url: string): Promise<PostgresSavedObjectsStore> {
  const logger = createRecordingLogger();
  return PostgresSavedObjectsStore.open(new PostgresDatabase({ url, logger, poolSize: 4 }), logger);
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

const note = (id: string, attributes: Record<string, unknown>): NewDocument => ({
  type: 'note',
  namespace: 'default',
  id,
  attributes,
  references: [],
  namespaces: null,
  updatedAt: '2024-01-01T00:00:00.000Z',
});

describeWithPostgres('PostgresSavedObjectsStore', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  /** Each fixture starts from an empty schema, so every test also runs the migration. */
  async function resetSchema(): Promise<void> {
    await query(database.url, 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  }

  describeSavedObjectsStore('postgres', async () => {
    await resetSchema();
    let store = await openStore(database.url);
    return {
      store,
      async reopen() {
        await store.close();
        store = await openStore(database.url);
        return store;
      },
      async cleanup() {
        await store.close();
      },
    };
  });

  describe('schema', () => {
    beforeEach(resetSchema);

    it('is created once when several instances start together', async () => {
      const stores = await Promise.all(Array.from({ length: 4 }, () => openStore(database.url)));
      await Promise.all(stores.map((store) => store.close()));
      await expect(
        query(database.url, `SELECT version FROM ${SCHEMA_VERSION_TABLE}`),
      ).resolves.toEqual([{ version: MIGRATIONS.length }]);
    });

    it('refuses a database written by a newer build', async () => {
      await (await openStore(database.url)).close();
      await query(database.url, `UPDATE ${SCHEMA_VERSION_TABLE} SET version = 99`);
      await expect(openStore(database.url)).rejects.toThrow(
        /schema version 99, newer than this build understands/,
      );
    });

    it('names the database without its password when it cannot connect', async () => {
      const url = new URL(database.url);
      url.password = 'secret-pw';
      url.port = '1';
      const failure = await openStore(url.toString()).catch((error: Error) => error);
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toContain('Cannot connect to the saved-objects database');
      expect((failure as Error).message).not.toContain('secret-pw');
    });
  });

  describe('two instances on one database', () => {
    let left: PostgresSavedObjectsStore;
    let right: PostgresSavedObjectsStore;
    beforeEach(async () => {
      await resetSchema();
      [left, right] = [await openStore(database.url), await openStore(database.url)];
    });
    afterEach(async () => {
      await Promise.all([left.close(), right.close()]);
    });

    it('see each other’s writes at once and exclude each other on one version', async () => {
      const created = (await left.insert(note('n', { text: 'draft' })))!;
      await expect(right.get(note('n', {}))).resolves.toEqual(created);
      const expected = { seqNo: created.seqNo, primaryTerm: created.primaryTerm };
      for (let round = 0; round < 10; round += 1) {
        const current = (await left.get(note('n', {})))!;
        const version = { seqNo: current.seqNo, primaryTerm: current.primaryTerm };
        const results = await Promise.all([
          left.replace(note('n', { text: `left ${round}` }), version),
          right.replace(note('n', { text: `right ${round}` }), version),
        ]);
        expect(results.map((result) => result.status).sort()).toEqual(['conflict', 'ok']);
      }
      await expect(right.replace(note('n', {}), expected)).resolves.toEqual({ status: 'conflict' });
    });

    it('never lose a partial update made through either', async () => {
      const key = note('counter', {});
      await left.insert(note('counter', {}));
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? left : right).modify(key, (current) => ({
            ...current,
            attributes: { ...current.attributes, [`k${i}`]: i },
          })),
        ),
      );
      expect(Object.keys((await right.get(key))!.attributes)).toHaveLength(40);
    });
  });
});
