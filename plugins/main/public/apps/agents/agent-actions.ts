/** Changes to agents through the proxy; any agent the API could not act on makes the call fail. */
import type { ManagedApi } from '../../services/managed-api';
import type { DataEnvelope } from '../../services/managed-api-types';

export interface AddedAgent {
  id: string;
  /** Enrollment key of the new agent. */
  key: string;
}

export async function addAgent(
  api: ManagedApi,
  apiHostId: string,
  input: { name: string; ip?: string },
): Promise<AddedAgent> {
  const envelope = await api.request<DataEnvelope<AddedAgent>>({
    apiHostId,
    method: 'POST',
    path: '/agents',
    body: input,
    action: 'agent:create',
  });
  return envelope.data;
}

export async function restartAgent(
  api: ManagedApi,
  apiHostId: string,
  agentId: string,
): Promise<void> {
  await api.mutate({
    apiHostId,
    method: 'PUT',
    path: `/agents/${encodeURIComponent(agentId)}/restart`,
    action: 'agent:restart',
  });
}

export async function assignGroup(
  api: ManagedApi,
  apiHostId: string,
  agentId: string,
  group: string,
): Promise<void> {
  await api.mutate({
    apiHostId,
    method: 'PUT',
    path: `/agents/${encodeURIComponent(agentId)}/group/${encodeURIComponent(group)}`,
    action: 'agent:modify_group',
  });
}

/** Deletes one agent whatever its status or last keep-alive (the API keeps recently seen agents unless told otherwise). */
export async function deleteAgent(
  api: ManagedApi,
  apiHostId: string,
  agentId: string,
): Promise<void> {
  await api.mutate({
    apiHostId,
    method: 'DELETE',
    path: '/agents',
    query: { agents_list: agentId, status: 'all', older_than: '0s' },
    action: 'agent:delete',
  });
}

/** Upgrades one agent to the manager's version (the API creates an upgrade task). */
export async function upgradeAgent(
  api: ManagedApi,
  apiHostId: string,
  agentId: string,
): Promise<void> {
  await api.mutate({
    apiHostId,
    method: 'PUT',
    path: '/agents/upgrade',
    query: { agents_list: agentId },
    action: 'agent:upgrade',
  });
}

export async function removeFromGroup(
  api: ManagedApi,
  apiHostId: string,
  agentId: string,
  group: string,
): Promise<void> {
  await api.request({
    apiHostId,
    method: 'DELETE',
    path: `/agents/${encodeURIComponent(agentId)}/group/${encodeURIComponent(group)}`,
    action: 'agent:modify_group',
  });
}
