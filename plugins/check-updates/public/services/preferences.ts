import { useSyncExternalStore } from 'react';
import { ROUTES } from '../../common/constants';
import type {
  DataResponse,
  DismissUpdateResponse,
  ReplaceDismissedUpdatesRequest,
  UpdateType,
  UserPreferences,
} from '../../common/types';
import { getCoreServices } from './core-services';
import { asUpdatesClientCall } from './updates-client-error';

/**
 * The current user's preferences, shared by every mounted component so that a dismissal made in one
 * (the Settings checkbox) shows at once in the others (the bottom bar).
 */
let current: UserPreferences | undefined;
const listeners = new Set<() => void>();

function publish(preferences: UserPreferences): UserPreferences {
  current = preferences;
  listeners.forEach((listener) => listener());
  return preferences;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The preferences last loaded or written, undefined until `loadPreferences` succeeded. */
export function usePreferences(): UserPreferences | undefined {
  return useSyncExternalStore(subscribe, () => current);
}

export async function loadPreferences(): Promise<UserPreferences> {
  const { data } = await asUpdatesClientCall(() =>
    getCoreServices().http.get<DataResponse<UserPreferences>>(ROUTES.preferences),
  );
  return publish(data);
}

export async function dismissUpdate(
  version: string,
  updateType: UpdateType,
): Promise<UserPreferences> {
  await asUpdatesClientCall(() =>
    getCoreServices().http.post<DismissUpdateResponse>(ROUTES.dismiss, {
      body: JSON.stringify({ version, update_type: updateType }),
    }),
  );
  return loadPreferences();
}

export async function replaceDismissedUpdates(
  dismissedUpdates: ReplaceDismissedUpdatesRequest['dismissed_updates'],
): Promise<UserPreferences> {
  const { data } = await asUpdatesClientCall(() =>
    getCoreServices().http.put<DataResponse<UserPreferences>>(ROUTES.preferences, {
      body: JSON.stringify({ dismissed_updates: dismissedUpdates }),
    }),
  );
  return publish(data);
}
