/**
 * App settings: values an administrator saved from the dashboard, over the config file's.
 *
 * One saved object holds the saved values, the logo's description and the history of changes; every
 * instance reads it, so all of them apply the same settings. Services read `current()` (no I/O) on
 * every use; each instance re-reads the record every `refreshIntervalMs` and at once after its own
 * saves, so a change made on another instance applies within that interval. A save names the version
 * it was made from: of two administrators saving at once, the second gets a conflict instead of
 * undoing the first.
 *
 * Values are checked by the config file's own schema (the file's settings with the saved ones laid
 * over them), so a saved value is always one the file could hold.
 */
import { createHash } from 'node:crypto';
import {
  SavedObjectsErrorHelpers,
  type ISavedObjectsRepository,
  type Logger,
} from '@host/server/types';
import { ValidationError } from '@host/schema';
import {
  APP_SETTINGS,
  type AppLogoInfo,
  type AppSettingChange,
  type AppSettingKey,
  type AppSettingsAnswer,
  type AppSettingValue,
  type PublicAppSettings,
  selectableAlertsIndexPatterns,
} from '../../../common/app-settings';
import { configSchema, resolveConfig, type RawSvcConfig, type SvcConfig } from '../../config';
import { RequestFieldError } from '../request-field-error';
import type { ReportBranding } from '../reports/report-content';
import { checkLogo } from './logo-image';
import { APP_LOGO_SAVED_OBJECT_TYPE, APP_SETTINGS_SAVED_OBJECT_TYPE } from './saved-object-types';

const RECORD_ID = 'app-settings';

interface StoredAppSettings {
  values: Partial<Record<AppSettingKey, AppSettingValue>>;
  logo?: AppLogoInfo;
  history: AppSettingChange[];
}

interface StoredLogo {
  content_type: AppLogoInfo['contentType'];
  data: string;
}

interface SettingsRecord {
  attributes: StoredAppSettings;
  version?: string;
}

const EMPTY: StoredAppSettings = { values: {}, history: [] };
const KEYS = new Set<string>(APP_SETTINGS.map((setting) => setting.key));

export interface AppSettingsDeps {
  repository: ISavedObjectsRepository;
  /** The `svc:` subtree as validated from the config file. */
  fileConfig: RawSvcConfig;
  logger: Logger;
  historySize: number;
  maxLogoBytes: number;
}

function pathOf(key: string): string[] {
  return key.split('.');
}

function readPath(source: unknown, key: string): unknown {
  let value = source;
  for (const part of pathOf(key)) value = (value as Record<string, unknown> | undefined)?.[part];
  return value;
}

/** A copy of `source` with `key` set (objects on the way copied, never changed in place). */
function withPath(
  source: Record<string, unknown>,
  key: string,
  value: unknown,
): Record<string, unknown> {
  const [head, ...rest] = pathOf(key);
  const copy = { ...source };
  copy[head] =
    rest.length === 0
      ? value
      : withPath(
          (source[head] as Record<string, unknown> | undefined) ?? {},
          rest.join('.'),
          value,
        );
  return copy;
}

/** The value as the answer shows it: a resolved default for an unset optional key. */
function shown(config: SvcConfig | RawSvcConfig, key: AppSettingKey): AppSettingValue {
  return (readPath(config, key) as AppSettingValue | undefined) ?? null;
}

export class AppSettingsService {
  private record: SettingsRecord = { attributes: EMPTY };
  private effective: SvcConfig;
  private readonly fileResolved: SvcConfig;
  private readonly defaults: SvcConfig;
  private refreshTimer?: NodeJS.Timeout;
  private refreshFailing = false;

  constructor(private readonly deps: AppSettingsDeps) {
    this.fileResolved = resolveConfig(deps.fileConfig);
    this.effective = this.fileResolved;
    this.defaults = resolveConfig(configSchema.validate({}));
  }

  /** The settings the services use now: the file's, with the saved ones over them. */
  current(): SvcConfig {
    return this.effective;
  }

  /** Reads the saved settings now (start, and each refresh). */
  async refresh(): Promise<void> {
    const record = await this.read();
    // Unchanged since the last read: nothing to check again.
    if (record.version !== undefined && record.version === this.record.version) return;
    this.apply(record);
  }

