// Reports on disk: per-user folders, admins see all, names cannot leave the folder, the oldest
// go past the per-user limit, and a report past the size limit leaves nothing behind.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import type { Writable } from 'node:stream';
import { ReportStore, isReportName } from './report-store';

const write = (content: string) => async (output: Writable) => {
  output.write(content);
};

describe('report store', () => {
  let root: string;
  let store: ReportStore;
  const alice = { caller: 'alice', admin: false };
  const bob = { caller: 'bob', admin: false };
  const admin = { caller: 'root', admin: true };
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'svc-reports-'));
    store = new ReportStore(root, 3, 1_000);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const save = (owner: string, at: number, content = 'pdf') => {
    const createdAt = new Date(Date.UTC(2026, 10, 26, 10, 0, at));
    const name = store.newName('gdpr', createdAt);
    return store.save(
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
  });

  it('refuses names that could leave the folder', async () => {
    for (const name of [
      '../x.pdf',
      '..%2Fx.pdf',
      'a/b.pdf',
      '.hidden.pdf',
      'x.PDF.json',
      'x..pdf',
      'x',
    ])
      expect(isReportName(name)).toBe(false);
    expect(isReportName('gdpr-2026-11-26T10-00-01Z-0a1b2c3d.pdf')).toBe(true);
    await expect(store.open(admin, '../../etc/passwd')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('keeps the newest reports of a user past the per-user limit', async () => {
    for (let at = 1; at <= 5; at++) await save('alice', at);
    const left = await store.list(alice);
    expect(left.map((report) => report.createdAt)).toEqual([
      '2026-11-26T10:00:05.000Z',
      '2026-11-26T10:00:04.000Z',
      '2026-11-26T10:00:03.000Z',
    ]);
  });

  it('fails a report past the size limit and leaves no file', async () => {
    await expect(save('alice', 1, 'x'.repeat(1_001))).rejects.toMatchObject({
      code: 'report_too_large',
    });
    const folders = await readdir(root);
    for (const folder of folders) expect(await readdir(path.join(root, folder))).toEqual([]);
    expect(await store.list(alice)).toEqual([]);
  });
});
