import { schema } from '../../schema';
import {
  createRecordingLogger,
  startTestSavedObjects,
  type TestSavedObjects,
} from '../saved-objects/testing';
import type { SavedObjectsClientContract } from '../types';
import { UiSettingsError } from '../errors';
import {
  UI_SETTINGS_OBJECT_ID,
  UI_SETTINGS_TYPE,
  type ScopedUiSettingsClient,
} from './ui-settings-client';
import { createUiSettingsService, type UiSettingsService } from './ui-settings-service';

describe('uiSettings', () => {
  let so: TestSavedObjects;
  let service: UiSettingsService;
  let client: SavedObjectsClientContract;
  let settings: ScopedUiSettingsClient;
  let logger: ReturnType<typeof createRecordingLogger>;

  beforeEach(async () => {
    logger = createRecordingLogger();
    so = await startTestSavedObjects((setup) => {
      service = createUiSettingsService({ logger, savedObjects: setup });
      service.setup.register({
        'svc:pageSize': {
          name: 'Page size',
          value: 10,
          type: 'number',
          schema: schema.number({ min: 1, max: 100 }),
        },
        'svc:locked': { value: 'fixed', readonly: true, schema: schema.string() },
      });
    });
    client = so.start.getScopedClient({} as never);
    settings = service.start().asScopedToClient(client);
  });
  afterEach(() => so.cleanup());

  it('declares the host settings with their defaults', async () => {
    await expect(settings.getAll()).resolves.toMatchObject({
      'discover:sampleSize': 500,
      'notifications:lifetime:banner': 3_000_000,
      'notifications:lifetime:error': 300_000,
      'notifications:lifetime:warning': 10_000,
      'notifications:lifetime:info': 5_000,
      'svc:pageSize': 10,
    });
    await expect(settings.get('discover:sampleSize')).resolves.toBe(500);
  });

  it('stores user values in the config saved object, validated and coerced', async () => {
    await settings.set('svc:pageSize', '25');
    await expect(settings.get('svc:pageSize')).resolves.toBe(25);
    await expect(client.get(UI_SETTINGS_TYPE, UI_SETTINGS_OBJECT_ID)).resolves.toMatchObject({
      attributes: { 'svc:pageSize': 25 },
    });
    await settings.setMany({ 'discover:sampleSize': 100, 'svc:pageSize': null });
    await expect(settings.getUserProvided()).resolves.toEqual({ 'discover:sampleSize': 100 });
    await settings.remove('discover:sampleSize');
    await expect(settings.get('discover:sampleSize')).resolves.toBe(500);
  });

  it('refuses unknown, read-only and invalid values, writing none of a refused batch', async () => {
    const refusal = (promise: Promise<unknown>) =>
      promise.catch((error: UiSettingsError) => [error.constructor.name, error.key, error.message]);
    await expect(refusal(settings.set('nope', 1))).resolves.toEqual([
      'UiSettingsError',
      'nope',
      '[nope]: unknown setting',
    ]);
    await expect(refusal(settings.set('svc:locked', 'x'))).resolves.toEqual([
      'UiSettingsError',
      'svc:locked',
      '[svc:locked]: the setting is read-only',
    ]);
    await expect(
      refusal(settings.setMany({ 'discover:sampleSize': 50, 'svc:pageSize': 1000 })),
    ).resolves.toEqual([
      'UiSettingsError',
      'svc:pageSize',
      '[svc:pageSize]: Value must be equal to or lower than [100].',
    ]);
    await expect(settings.getUserProvided()).resolves.toEqual({});
  });

  it('keeps concurrent changes of different settings', async () => {
    await Promise.all([
      settings.set('discover:sampleSize', 42),
      settings.set('svc:pageSize', 7),
      settings.set('notifications:lifetime:info', 1),
    ]);
    await expect(settings.getUserProvided()).resolves.toEqual({
      'discover:sampleSize': 42,
      'svc:pageSize': 7,
      'notifications:lifetime:info': 1,
    });
  });

  it('ignores a stored value its schema no longer accepts', async () => {
    await client.create(
      UI_SETTINGS_TYPE,
      { 'svc:pageSize': 'lots', 'gone:setting': 1 },
      { id: UI_SETTINGS_OBJECT_ID },
    );
    await expect(settings.get('svc:pageSize')).resolves.toBe(10);
    expect(logger.records.map((r) => r.message)).toContain(
      'Ignoring the stored value of setting [svc:pageSize]: [svc:pageSize]: expected value of type [number] but got [string]',
    );
  });

  it('describes settings for the browser without their schemas', async () => {
    await settings.set('svc:pageSize', 20);
    const described = await settings.describe();
    expect(described['svc:pageSize']).toEqual({
      name: 'Page size',
      value: 10,
      type: 'number',
      userValue: 20,
    });
    expect(described['discover:sampleSize']).toMatchObject({ value: 500, type: 'number' });
    expect(described['discover:sampleSize']).not.toHaveProperty('userValue');
    expect(described['discover:sampleSize']).not.toHaveProperty('schema');
  });
});

describe('uiSettings registration', () => {
  it('refuses duplicates, missing schemas and invalid defaults', async () => {
    let register: UiSettingsService['setup']['register'] | undefined;
    const so = await startTestSavedObjects((setup) => {
      register = createUiSettingsService({ logger: createRecordingLogger(), savedObjects: setup })
        .setup.register;
    });
    expect(() =>
      register!({ 'discover:sampleSize': { value: 1, schema: schema.number() } }),
    ).toThrow('uiSettings for the key [discover:sampleSize] has been already registered');
    expect(() => register!({ 'x:noSchema': { value: 1 } as never })).toThrow(
      'uiSettings [x:noSchema] must have a schema made with host/schema',
    );
    expect(() => register!({ 'x:badDefault': { value: 'a', schema: schema.number() } })).toThrow(
      'The default value of uiSettings [x:badDefault]: expected value of type [number] but got [string]',
    );
    await so.cleanup();
  });

  it('is refused after start', async () => {
    let service: UiSettingsService | undefined;
    const so = await startTestSavedObjects((setup) => {
      service = createUiSettingsService({ logger: createRecordingLogger(), savedObjects: setup });
    });
    service!.start();
    expect(() =>
      service!.setup.register({ 'late:one': { value: 1, schema: schema.number() } }),
    ).toThrow('uiSettings can only be registered during setup');
    await so.cleanup();
  });
});
