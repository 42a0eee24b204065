/**
 * Test support for code built on saved objects: a started service over a fresh temporary data
 * folder, a logger that records what it was given, and the in-process coordination. Plugins' tests
 * may import it (a test-support name), never their product code.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRecordingLogger } from '../logging/test-recording-logger';
import type { SavedObjectsServiceSetup, SavedObjectsServiceStart } from '../types';
import { createSavedObjectsService, type SavedObjectsService } from './service';

export { InProcessCoordination } from './coordination';
export { createRecordingLogger, type LogRecord } from '../logging/test-recording-logger';

export interface TestSavedObjects {
  dataDir: string;
  service: SavedObjectsService;
  start: SavedObjectsServiceStart;
  logger: ReturnType<typeof createRecordingLogger>;
  /** Stops the service and removes the data folder. */
  cleanup(): Promise<void>;
}

export async function startTestSavedObjects(
  register: (setup: SavedObjectsServiceSetup) => void,
  options: { dataDir?: string; now?: () => Date; url?: string; encryptionKey?: string } = {},
): Promise<TestSavedObjects> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'svc-so-'));
  const logger = createRecordingLogger();
  const service = createSavedObjectsService({
    dataDir,
    logger,
    now: options.now,
    url: options.url,
    encryptionKey: options.encryptionKey,
  });
  register(service.setup);
  const start = await service.start();
  return {
    dataDir,
    service,
    start,
    logger,
    async cleanup() {
      await service.stop();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
