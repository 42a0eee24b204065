/**
 * The alerts index pattern a view reads: the configured one, or another an administrator allowed
 * in App settings, chosen in the view's selector and kept per user; the URL carries the choice so a
 * copied link reads the same indices. The server checks the pattern again on every request.
 */
import { useCallback, useEffect } from 'react';
import { APP_SETTINGS_ROUTES, type PublicAppSettings } from '../../../../common/app-settings';
import { useAsync } from '../../../hooks/use-async';
import { useUserStorage } from '../../../hooks/use-user-storage';
import { useSvcServices } from '../../services-context';

const STORAGE_KEY = 'svc:alertsIndexPattern';

export interface AlertsIndexPatterns {
  /** The configured pattern first, then the others allowed; fewer than two: nothing to choose. */
  options: string[];
  /** The pattern read now. */
  chosen: string | undefined;
  choose(pattern: string): void;
}

/**
 * `inUrl` is the URL's choice and `setInUrl` changes it (`undefined`: the configured pattern);
 * `enabled` is false for a view that reads no alerts.
 */
export function useAlertsIndexPatterns(
  enabled: boolean,
  inUrl: string | undefined,
  setInUrl: (pattern: string | undefined, push: boolean) => void,
): AlertsIndexPatterns {
  const { core } = useSvcServices();
  const load = useCallback(
    (signal: AbortSignal) =>
      enabled
        ? core.http.get<PublicAppSettings>(APP_SETTINGS_ROUTES.public, { signal })
        : Promise.resolve(undefined),
    [core, enabled],
  );
  const { state } = useAsync(load, 'Reading the alerts index patterns', undefined, {
    shownInPlace: true,
  });
  const options = state.data?.selectableAlertsIndexPatterns;
  const { ready, stored, store } = useUserStorage(STORAGE_KEY);

  // A link naming a pattern no longer allowed reads the configured one; a view opened without a
  // choice reads the user's last one, while it is still allowed.
  useEffect(() => {
    if (!options || !ready) return;
    if (inUrl !== undefined && !options.includes(inUrl)) setInUrl(undefined, false);
    else if (
      inUrl === undefined &&
      typeof stored === 'string' &&
      stored !== options[0] &&
      options.includes(stored)
    )
      setInUrl(stored, false);
  }, [options, ready, inUrl, stored, setInUrl]);

  const choose = useCallback(
    (pattern: string) => {
      store(pattern);
      setInUrl(pattern === options?.[0] ? undefined : pattern, true);
    },
    [store, setInUrl, options],
  );
  return { options: options ?? [], chosen: inUrl ?? options?.[0], choose };
}
