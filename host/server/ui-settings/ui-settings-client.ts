/**
 * Advanced settings of the dashboard, read and written through a saved-objects client. All values
 * chosen by users live in one `config` saved object; each change is validated with the setting's
 * schema and written with the object's version, so concurrent changes never overwrite each other.
 */
import { ValidationError } from '../../schema';
import type {
  Logger,
  SavedObjectsClientContract,
  UiSettingsClient,
  UiSettingsParams,
} from '../types';
import { savedObjectsErrors, UiSettingsError } from '../errors';

export const UI_SETTINGS_TYPE = 'config';
/** The one settings object (OSD keys it by version and migrates on upgrade; one fixed id needs no migration). */
export const UI_SETTINGS_OBJECT_ID = 'ui-settings';
/** Attempts of a write that keeps racing others (each round one of the racing writers wins). */
const MAX_WRITE_ATTEMPTS = 10;

/** A setting as the browser sees it: its parameters without the schema, and the user's value when set. */
export type DescribedSetting = Omit<UiSettingsParams, 'schema'> & { userValue?: unknown };

type StoredValues = Record<string, unknown>;

export class ScopedUiSettingsClient implements UiSettingsClient {
  constructor(
    private readonly client: SavedObjectsClientContract,
    private readonly registry: ReadonlyMap<string, UiSettingsParams>,
    private readonly logger: Logger,
  ) {}

  async get<T = unknown>(key: string): Promise<T> {
    return (await this.getAll())[key] as T;
  }

  /** Every registered setting's value: the user's where valid, else the default. */
  async getAll(): Promise<Record<string, unknown>> {
    const userValues = await this.getUserProvided();
    return Object.fromEntries(
      [...this.registry].map(([key, params]) => [
        key,
        key in userValues ? userValues[key] : params.value,
      ]),
    );
  }

  /** The values users chose for registered settings; a stored value its schema no longer accepts is skipped. */
  async getUserProvided(): Promise<StoredValues> {
    const stored = (await this.read())?.attributes ?? {};
    const values: StoredValues = {};
    for (const [key, value] of Object.entries(stored)) {
      const params = this.registry.get(key);
      if (!params) continue;
      try {
        values[key] = params.schema.validate(value, {}, key);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        this.logger.warn(`Ignoring the stored value of setting [${key}]: ${error.message}`);
      }
    }
    return values;
  }

  /** Registered settings with their user values, for `GET /api/opensearch-dashboards/settings`. */
  async describe(): Promise<Record<string, DescribedSetting>> {
    const userValues = await this.getUserProvided();
    return Object.fromEntries(
      [...this.registry].map(([key, { schema: _schema, ...params }]) => [
        key,
        key in userValues ? { ...params, userValue: userValues[key] } : params,
      ]),
    );
  }

  async set(key: string, value: unknown): Promise<void> {
    await this.setMany({ [key]: value });
  }

  async remove(key: string): Promise<void> {
    await this.setMany({ [key]: null });
  }

  /** Applies several changes at once; `null` removes the user's value. Nothing is written if one is refused. */
  async setMany(changes: Record<string, unknown>): Promise<void> {
    const validated = Object.entries(changes).map(
      ([key, value]) => [key, this.validate(key, value)] as const,
    );
    for (let attempt = 1; ; attempt += 1) {
      const current = await this.read();
      const next: StoredValues = { ...current?.attributes };
      for (const [key, value] of validated) {
        if (value === null) delete next[key];
        else next[key] = value;
      }
      try {
        await this.client.create(UI_SETTINGS_TYPE, next, {
          id: UI_SETTINGS_OBJECT_ID,
          overwrite: current !== undefined,
          version: current?.version,
        });
        return;
      } catch (error) {
        if (!savedObjectsErrors.isConflictError(error) || attempt >= MAX_WRITE_ATTEMPTS)
          throw error;
      }
    }
  }

  private validate(key: string, value: unknown): unknown {
    const params = this.registry.get(key);
    if (!params) throw new UiSettingsError('unknown_setting', `[${key}]: unknown setting`, key);
    if (params.readonly)
      throw new UiSettingsError('read_only_setting', `[${key}]: the setting is read-only`, key);
    if (value === null || value === undefined) return null;
    try {
      return params.schema.validate(value, {}, key);
    } catch (error) {
      if (error instanceof ValidationError)
        throw new UiSettingsError('invalid_setting', error.message, key);
      throw error;
    }
  }

  private async read(): Promise<{ attributes: StoredValues; version?: string } | undefined> {
    try {
      return await this.client.get<StoredValues>(UI_SETTINGS_TYPE, UI_SETTINGS_OBJECT_ID);
    } catch (error) {
      if (savedObjectsErrors.isNotFoundError(error)) return undefined;
      throw error;
    }
  }
}
