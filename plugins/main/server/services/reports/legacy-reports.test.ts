// Reports an earlier version kept on disk are moved into the shared store at start: each streamed
// in with its record, its files removed, the folder removed once empty; one whose record cannot be
// read stays where it is, named in a warning; a second start imports nothing twice.
import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { startTestSavedObjects, type TestSavedObjects } from '@host/server/saved-objects/testing';
import { REPORT_SAVED_OBJECT_TYPES } from '.';
import { importLegacyReports } from './legacy-reports';
import { CHUNK_BYTES, ReportStore } from './report-store';
import { reportSavedObjectTypes } from './saved-object-types';

describe('reports of an earlier version', () => {
  let saved: TestSavedObjects;
  let store: ReportStore;
  beforeEach(async () => {
    saved = await startTestSavedObjects((setup) =>
      reportSavedObjectTypes.forEach((type) => setup.registerType(type)),
    );
    store = new ReportStore(saved.start.createInternalRepository(REPORT_SAVED_OBJECT_TYPES), {
      keptPerUser: 10,
      maxSizeBytes: 4 * CHUNK_BYTES,
    });
  });
  afterEach(() => saved.cleanup());

  it('moves them into the store and removes their files', async () => {
    const root = path.join(saved.dataDir, 'reports');
    const folder = path.join(root, '0a1b2c');
    await mkdir(folder, { recursive: true });
    const name = 'gdpr-2026-11-20T10-00-00Z-0a1b2c3d.pdf';
    const pdf = Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(CHUNK_BYTES, 7)]);
    const record = {
      name,
      owner: 'alice',
      title: 'GDPR report',
      viewId: 'gdpr',
      size: pdf.length,
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    await writeFile(path.join(folder, name), pdf);
    await writeFile(path.join(folder, `${name}.json`), JSON.stringify(record));
    const broken = 'tsc-2026-11-20T10-00-00Z-00000000.pdf';
    await writeFile(path.join(folder, broken), 'x');
    await writeFile(path.join(folder, `${broken}.json`), '{not json');

    expect(await importLegacyReports(root, store, saved.logger)).toBe(1);
    const alice = { username: 'alice', admin: false };
    expect(await store.list(alice)).toEqual([record]);
    expect((await buffer((await store.open(alice, name)).stream)).equals(pdf)).toBe(true);
    expect(await readdir(folder)).toEqual([broken, `${broken}.json`].sort());
    expect(saved.logger.records.map((entry) => entry.message).join('\n')).toContain(broken);

    expect(await importLegacyReports(root, store, saved.logger)).toBe(0);
    expect(await store.list(alice)).toHaveLength(1);
  });

  it('does nothing without the folder', async () => {
    expect(
      await importLegacyReports(path.join(saved.dataDir, 'reports'), store, saved.logger),
    ).toBe(0);
    expect(existsSync(path.join(saved.dataDir, 'reports'))).toBe(false);
  });
});
