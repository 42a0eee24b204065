// Reports in the saved-objects store, on SQLite and on PostgreSQL: each user's own (admins see all),
// names cannot reach another object, bytes come back equal over many chunks, the oldest go past the
// per-user limit whichever store object made them, and a failed or oversized write leaves nothing.
import { randomBytes } from 'node:crypto';
import { buffer, text } from 'node:stream/consumers';
import type { Writable } from 'node:stream';
import {
  createTestDatabase,
  describeWithPostgres,
  type TestDatabase,
} from '@host/server/saved-objects/postgres/test-support';
import { startTestSavedObjects, type TestSavedObjects } from '@host/server/saved-objects/testing';
import { REPORT_SAVED_OBJECT_TYPES } from '.';
import { CHUNK_BYTES, ReportStore, isReportName } from './report-store';
import { REPORT_CHUNK_TYPE, reportSavedObjectTypes } from './saved-object-types';

const write = (content: string | Buffer) => async (output: Writable) => {
  output.write(content);
};

function describeReportStore(backend: string, url: () => Promise<string | undefined>) {
  describe(`report store on ${backend}`, () => {
    let saved: TestSavedObjects;
    let store: ReportStore;
    const alice = { username: 'alice', admin: false };
    const bob = { username: 'bob', admin: false };
    const admin = { username: 'root', admin: true };
    const repository = () => saved.start.createInternalRepository(REPORT_SAVED_OBJECT_TYPES);
    const chunkCount = async () =>
      (await repository().find({ type: REPORT_CHUNK_TYPE, perPage: 1 })).total;
    beforeEach(async () => {
      saved = await startTestSavedObjects(
        (setup) => reportSavedObjectTypes.forEach((type) => setup.registerType(type)),
        { url: await url() },
      );
      store = new ReportStore(repository(), { keptPerUser: 3, maxSizeBytes: 2 * CHUNK_BYTES });
    });
    afterEach(() => saved.cleanup());

    const save = (owner: string, at: number, content: string | Buffer = 'pdf', into = store) => {
      const createdAt = new Date(Date.UTC(2026, 10, 26, 10, 0, at));
      const name = into.newName('gdpr', createdAt);
      return into.save(
        { name, owner, title: 'GDPR report', viewId: 'gdpr' },
        createdAt,
        write(content),
      );
    };

    it("keeps each user's reports apart; an admin sees everyone's", async () => {
      const own = await save('alice', 1, 'alice-bytes');
      await save('bob', 2);
      expect((await store.list(alice)).map((report) => report.owner)).toEqual(['alice']);
      expect((await store.list(admin)).map((report) => report.owner)).toEqual(['bob', 'alice']);
      const opened = await store.open(alice, own.name);
      expect(await text(opened.stream)).toBe('alice-bytes');
      expect(opened.report).toMatchObject({ owner: 'alice', size: 11, viewId: 'gdpr' });
      await expect(store.open(bob, own.name)).rejects.toMatchObject({
        statusCode: 404,
        code: 'report_not_found',
      });
      await expect(store.delete(bob, own.name)).rejects.toMatchObject({ statusCode: 404 });
      expect(await text((await store.open(admin, own.name)).stream)).toBe('alice-bytes');
      await store.delete(alice, own.name);
      expect(await store.list(alice)).toEqual([]);
      expect(await chunkCount()).toBe(1);
    });

    it('gives back the bytes it was given, over several chunks, one chunk at a time', async () => {
      const bytes = randomBytes(Math.floor(CHUNK_BYTES * 1.5));
      const own = await save('alice', 1, bytes);
      expect(own.size).toBe(bytes.length);
      expect(await chunkCount()).toBe(2);
      const { stream } = await store.open(alice, own.name);
      const chunks: number[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk.length));
      expect((await buffer(stream)).equals(bytes)).toBe(true);
      expect(Math.max(...chunks)).toBeLessThanOrEqual(CHUNK_BYTES);
    });

    it('refuses names that could reach another object', async () => {
      for (const name of ['../x.pdf', '..%2Fx.pdf', 'a/b.pdf', '.hidden.pdf', 'x.pdf:0', 'x..pdf'])
        expect(isReportName(name)).toBe(false);
      expect(isReportName('gdpr-2026-11-26T10-00-01Z-0a1b2c3d.pdf')).toBe(true);
      await expect(store.open(admin, '../../etc/passwd')).rejects.toMatchObject({
        statusCode: 404,
      });
    });

    it('keeps the newest reports of a user past the per-user limit, across store objects', async () => {
      // Another instance's store over the same database.
      const other = new ReportStore(repository(), { keptPerUser: 3, maxSizeBytes: CHUNK_BYTES });
      for (let at = 1; at <= 5; at++) await save('alice', at, 'pdf', at % 2 ? store : other);
      const left = await store.list(alice);
      expect(left.map((report) => report.createdAt)).toEqual([
        '2026-11-26T10:00:05.000Z',
        '2026-11-26T10:00:04.000Z',
        '2026-11-26T10:00:03.000Z',
      ]);
      expect(await chunkCount()).toBe(3);
    });

    it('fails a report past the size limit and leaves no chunk behind', async () => {
      await expect(save('alice', 1, randomBytes(2 * CHUNK_BYTES + 1))).rejects.toMatchObject({
        code: 'report_too_large',
      });
      expect(await store.list(alice)).toEqual([]);
      expect(await chunkCount()).toBe(0);
    });

    it('leaves nothing behind when the writer fails mid-way', async () => {
      const createdAt = new Date();
      await expect(
        store.save(
          { name: store.newName('gdpr', createdAt), owner: 'alice', title: 'x', viewId: 'gdpr' },
          createdAt,
          async (output) => {
            output.write(randomBytes(CHUNK_BYTES + 10));
            await new Promise((resolve) => output.write('more', resolve));
            throw new Error('layout failed');
          },
        ),
      ).rejects.toThrow('layout failed');
      expect(await chunkCount()).toBe(0);
      expect(await store.list(admin)).toEqual([]);
    });

    it('removes the chunks of a report whose record was never written, and only those', async () => {
      const kept = await save('alice', 1);
      await repository().create(REPORT_CHUNK_TYPE, { data: 'AAAA' }, { id: 'dead-1.pdf:0' });
      await repository().create(REPORT_CHUNK_TYPE, { data: 'AAAA' }, { id: 'dead-1.pdf:1' });
      await store.discardUnfinished('dead-1.pdf');
      await store.discardUnfinished(kept.name);
      expect(await chunkCount()).toBe(1);
      expect(await text((await store.open(alice, kept.name)).stream)).toBe('pdf');
    });
  });
}

describeReportStore('SQLite', async () => undefined);

let database: TestDatabase | undefined;
describeWithPostgres('report store (PostgreSQL)', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());
  describeReportStore('PostgreSQL', async () => {
    // Each test starts on an empty database.
    await database!.drop();
    database = await createTestDatabase();
    return database.url;
  });
});