  /** Re-reads every `intervalMs` until `stop`; a failed read keeps the settings in force and is logged once. */
  startRefreshing(intervalMs: number): void {
    this.refreshTimer = setInterval(() => {
      this.refresh().then(
        () => {
          if (this.refreshFailing) this.deps.logger.info('App settings are read again.');
          this.refreshFailing = false;
        },
        (error: unknown) => {
          if (!this.refreshFailing)
            this.deps.logger.warn(
              `App settings could not be read, the last ones read stay in force: ${(error as Error).message}`,
            );
          this.refreshFailing = true;
        },
      );
    }, intervalMs);
    this.refreshTimer.unref();
  }

  stop(): void {
    clearInterval(this.refreshTimer);
  }

  /** What the App settings page shows, read from the store (not this instance's copy). */
  async answer(): Promise<AppSettingsAnswer> {
    const record = await this.read();
    this.apply(record);
    return this.answerOf(record);
  }

  /** What every user's browser needs: the alerts patterns and the logo. */
  publicSettings(): PublicAppSettings {
    const { indexer, alerts } = this.effective;
    const logo = this.record.attributes.logo;
    return {
      alertsIndexPattern: indexer.alertsIndexPattern,
      selectableAlertsIndexPatterns: selectableAlertsIndexPatterns(
        indexer.alertsIndexPattern,
        alerts.selectableIndexPatterns,
      ),
      ...(logo && { logo }),
    };
  }

  /**
   * Saves `changes` (a key's `null` returns it to the file's value) made from `version`. Unknown
   * keys and invalid values are refused naming `values.<key>`; a version that is no longer the
   * stored one is a conflict.
   */
  async save(
    user: string,
    changes: Record<string, unknown>,
    version: string | undefined,
  ): Promise<AppSettingsAnswer> {
    const record = await this.read();
    const values = { ...record.attributes.values };
    for (const [key, value] of Object.entries(changes)) {
      if (!KEYS.has(key)) throw new RequestFieldError(`values.${key}`, 'is not an app setting');
      if (value === null) delete values[key as AppSettingKey];
      else values[key as AppSettingKey] = value as AppSettingValue;
    }
    const validated = this.validated(values);
    const at = new Date().toISOString();
    const history: AppSettingChange[] = [];
    for (const key of Object.keys(changes) as AppSettingKey[]) {
      const from = record.attributes.values[key];
      const to = key in values ? shown(validated, key) : undefined;
      if (JSON.stringify(from) === JSON.stringify(to)) continue;
      if (to !== undefined) values[key] = to;
      history.push({
        key,
        ...(from !== undefined && { from }),
        ...(to !== undefined && { to }),
        user,
        at,
      });
    }
    const saved = await this.write(
      {
        ...record.attributes,
        values,
        history: this.withHistory(record.attributes.history, history),
      },
      version,
    );
    for (const change of history)
      this.deps.logger.info(
        change.to === undefined
          ? `App setting [${change.key}] was reset to the config file's value by [${user}].`
          : `App setting [${change.key}] was changed by [${user}].`,
        { appSetting: change },
      );
    return this.answerOf(saved);
  }

  /** Stores an uploaded logo (checked by `checkLogo`), made from `version` of the settings. */
  async setLogo(
    user: string,
    bytes: Buffer,
    version: string | undefined,
  ): Promise<AppSettingsAnswer> {
    const logo = checkLogo(bytes, this.deps.maxLogoBytes);
    const sha256 = createHash('sha256').update(logo.bytes).digest('hex');
    const record = await this.read();
    await this.deps.repository.create<StoredLogo>(
      APP_LOGO_SAVED_OBJECT_TYPE,
      { content_type: logo.contentType, data: logo.bytes.toString('base64') },
      { id: sha256, overwrite: true },
    );
    const info: AppLogoInfo = { contentType: logo.contentType, sha256, size: logo.bytes.length };
    return this.replaceLogo(user, record, info, version);
  }

  /** Goes back to the built-in logo. */
  async removeLogo(user: string, version: string | undefined): Promise<AppSettingsAnswer> {
    return this.replaceLogo(user, await this.read(), undefined, version);
  }

  /** The logo in force, its bytes read from the store; undefined when none was uploaded. */
  async logo(): Promise<{ info: AppLogoInfo; bytes: Buffer } | undefined> {
    const info = this.record.attributes.logo;
    if (!info) return undefined;
    try {
      const stored = await this.deps.repository.get<StoredLogo>(
        APP_LOGO_SAVED_OBJECT_TYPE,
        info.sha256,
      );
      return { info, bytes: Buffer.from(stored.attributes.data, 'base64') };
    } catch (error) {
      // Replaced on another instance since this one last read the settings.
      if (SavedObjectsErrorHelpers.isNotFoundError(error)) return undefined;
      throw error;
    }
  }

