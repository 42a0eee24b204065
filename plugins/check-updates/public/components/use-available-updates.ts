import { useEffect, useState, useSyncExternalStore } from 'react';
import { getSelectedApiHostId, subscribeSelectedApiHostId } from '../../common/selected-api-host';
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

/**
 * The selected host's available updates, loaded again whenever another host is selected (a brand-new
 * browser has none until the apps pick one), and the user's dismissals, loaded on mount.
 */
export function useAvailableUpdates(): UpdatesState {
  const [updates, setUpdates] = useState<
    { apiHostId: string; answer: AvailableUpdates | 'failed' } | undefined
  >();
  const [preferencesLoad, setPreferencesLoad] = useState<'loading' | 'loaded' | 'failed'>(
    'loading',
  );
  const preferences = usePreferences();
  const apiHostId = useSyncExternalStore(subscribeSelectedApiHostId, () => getSelectedApiHostId());
  useEffect(() => {
    if (!apiHostId) return undefined;
    let current = true;
    getAvailableUpdates().then(
      (loaded) => current && setUpdates({ apiHostId, answer: loaded }),
      () => current && setUpdates({ apiHostId, answer: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [apiHostId]);
  useEffect(() => {
    let mounted = true;
    // Shared preferences may hold an earlier user's or page's copy: wait for this mount's fresh load.
    loadPreferences().then(
      () => mounted && setPreferencesLoad('loaded'),
      () => mounted && setPreferencesLoad('failed'),
    );
    return () => {
      mounted = false;
    };
  }, []);
  // Notices of a host no longer selected are never shown.
  const answer = updates && updates.apiHostId === apiHostId ? updates.answer : 'loading';
  if (answer === 'failed' || preferencesLoad === 'failed') return { status: 'failed' };
  if (answer === 'loading' || preferencesLoad === 'loading' || !preferences)
    return { status: 'loading' };
  return {
    status: 'loaded',
    currentVersion: answer.current_version,
    available: availableUpdates(answer),
    dismissed: new Set(Object.keys(preferences.dismissed_updates)),
  };
}
