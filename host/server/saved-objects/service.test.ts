import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SavedObjectsServiceSetup } from '../types';
import {
  createTestDatabase,
  describeWithPostgres,
  type TestDatabase,
} from './postgres/test-support';
import { createSavedObjectsService } from './service';
import { createRecordingLogger, startTestSavedObjects } from './testing';

describe('createSavedObjectsService', () => {
  it('stores objects in <data>/saved_objects.sqlite and keeps them across restarts', async () => {
    const register = (setup: SavedObjectsServiceSetup) =>
      setup.registerType({
        name: 'note',
        hidden: false,
        namespaceType: 'agnostic',
        mappings: { properties: {} },
      });
    const first = await startTestSavedObjects(register);
    await first.start.createInternalRepository().create('note', { text: 'kept' }, { id: 'n' });
    expect(first.logger.records.map((r) => r.message)).toContain(
      `Saved objects are stored in ${path.join(first.dataDir, 'saved_objects.sqlite')}`,
    );
    await first.service.stop();

    const second = await startTestSavedObjects(register, { dataDir: first.dataDir });
    await expect(second.start.createInternalRepository().get('note', 'n')).resolves.toMatchObject({
      attributes: { text: 'kept' },
    });
    await second.cleanup();
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  });

  it('refuses a second start', async () => {
    const so = await startTestSavedObjects(() => undefined);
    await expect(so.service.start()).rejects.toThrow(
      'The saved-objects service is already started.',
    );
    await so.cleanup();
  });

  it('refuses a database URL it cannot serve, naming the scheme', () => {
    expect(() =>
      createSavedObjectsService({
        dataDir: os.tmpdir(),
        url: 'mysql://db/x',
        logger: createRecordingLogger(),
      }),
    ).toThrow('SVC_SAVED_OBJECTS_URL with scheme [mysql] is not supported');
  });
});

describeWithPostgres('createSavedObjectsService on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const register = (setup: SavedObjectsServiceSetup) =>
    setup.registerType({
      name: 'note',
      hidden: false,
      namespaceType: 'agnostic',
      mappings: { properties: {} },
    });

  it('stores objects in the database named by the URL, shared by every instance on it', async () => {
    const url = new URL(database.url);
    url.password = 'unused-secret';
    const first = await startTestSavedObjects(register, {
      url: url.toString(),
      encryptionKey: 'k'.repeat(32),
    });
    const second = await startTestSavedObjects(register, { url: database.url });
    try {
      await first.start.createInternalRepository().create('note', { text: 'shared' }, { id: 'n' });
      await expect(second.start.createInternalRepository().get('note', 'n')).resolves.toMatchObject(
        {
          attributes: { text: 'shared' },
        },
      );
      const messages = first.logger.records.map((r) => r.message);
      expect(messages).toContain(
        `Saved objects are stored in PostgreSQL at postgres://postgres:***@127.0.0.1:5432/${database.name}`,
      );
      expect(messages.join('\n')).not.toContain('unused-secret');
      expect(fs.readdirSync(first.dataDir)).toEqual([]);
      expect(first.logger.records.filter((r) => r.level === 'warn')).toEqual([]);
    } finally {
      await first.cleanup();
      await second.cleanup();
    }
    expect(second.logger.records).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: expect.stringContaining('SVC_ENCRYPTION_KEY is not set'),
      }),
    );
  });

  it('fails to start, naming the database without its password, when the server is away', async () => {
    const url = new URL(database.url);
    url.password = 'unused-secret';
    url.port = '1';
    const service = createSavedObjectsService({
      dataDir: os.tmpdir(),
      url: url.toString(),
      logger: createRecordingLogger(),
    });
    const failure = (await service.start().catch((error: Error) => error)) as Error;
    expect(failure.message).toMatch(
      /^Cannot connect to the saved-objects database postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\//,
    );
    expect(failure.message).not.toContain('unused-secret');
  });
});
