/**
 * `core.uiSettings`: advanced settings read synchronously from what the server sent at boot
 * (`GET /api/opensearch-dashboards/settings`: every registered setting with its parameters, its
 * default `value` and the stored `userValue`), written optimistically and reverted when the server
 * refuses the change.
 */
import type { HttpSetup, IUiSettingsClient } from '../types';
import { createStore } from '../utils/store';

export const UI_SETTINGS_PATH = '/api/opensearch-dashboards/settings';

export interface UiSetting {
  value?: unknown;
  userValue?: unknown;
  [param: string]: unknown;
}

type Settings = Record<string, UiSetting>;

export class UiSettingsClient implements IUiSettingsClient {
  readonly settings = createStore<Settings>({});

  constructor(private readonly http: Pick<HttpSetup, 'get' | 'post'>) {}

  /** Reads every setting from the server; the shell calls it once before the plugins' setup. */
  async load(): Promise<void> {
    const { settings } = await this.http.get<{ settings: Settings }>(UI_SETTINGS_PATH);
    this.settings.set(settings);
  }

  get<T = unknown>(key: string, defaultOverride?: T): T {
    const setting = this.settings.get()[key];
    if (setting?.userValue !== undefined && setting.userValue !== null)
      return setting.userValue as T;
    if (defaultOverride !== undefined) return defaultOverride;
    if (!setting) {
      throw new Error(
        `Unexpected \`IUiSettingsClient.get("${key}")\` call on unrecognized configuration setting "${key}". ` +
          'Register the setting on the server with `uiSettings.register()`, or pass a default value to `get()`.',
      );
    }
    return setting.value as T;
  }

  getAll(): Record<string, UiSetting> {
    return this.settings.get();
  }

  isDeclared(key: string): boolean {
    return key in this.settings.get();
  }

  set(key: string, value: unknown): Promise<boolean> {
    return this.write(key, value);
  }

  remove(key: string): Promise<boolean> {
    return this.write(key, null);
  }

  private async write(key: string, value: unknown): Promise<boolean> {
    const before = this.settings.get();
    this.settings.set({ ...before, [key]: { ...before[key], userValue: value } });
    try {
      const { settings } = await this.http.post<{ settings: Settings }>(UI_SETTINGS_PATH, {
        body: JSON.stringify({ changes: { [key]: value } }),
      });
      this.settings.set(settings);
      return true;
    } catch {
      this.settings.set(before);
      return false;
    }
  }
}
