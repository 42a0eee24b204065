/**
 * Which managed-API host the apps talk to. The URL's `host` parameter wins (a shared link opens the
 * same host), then the host this browser worked with last (kept under the key the update checker
 * reads), then the user's default host (kept on the server, so a new browser opens with it), then the
 * first stored host. The choice is written back to the URL and to the browser.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { getSelectedApiHostId, setSelectedApiHostId } from '../../../check-updates/public';
import type { ApiHost } from '../../common/api-hosts';
import { useAsync, type AsyncState } from '../hooks/use-async';
import type { SetUrlState } from '../hooks/use-url-state';
import { useSvcServices } from './services-context';

export const HOST_URL_PARAM = 'host';

export interface SelectedHostState {
  /** Loading until the host in use is known (the user's default may be asked for first). */
  hosts: AsyncState<ApiHost[]>;
  /** The host in use; undefined while loading, without hosts, or when the URL names an unknown one. */
  host?: ApiHost;
  /** The id asked for (URL or stored), even when no stored host has it. */
  requestedId?: string;
  select(id: string): void;
  reloadHosts(): void;
}

const SelectedHostContext = createContext<SelectedHostState | undefined>(undefined);

function resolveHost(
  hosts: ApiHost[],
  urlId: string | null,
  defaultId: string | null | undefined,
): { host?: ApiHost; requestedId?: string } {
  if (urlId) return { host: hosts.find((host) => host.id === urlId), requestedId: urlId };
  const storedId = getSelectedApiHostId();
  const host =
    hosts.find((candidate) => candidate.id === storedId) ??
    hosts.find((candidate) => candidate.id === defaultId) ??
    hosts[0];
  return { host, requestedId: host?.id };
}

export function SelectedHostProvider({
  urlParams,
  setUrlState,
  children,
}: {
  urlParams: URLSearchParams;
  setUrlState: SetUrlState;
  children: ReactNode;
}) {
  const { hosts: hostsClient } = useSvcServices();
  const load = useCallback((signal: AbortSignal) => hostsClient.list(signal), [hostsClient]);
  const { state: listed, reload: reloadList } = useAsync(load, 'Loading API hosts');
  const urlId = urlParams.get(HOST_URL_PARAM);
  const storedId = getSelectedApiHostId();
  // The user's default is only asked for when neither the URL nor this browser names a stored host:
  // when they name none at all (a new browser), at once, beside the list rather than after it.
  const needsDefault =
    !urlId &&
    (storedId === undefined ||
      (listed.data !== undefined && !listed.data.some((candidate) => candidate.id === storedId)));
  const loadDefault = useCallback(
    (signal: AbortSignal) =>
      needsDefault ? hostsClient.getDefault(signal) : Promise.resolve(undefined),
    [hostsClient, needsDefault],
  );
  const { state: defaultHost, reload: reloadDefault } = useAsync(
    loadDefault,
    'Reading your default API host',
  );
  // A default that cannot be read leaves the first host in use (the failure is reported).
  const waitingForDefault = needsDefault && defaultHost.status === 'loading';
  const hosts = useMemo<AsyncState<ApiHost[]>>(
    () =>
      waitingForDefault && listed.status === 'success'
        ? { status: 'loading', data: listed.data }
        : listed,
    [listed, waitingForDefault],
  );
  const { host, requestedId } =
    !listed.data || waitingForDefault
      ? { host: undefined, requestedId: urlId ?? undefined }
      : resolveHost(listed.data, urlId, defaultHost.data);

  // Keep the URL and the stored choice in step with the host in use.
  useEffect(() => {
    if (!host) return;
    setSelectedApiHostId(host.id);
    if (urlId !== host.id) setUrlState({ [HOST_URL_PARAM]: host.id });
  }, [host, urlId, setUrlState]);

  const select = useCallback(
    (id: string) => setUrlState({ [HOST_URL_PARAM]: id }, { push: true }),
    [setUrlState],
  );
  const reloadHosts = useCallback(() => {
    reloadList();
    reloadDefault();
  }, [reloadList, reloadDefault]);
  const value = useMemo(
    () => ({ hosts, host, requestedId, select, reloadHosts }),
    [hosts, host, requestedId, select, reloadHosts],
  );
  return <SelectedHostContext.Provider value={value}>{children}</SelectedHostContext.Provider>;
}

export function useSelectedHost(): SelectedHostState {
  const state = useContext(SelectedHostContext);
  if (!state) throw new Error('useSelectedHost needs a SelectedHostProvider above it');
  return state;
}
