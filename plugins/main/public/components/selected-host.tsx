/**
 * Which managed-API host the apps talk to. The URL's `host` parameter wins (a shared link opens the
 * same host), then the user's last choice in this browser (kept under the key the update checker
 * reads), then the first stored host. The choice is written back to both.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import {
  getSelectedApiHostId,
  setSelectedApiHostId,
} from '../../../check-updates/common/selected-api-host';
import type { ApiHost } from '../../common/api-hosts';
import { useAsync, type AsyncState } from '../hooks/use-async';
import type { SetUrlState } from '../hooks/use-url-state';
import { useSvcServices } from './services-context';

export const HOST_URL_PARAM = 'host';

export interface SelectedHostState {
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
  hosts: ApiHost[] | undefined,
  urlId: string | null,
): { host?: ApiHost; requestedId?: string } {
  if (!hosts) return { requestedId: urlId ?? undefined };
  if (urlId) return { host: hosts.find((host) => host.id === urlId), requestedId: urlId };
  const storedId = getSelectedApiHostId();
  const host = hosts.find((candidate) => candidate.id === storedId) ?? hosts[0];
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
  const { state: hosts, reload: reloadHosts } = useAsync(load, 'Loading API hosts');
  const urlId = urlParams.get(HOST_URL_PARAM);
  const { host, requestedId } = resolveHost(hosts.data, urlId);

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
