import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { PostgresDatabase } from './postgres/database';
import { PostgresSavedObjectsStore } from './postgres/postgres-store';
import {
  createTestDatabase,
  describeWithPostgres,
  type TestDatabase,
} from './postgres/test-support';
import { SqliteSavedObjectsStore } from './store/sqlite-store';
import type { SavedObjectsStore } from './store/types';
import { createRecordingLogger } from './testing';

const ACKNOWLEDGED_BEFORE_KILL = 300;

/** Runs the writer until it has acknowledged `count` writes, kills it with SIGKILL, and returns every acknowledged line. */
function writeUntilKilled(dataDir: string, count: number, url?: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const args = ['--import', 'tsx', path.join(__dirname, 'crash-writer.fixture.ts'), dataDir];
    if (url) args.push(url);
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const acknowledged: string[] = [];
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      acknowledged.push(line);
      if (acknowledged.length === count) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      if (signal === 'SIGKILL') resolve(acknowledged);
      else reject(new Error(`writer ended without being killed: ${stderr}`));
    });
  });
}

/** Every acknowledged object is there, and the counter is at least at the last acknowledged value. */
async function expectAcknowledgedWrites(
  store: SavedObjectsStore,
  acknowledged: string[],
): Promise<void> {
  expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
  const ids = acknowledged.map((line) => line.split(' ')[0]);
  const documents = await store.bulkGet(
    ids.map((id) => ({ type: 'crash-test', namespace: 'default', id })),
  );
  expect(documents.filter((document) => !document)).toHaveLength(0);
  const lastCounter = Number(acknowledged[acknowledged.length - 1].split(' ')[1]);
  const counter = await store.get({ type: 'crash-test', namespace: 'default', id: 'counter' });
  expect(counter?.attributes.value).toBeGreaterThanOrEqual(lastCounter);
}

describe('crash safety', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-crash-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('SQLite keeps every acknowledged write after a SIGKILL mid-write', async () => {
    const acknowledged = await writeUntilKilled(dataDir, ACKNOWLEDGED_BEFORE_KILL);
    const store = SqliteSavedObjectsStore.open(dataDir);
    try {
      expect(store.integrityCheck()).toBe('ok');
      await expectAcknowledgedWrites(store, acknowledged);
    } finally {
      await store.close();
    }
  }, 60_000);

  describeWithPostgres('PostgreSQL', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database.drop());

    it('acknowledges a write only once it is committed: all there after a SIGKILL mid-write', async () => {
      const acknowledged = await writeUntilKilled(dataDir, ACKNOWLEDGED_BEFORE_KILL, database.url);
      const logger = createRecordingLogger();
      const store = await PostgresSavedObjectsStore.open(
        new PostgresDatabase({ url: database.url, logger }),
        logger,
      );
      try {
        await expectAcknowledgedWrites(store, acknowledged);
      } finally {
        await store.close();
      }
    }, 60_000);
  });
});
