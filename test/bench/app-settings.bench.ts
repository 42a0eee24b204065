/**
 * How an instance learns of App settings saved on another: reading the shared record on every
 * request (or checking its version, which costs the same read) against the in-memory copy the
 * services use, refreshed every `svc.appSettings.refreshIntervalMs`. Over PostgreSQL, as several
 * instances run.
 */
import { performance } from 'node:perf_hooks';
import { createTestDatabase } from '../../host/server/saved-objects/postgres/test-support';
import {
  createRecordingLogger,
  startTestSavedObjects,
} from '../../host/server/saved-objects/testing';
import { configSchema } from '../../plugins/main/server/config';
import { AppSettingsService } from '../../plugins/main/server/services/app-settings/app-settings-service';
import {
  APP_LOGO_SAVED_OBJECT_TYPE,
  APP_SETTINGS_SAVED_OBJECT_TYPE,
  appSettingsSavedObjectTypes,
} from '../../plugins/main/server/services/app-settings/saved-object-types';
import type { BenchResult } from './run';

export const name = 'App settings: a read per request vs the refreshed copy';

const READS = 2_000;

async function timePerCall(calls: number, call: () => unknown): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < calls; i += 1) await call();
  return ((performance.now() - started) * 1000) / calls;
}

export async function run(): Promise<BenchResult[]> {
  const database = await createTestDatabase();
  const objects = await startTestSavedObjects(
    (setup) => appSettingsSavedObjectTypes.forEach((type) => setup.registerType(type)),
    { url: database.url },
  );
  try {
    const settings = new AppSettingsService({
      repository: objects.start.createInternalRepository([
        APP_SETTINGS_SAVED_OBJECT_TYPE,
        APP_LOGO_SAVED_OBJECT_TYPE,
      ]),
      fileConfig: configSchema.validate({}),
      logger: createRecordingLogger(),
      historySize: 200,
      maxLogoBytes: 256 * 1024,
    });
    let version: string | undefined;
    // A record with a full history, as after months of use.
    for (let i = 0; i < 200; i += 1)
      version = (await settings.save('admin', { 'csv.maxRows': 1_000 + i }, version)).version;
    await timePerCall(200, () => settings.refresh());
    const perRead = await timePerCall(READS, () => settings.refresh());
    const inMemory = await timePerCall(READS * 100, () => settings.current().csv.maxRows);
    return [
      {
        title: 'the settings in force, as a request would get them (PostgreSQL, one instance)',
        figures: [
          ['read of the shared record', `${perRead.toFixed(0)} µs a request`],
          ['refreshed copy', `${inMemory.toFixed(2)} µs a request`],
          ['refresh every 1 s', `${(perRead / 10_000).toFixed(2)} % of one core per instance`],
        ],
        target: {
          text: 'the copy costs a request at most a thousandth of a read',
          met: inMemory * 1000 <= perRead,
        },
      },
    ];
  } finally {
    await objects.cleanup();
    await database.drop();
  }
}
