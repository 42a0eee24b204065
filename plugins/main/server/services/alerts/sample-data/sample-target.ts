/**
 * Whose sample alerts to make: the API host's agents (as the admin's identity there lists them),
 * its manager's name and, when it runs a cluster, the cluster and node names, so the sample alerts
 * fall inside the host's manager pin like its own alerts.
 */
import type { ApiHostRequester } from '../../managed-api/api-host-requester';
import type { AlertsScope } from '../scope';
import { readItems } from '../scope/managed-api-reads';
import type { AgentLike } from './generator';
import type { SampleTarget } from './sample-data-service';

/** Agents sample alerts are spread over (the original uses 7 sample agents). */
const MAX_SAMPLE_AGENTS = 100;

interface AgentItem {
  id?: unknown;
  name?: unknown;
  ip?: unknown;
  manager?: unknown;
}

function agentOf(item: AgentItem): AgentLike | undefined {
  if (typeof item.id !== 'string' || typeof item.name !== 'string') return undefined;
  return { id: item.id, name: item.name, ip: typeof item.ip === 'string' ? item.ip : '' };
}

export async function readSampleTarget(
  requester: ApiHostRequester,
  apiHostId: string,
  pin: AlertsScope['pin'],
): Promise<SampleTarget> {
  const [managerPage, agentsPage, clusterPage] = await Promise.all([
    readItems<AgentItem>(
      requester,
      apiHostId,
      '/agents?agents_list=000&select=id,name,ip,manager',
      'its manager',
    ),
    readItems<AgentItem>(
      requester,
      apiHostId,
      `/agents?select=id,name,ip&limit=${MAX_SAMPLE_AGENTS}&q=id!%3D000`,
      'its agents',
    ),
    pin.field === 'cluster.name'
      ? readItems<{ node?: unknown }>(requester, apiHostId, '/cluster/local/info', 'its cluster')
      : undefined,
  ]);
  const managerItem = managerPage.items[0] ?? {};
  const managerAgent = agentOf(managerItem);
  // Alerts carry the manager's host name; with a cluster, the pin is the cluster's name instead.
  const manager =
    pin.field === 'manager.name'
      ? pin.value
      : typeof managerItem.manager === 'string'
        ? managerItem.manager
        : (managerAgent?.name ?? pin.value);
  const agents = agentsPage.items.map(agentOf).filter((agent) => agent !== undefined);
  const node = clusterPage?.items[0]?.node;
  return {
    agents:
      agents.length > 0
        ? agents
        : managerAgent
          ? [managerAgent]
          : [{ id: '000', name: manager, ip: '' }],
    manager,
    ...(pin.field === 'cluster.name' && {
      cluster: { name: pin.value, node: typeof node === 'string' ? node : manager },
    }),
  };
}
