import { useEffect, useState } from 'react';
import {
  UPDATE_TYPES,
  type AvailableUpdates,
  type Update,
  type UpdateType,
} from '../../common/types';
import { getAvailableUpdates } from '../services/available-updates';
import { loadPreferences, usePreferences } from '../services/preferences';

export interface AvailableUpdate {
  type: UpdateType;
  update: Update;
}

export type UpdatesState =
  | { status: 'loading' }
  | { status: 'failed' }
  | {
      status: 'loaded';
      currentVersion: string;
      available: AvailableUpdate[];
      dismissed: ReadonlySet<string>;
    };

function availableUpdates(updates: AvailableUpdates): AvailableUpdate[] {
  return UPDATE_TYPES.flatMap((type) => {
    const update = updates[`last_available_${type}`];
    return update ? [{ type, update }] : [];
  });
}

/** Loads, on mount, the selected host's available updates and the user's dismissals. */
export function useAvailableUpdates(): UpdatesState {
  const [updates, setUpdates] = useState<AvailableUpdates | 'loading' | 'failed'>('loading');
  const [preferencesLoad, setPreferencesLoad] = useState<'loading' | 'loaded' | 'failed'>(
    'loading',
  );
  const preferences = usePreferences();
  useEffect(() => {
    let mounted = true;
    getAvailableUpdates().then(
      (loaded) => mounted && setUpdates(loaded),
      () => mounted && setUpdates('failed'),
    );
    // Shared preferences may hold an earlier user's or page's copy: wait for this mount's fresh load.
    loadPreferences().then(
      () => mounted && setPreferencesLoad('loaded'),
      () => mounted && setPreferencesLoad('failed'),
    );
    return () => {
      mounted = false;
    };
  }, []);
  if (updates === 'failed' || preferencesLoad === 'failed') return { status: 'failed' };
  if (updates === 'loading' || preferencesLoad === 'loading' || !preferences)
    return { status: 'loading' };
  return {
    status: 'loaded',
    currentVersion: updates.current_version,
    available: availableUpdates(updates),
    dismissed: new Set(Object.keys(preferences.dismissed_updates)),
  };
}
