import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteSavedObjectsStore } from './sqlite-store';
import { describeSavedObjectsStore } from './test-store-suite';

describeSavedObjectsStore('sqlite', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-store-'));
  let store = SqliteSavedObjectsStore.open(dataDir);
  return {
    store,
    async reopen() {
      await store.close();
      store = SqliteSavedObjectsStore.open(dataDir);
      return store;
    },
    async cleanup() {
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

describe('SqliteSavedObjectsStore on disk', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-store-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates the data folder and a WAL database', async () => {
    const nested = path.join(dataDir, 'a', 'b');
    const store = SqliteSavedObjectsStore.open(nested);
    expect(store.integrityCheck()).toBe('ok');
    for (const file of ['saved_objects.sqlite', 'saved_objects.sqlite-wal']) {
      expect(fs.statSync(path.join(nested, file)).mode & 0o777).toBe(0o600);
    }
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(path.join(nested, 'saved_objects.sqlite'), { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    await store.close();
  });

  it('refuses a database written by a newer build', async () => {
    const store = SqliteSavedObjectsStore.open(dataDir);
    await store.close();
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(path.join(dataDir, 'saved_objects.sqlite'));
    db.prepare('UPDATE schema_version SET version = 99').run();
    db.close();
    expect(() => SqliteSavedObjectsStore.open(dataDir)).toThrow(
      /schema version 99, newer than this build understands/,
    );
  });

  it('fails every call after close', async () => {
    const store = SqliteSavedObjectsStore.open(dataDir);
    await store.close();
    await expect(store.get({ type: 't', namespace: '', id: 'x' })).rejects.toThrow(/not open/);
  });
});
