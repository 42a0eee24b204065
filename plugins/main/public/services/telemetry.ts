/**
 * Usage counts (apps opened, errors shown) kept in this browser only, and only when an
 * administrator turned the `svc:telemetry.enabled` advanced setting on; nothing is sent anywhere.
 */
import type { IUiSettingsClient } from '@host/public/types';

import { TELEMETRY_SETTING } from '../../common/constants';

export { TELEMETRY_SETTING };
const TELEMETRY_STORAGE_KEY = 'svc:telemetry';

export interface UsageCounts {
  since: string;
  apps: Record<string, number>;
  errors: number;
}

type CountStorage = Pick<Storage, 'getItem' | 'setItem'>;

export class Telemetry {
  constructor(
    readonly enabled: boolean,
    private readonly storage: CountStorage,
    private readonly now: () => Date = () => new Date(),
  ) {}

  counts(): UsageCounts | undefined {
    const stored = this.storage.getItem(TELEMETRY_STORAGE_KEY);
    if (!stored) return undefined;
    try {
      return JSON.parse(stored) as UsageCounts;
    } catch {
      return undefined;
    }
  }

  appOpened(appId: string): void {
    this.update((counts) => ({
      ...counts,
      apps: { ...counts.apps, [appId]: (counts.apps[appId] ?? 0) + 1 },
    }));
  }

  errorShown(): void {
    this.update((counts) => ({ ...counts, errors: counts.errors + 1 }));
  }

  private update(change: (counts: UsageCounts) => UsageCounts): void {
    if (!this.enabled) return;
    const counts = this.counts() ?? { since: this.now().toISOString(), apps: {}, errors: 0 };
    this.storage.setItem(TELEMETRY_STORAGE_KEY, JSON.stringify(change(counts)));
  }
}

/** Off unless the setting exists and is true. */
export function createTelemetry(uiSettings: IUiSettingsClient, storage: CountStorage): Telemetry {
  const enabled =
    uiSettings.isDeclared(TELEMETRY_SETTING) &&
    uiSettings.get<boolean>(TELEMETRY_SETTING, false) === true;
  return new Telemetry(enabled, storage);
}
