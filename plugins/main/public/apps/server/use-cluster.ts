import { useCallback } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import type { ManagedApi } from '../../services/managed-api';
import { SvcError } from '../../services/svc-error';
import type { ClusterNode } from './server-api';

/** A single manager (cluster disabled) has no nodes to choose from. */
export type ServerShape = { clustered: false } | { clustered: true; nodes: ClusterNode[] };

async function readShape(
  api: ManagedApi,
  apiHostId: string,
  signal: AbortSignal,
): Promise<ServerShape> {
  const status = await api.data<{ enabled: string; running: string }>({
    apiHostId,
    path: '/cluster/status',
    signal,
    action: 'cluster:status',
  });
  if (status.enabled !== 'yes' || status.running !== 'yes') return { clustered: false };
  const nodes = await api.list<ClusterNode>({
    apiHostId,
    path: '/cluster/nodes',
    query: { select: ['name', 'type', 'version', 'ip'] },
    signal,
    action: 'cluster:read',
  });
  const masterFirst = [...nodes.items].sort(
    (a, b) => Number(b.type === 'master') - Number(a.type === 'master'),
  );
  return { clustered: true, nodes: masterFirst };
}

/**
 * Whether the host runs a cluster, and its nodes (master first) when it does. A user who may not
 * read the cluster sees the node answering as a single manager (its `/manager` routes).
 */
export function useServerShape(host: ApiHost) {
  const { api } = useSvcServices();
  const load = useCallback(
    async (signal: AbortSignal): Promise<ServerShape> => {
      try {
        return await readShape(api, host.id, signal);
      } catch (error) {
        if (error instanceof SvcError && error.isPermissionDenied) return { clustered: false };
        throw error;
      }
    },
    [api, host.id],
  );
  return useAsync(load, 'Reading the cluster of the server', 'cluster:status');
}
