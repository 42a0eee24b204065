import { useCallback } from 'react';
import { requestAvailableUpdates, type AvailableUpdates } from '@check-updates/public';
import { useSvcServices } from '../../components/services-context';
import { useAsync, type AsyncResult } from '../../hooks/use-async';
import { isAbortError, toSvcError, type SvcError } from '../../services/svc-error';

/** Available updates of one host, or why they could not be found out. */
export type HostUpdates = { ok: true; updates: AvailableUpdates } | { ok: false; error: SvcError };

/**
 * Available updates of every listed host from the update checker's cache (`force` asks the hosts
 * again). One host failing does not hide the others.
 */
export function useHostUpdates(
  apiHostIds: string[],
  force: number,
): AsyncResult<Record<string, HostUpdates>> {
  const { core } = useSvcServices();
  const key = apiHostIds.join('\u0000');
  const load = useCallback(
    async (signal: AbortSignal) => {
      const ids = key === '' ? [] : key.split('\u0000');
      const entries = await Promise.all(
        ids.map(async (id): Promise<[string, HostUpdates]> => {
          try {
            const updates = await requestAvailableUpdates(core.http, id, {
              force: force > 0,
              signal,
            });
            return [id, { ok: true, updates }];
          } catch (error) {
            if (isAbortError(error)) throw error;
            return [id, { ok: false, error: toSvcError(error, 'checking updates') }];
          }
        }),
      );
      return Object.fromEntries(entries);
    },
    [core, key, force],
  );
  return useAsync(load, 'Reading available updates');
}
