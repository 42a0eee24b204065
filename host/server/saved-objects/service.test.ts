import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SavedObjectsServiceSetup } from '../types';
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

  it('refuses a database URL it cannot serve, naming the scheme', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-so-'));
    const service = createSavedObjectsService({
      dataDir,
      url: 'mysql://db/x',
      logger: createRecordingLogger(),
    });
    await expect(service.start()).rejects.toThrow(
      'SVC_SAVED_OBJECTS_URL with scheme [mysql] is not supported',
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
