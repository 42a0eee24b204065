/**
 * Test support for code built on saved objects: a started service over a fresh temporary data
 * folder, a logger that records what it was given, and the in-process coordination. Plugins' tests
 * may import it (a test-support name), never their product code.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LogMeta, Logger, SavedObjectsServiceSetup, SavedObjectsServiceStart } from '../types';
import { createSavedObjectsService, type SavedObjectsService } from './service';

export { InProcessCoordination } from './coordination';

export interface LogRecord {
  level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';
  context: string;
  message: string;
  meta?: LogMeta;
}

export function createRecordingLogger(
  records: LogRecord[] = [],
  context = 'test',
): Logger & { records: LogRecord[] } {
  const log =
    (level: LogRecord['level']) =>
    (message: string | Error, meta?: LogMeta): void => {
      records.push({
        level,
        context,
        message: message instanceof Error ? message.message : message,
        meta,
      });
    };
  return {
    records,
    trace: log('trace'),
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    fatal: log('fatal'),
    get: (...parts) => createRecordingLogger(records, [context, ...parts].join('.')),
  };
}

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
