import type { HttpStart } from '@host/public/types';
import { ROUTES } from '../../common/constants';
import { getSelectedApiHostId } from '../../common/selected-api-host';
import { singleFlight } from '@host/public/types';
import type { AvailableUpdates, DataResponse, Update } from '../../common/types';
import { getCoreServices } from './core-services';
import { asUpdatesClientCall, UpdatesClientError } from './updates-client-error';

const SESSION_CACHE_PREFIX = 'svcCheckUpdates:availableUpdates:';
const requests = new Map<string, Promise<AvailableUpdates>>();

function readSessionCache(apiHostId: string): AvailableUpdates | undefined {
  const cached = window.sessionStorage.getItem(SESSION_CACHE_PREFIX + apiHostId);
  if (!cached) return undefined;
  try {
    return JSON.parse(cached) as AvailableUpdates;
  } catch {
    return undefined;
  }
}

/**
 * The browser's one call of `GET /api/v1/svc-check-updates/updates`: the available updates of one
 * host (`force` makes the server ask the host now). Rejects as `core.http` does; svc's Settings
 * calls it for every listed host, `getAvailableUpdates` for the host this browser uses.
 */
export async function requestAvailableUpdates(
  http: Pick<HttpStart, 'get'>,
  apiHostId: string,
  { force = false, signal }: { force?: boolean; signal?: AbortSignal } = {},
): Promise<AvailableUpdates> {
  const { data } = await http.get<DataResponse<AvailableUpdates>>(ROUTES.updates, {
    query: { api_id: apiHostId, force },
    signal,
  });
  return data;
}

async function fetchAvailableUpdates(apiHostId: string, force: boolean): Promise<AvailableUpdates> {
  const data = await asUpdatesClientCall(() =>
    requestAvailableUpdates(getCoreServices().http, apiHostId, { force }),
  );
  window.sessionStorage.setItem(SESSION_CACHE_PREFIX + apiHostId, JSON.stringify(data));
  return data;
}

function withoutDescription(update: Update | null): Update | null {
  return update && { ...update, description: '' };
}

/**
 * Available updates of the API host selected in this browser. Answered from this browser session's
 * cache when there is one, unless `forceQuery`, which also makes the server ask the host now.
 * `checkOnly` answers whether updates exist without their details (release descriptions are left empty).
 * Rejects with an `UpdatesClientError` when no host is selected or the check fails.
 */
export async function getAvailableUpdates(
  checkOnly = false,
  forceQuery = false,
): Promise<AvailableUpdates> {
  const apiHostId = getSelectedApiHostId();
  if (!apiHostId)
    throw new UpdatesClientError(
      'no_api_host_selected',
      'No API host is selected: choose one in Settings → API to check for updates',
    );
  const updates =
    (!forceQuery && readSessionCache(apiHostId)) ||
    (await singleFlight(requests, `${apiHostId}:${forceQuery}`, () =>
      fetchAvailableUpdates(apiHostId, forceQuery),
    ));
  if (!checkOnly) return updates;
  return {
    ...updates,
    last_available_major: withoutDescription(updates.last_available_major),
    last_available_minor: withoutDescription(updates.last_available_minor),
    last_available_patch: withoutDescription(updates.last_available_patch),
  };
}
