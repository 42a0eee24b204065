import {
  createRecordingLogger,
  startTestSavedObjects,
  type TestSavedObjects,
} from '@host/server/saved-objects/testing';
import { SavedObjectsErrorHelpers } from '@host/server/types';
import { configSchema } from '../../config';
import { RequestFieldError } from '../request-field-error';
import { AppSettingsService } from './app-settings-service';
import {
  APP_LOGO_SAVED_OBJECT_TYPE,
  APP_SETTINGS_SAVED_OBJECT_TYPE,
  appSettingsSavedObjectTypes,
} from './saved-object-types';

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>',
);

describe('AppSettingsService', () => {
  let objects: TestSavedObjects;
  const fileConfig = configSchema.validate({ csv: { maxRows: 500 }, api: { timeoutMs: 9_000 } });
  const logger = createRecordingLogger();
  const service = () =>
    new AppSettingsService({
      repository: objects.start.createInternalRepository([
        APP_SETTINGS_SAVED_OBJECT_TYPE,
        APP_LOGO_SAVED_OBJECT_TYPE,
      ]),
      fileConfig,
      logger,
      historySize: 3,
      maxLogoBytes: 4096,
    });

  beforeEach(async () => {
    objects = await startTestSavedObjects((setup) => {
      for (const type of appSettingsSavedObjectTypes) setup.registerType(type);
    });
    logger.records.length = 0;
  });
  afterEach(() => objects.cleanup());

  it('uses the file until a value is saved, then the saved one, and the file again after a reset', async () => {
    const settings = service();
    await settings.refresh();
    expect(settings.current().csv.maxRows).toBe(500);

    const saved = await settings.save('ann', { 'csv.maxRows': '1200' }, undefined);
    expect(settings.current().csv.maxRows).toBe(1200);
    expect(saved.settings.find((setting) => setting.key === 'csv.maxRows')).toEqual({
      key: 'csv.maxRows',
      value: 1200,
      fileValue: 500,
      defaultValue: 100_000,
      saved: true,
    });
    expect(saved.history[0]).toMatchObject({ key: 'csv.maxRows', to: 1200, user: 'ann' });
    expect(logger.records).toContainEqual(
      expect.objectContaining({
        level: 'info',
        message: 'App setting [csv.maxRows] was changed by [ann].',
        meta: { appSetting: expect.objectContaining({ key: 'csv.maxRows', to: 1200 }) },
      }),
    );

    const reset = await settings.save('bob', { 'csv.maxRows': null }, saved.version);
    expect(settings.current().csv.maxRows).toBe(500);
    expect(reset.settings.find((setting) => setting.key === 'csv.maxRows')).toMatchObject({
      value: 500,
      saved: false,
    });
    expect(reset.history[0]).toEqual({
      key: 'csv.maxRows',
      from: 1200,
      user: 'bob',
      at: expect.any(String),
    });
  });

  it("another instance's copy follows on its next read", async () => {
    const [a, b] = [service(), service()];
    await Promise.all([a.refresh(), b.refresh()]);
    await a.save('ann', { 'alerts.hideManagerAlerts': true, 'api.timeoutMs': 2_000 }, undefined);
    expect(b.current().alerts.hideManagerAlerts).toBe(false);
    await b.refresh();
    expect(b.current().alerts.hideManagerAlerts).toBe(true);
    expect(b.current().api.timeoutMs).toBe(2_000);
  });

  it.each([
    [{ 'csv.maxRows': -1 }, 'values.csv.maxRows', 'greater than'],
    [{ 'jobs.queueSchedule': 'often' }, 'values.jobs.queueSchedule', 'cron expression'],
    [
      { 'alerts.selectableIndexPatterns': ['ok-*', 'a,b'] },
      'values.alerts.selectableIndexPatterns.1',
      'one index pattern',
    ],
    [{ 'healthCheck.apiVersionMatch': 'patch' }, 'values.healthCheck.apiVersionMatch', ''],
    [{ 'api.maxSocketsPerHost': 3 }, 'values.api.maxSocketsPerHost', 'is not an app setting'],
  ])('refuses %j naming the field', async (changes, field, reason) => {
    const error = await service()
      .save('ann', changes, undefined)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestFieldError);
    expect((error as RequestFieldError).field).toBe(field);
    expect((error as RequestFieldError).reason).toContain(reason);
  });

  it('lets one of two saves made from the same version win; the other is a conflict', async () => {
    const settings = service();
    const first = await settings.save('ann', { 'csv.maxRows': 1 }, undefined);
    const outcomes = await Promise.allSettled([
      service().save('ann', { 'csv.maxRows': 2 }, first.version),
      service().save('bob', { 'indexer.csvMaxRows': 3 }, first.version),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(SavedObjectsErrorHelpers.isConflictError(rejected?.reason)).toBe(true);
    // Saving without a version once settings exist would overwrite someone's: also a conflict.
    const blind = await settings
      .save('ann', { 'csv.maxRows': 4 }, undefined)
      .catch((e: unknown) => e);
    expect(SavedObjectsErrorHelpers.isConflictError(blind)).toBe(true);
  });

  it('keeps the latest changes up to the history size', async () => {
    const settings = service();
    let version: string | undefined;
    for (const rows of [1, 2, 3, 4, 5])
      version = (await settings.save('ann', { 'csv.maxRows': rows }, version)).version;
    const { history } = await settings.answer();
    expect(history.map((change) => change.to)).toEqual([5, 4, 3]);
  });

  it('stores a logo, serves it to every instance, and drops it on removal', async () => {
    const a = service();
    const saved = await a.setLogo('ann', SVG, undefined);
    expect(saved.logo).toMatchObject({ contentType: 'image/svg+xml', size: SVG.length });
    const b = service();
    await b.refresh();
    expect((await b.logo())?.bytes.equals(SVG)).toBe(true);
    expect(b.publicSettings().logo?.sha256).toBe(saved.logo?.sha256);
    expect((await b.reportBranding()).logo?.contentType).toBe('image/svg+xml');

    const removed = await b.removeLogo('bob', saved.version);
    expect(removed.logo).toBeUndefined();
    expect(removed.history[0]).toMatchObject({
      key: 'logo',
      from: saved.logo?.sha256,
      user: 'bob',
    });
    await a.refresh();
    expect(await a.logo()).toBeUndefined();
  });

  it('refuses an SVG with a script and stores nothing', async () => {
    const settings = service();
    const error = await settings
      .setLogo(
        'ann',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>'),
        undefined,
      )
      .catch((caught: unknown) => caught);
    expect((error as RequestFieldError).field).toBe('logo');
    expect((await settings.answer()).logo).toBeUndefined();
  });

  it('lists the default pattern first among those users may choose', async () => {
    const settings = service();
    await settings.save(
      'ann',
      {
        'alerts.selectableIndexPatterns': ['wazuh-alerts-*', 'archives-*'],
        'enrollment.address': 'mgr.example',
      },
      undefined,
    );
    expect(settings.publicSettings()).toEqual({
      alertsIndexPattern: 'wazuh-alerts-*',
      selectableAlertsIndexPatterns: ['wazuh-alerts-*', 'archives-*'],
    });
  });
});
