/**
 * Which manager a host's alerts carry: the cluster's name (`cluster.name`) when the manager runs a
 * cluster, else the manager's name (`manager.name`), as the Wazuh dashboard pins every alerts query.
 * The same for every user of the host, so it is read with the host's own API user and kept until
 * the host is edited or removed.
 */
import type { ApiHostRequester } from '../../managed-api/api-host-requester';
import { AlertsScopeError } from './errors';
import type { AlertsScope } from './index';
import { readItems } from './managed-api-reads';

export type ManagerPin = AlertsScope['pin'];

function nameOf(item: unknown, field: string): string | undefined {
  const value = (item as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

async function clusterEnabled(requester: ApiHostRequester, apiHostId: string) {
  const answer = await requester.request<{ data?: { enabled?: unknown } }>(
    'GET',
    '/cluster/status',
    undefined,
    { apiHostId },
  );
  // A manager without the cluster API (or a user not allowed to read it) is not pinned by cluster.
  return answer.status === 200 && answer.data?.data?.enabled === 'yes';
}

/** Reads the pin from the host (no cache). */
export async function readManagerPin(
  requester: ApiHostRequester,
  apiHostId: string,
): Promise<ManagerPin> {
  if (await clusterEnabled(requester, apiHostId)) {
    const { items } = await readItems(requester, apiHostId, '/cluster/local/info', 'its cluster');
    const name = nameOf(items[0], 'cluster');
    if (name) return { field: 'cluster.name', value: name };
    throw new AlertsScopeError(
      'manager_pin_unavailable',
      `API host [${apiHostId}] runs a cluster but GET /cluster/local/info gave no cluster name.`,
      apiHostId,
    );
  }
  const { items } = await readItems(
    requester,
    apiHostId,
    '/agents?agents_list=000&select=manager',
    'its manager',
  );
  const name = nameOf(items[0], 'manager');
  if (name) return { field: 'manager.name', value: name };
  throw new AlertsScopeError(
    'manager_pin_unavailable',
    `API host [${apiHostId}] gave no manager name for agent 000 (GET /agents?agents_list=000).`,
    apiHostId,
  );
}