  /** What every page of a report carries. */
  async reportBranding(): Promise<ReportBranding> {
    const { headerText, footerText } = this.effective.reports;
    const logo = await this.logo();
    return {
      headerText,
      footerText,
      ...(logo && { logo: { contentType: logo.info.contentType, data: logo.bytes } }),
    };
  }

  private async replaceLogo(
    user: string,
    record: SettingsRecord,
    logo: AppLogoInfo | undefined,
    version: string | undefined,
  ): Promise<AppSettingsAnswer> {
    const previous = record.attributes.logo;
    const change: AppSettingChange = {
      key: 'logo',
      ...(previous && { from: previous.sha256 }),
      ...(logo && { to: logo.sha256 }),
      user,
      at: new Date().toISOString(),
    };
    const { logo: _previous, ...rest } = record.attributes;
    const saved = await this.write(
      { ...rest, ...(logo && { logo }), history: this.withHistory(rest.history, [change]) },
      version,
    );
    this.deps.logger.info(
      logo ? `The logo was replaced by [${user}].` : `The logo was removed by [${user}].`,
      { appSetting: change },
    );
    if (previous && previous.sha256 !== logo?.sha256)
      await this.deps.repository
        .delete(APP_LOGO_SAVED_OBJECT_TYPE, previous.sha256)
        .catch((error: unknown) => {
          if (!SavedObjectsErrorHelpers.isNotFoundError(error)) throw error;
        });
    return this.answerOf(saved);
  }

  private withHistory(history: AppSettingChange[], added: AppSettingChange[]): AppSettingChange[] {
    return [...added.reverse(), ...history].slice(0, this.deps.historySize);
  }

  /** The file's config with `values` over it, checked by its schema; errors name `values.<key>`. */
  private validated(values: StoredAppSettings['values']): SvcConfig {
    let merged = this.deps.fileConfig as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(values)) merged = withPath(merged, key, value);
    try {
      return resolveConfig(configSchema.validate(merged));
    } catch (error) {
      if (error instanceof ValidationError)
        throw new RequestFieldError(`values.${error.path.join('.')}`, error.rawMessage);
      throw error;
    }
  }

  private async read(): Promise<SettingsRecord> {
    try {
      const stored = await this.deps.repository.get<StoredAppSettings>(
        APP_SETTINGS_SAVED_OBJECT_TYPE,
        RECORD_ID,
      );
      return { attributes: { ...EMPTY, ...stored.attributes }, version: stored.version };
    } catch (error) {
      if (SavedObjectsErrorHelpers.isNotFoundError(error)) return { attributes: EMPTY };
      throw error;
    }
  }

  /** Writes the record made from `version`: none creates it, and fails if another save did meanwhile. */
  private async write(
    attributes: StoredAppSettings,
    version: string | undefined,
  ): Promise<SettingsRecord> {
    const written = await this.deps.repository.create<StoredAppSettings>(
      APP_SETTINGS_SAVED_OBJECT_TYPE,
      attributes,
      version === undefined ? { id: RECORD_ID } : { id: RECORD_ID, overwrite: true, version },
    );
    const record = { attributes, version: written.version };
    this.apply(record);
    return record;
  }

  /** Takes a record as the one in force; values the schema no longer accepts are left out, and logged. */
  private apply(record: SettingsRecord): void {
    this.record = record;
    try {
      this.effective = this.validated(record.attributes.values);
    } catch (error) {
      this.deps.logger.warn(
        `Saved app settings are not valid for this version, the config file's are used: ${(error as Error).message}`,
      );
      this.effective = this.fileResolved;
    }
  }

  private answerOf(record: SettingsRecord): AppSettingsAnswer {
    const values = record.attributes.values;
    return {
      settings: APP_SETTINGS.map(({ key }) => ({
        key,
        value: shown(this.effective, key),
        fileValue: shown(this.fileResolved, key),
        defaultValue: shown(this.defaults, key),
        saved: key in values,
      })),
      ...(record.version !== undefined && { version: record.version }),
      ...(record.attributes.logo && { logo: record.attributes.logo }),
      history: record.attributes.history,
      maxLogoBytes: this.deps.maxLogoBytes,
    };
  }
}
