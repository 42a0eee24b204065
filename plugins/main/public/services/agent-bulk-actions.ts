/**
 * Actions on many agents at once (restart, group assignment and removal, upgrade, removal), for any
 * view that selects agents: a list of agents, or every agent matching a filter across pages. Agents an
 * action makes no sense for are skipped and reported; the API's `failed_items` come back per agent.
 */
import type { ApiQuery, ManagedApi } from './managed-api';
import {
  MANAGER_AGENT_ID,
  withoutManager,
  type Agent,
  type ItemsEnvelope,
} from './managed-api-types';

type AgentSummary = Pick<Agent, 'id' | 'name' | 'status'>;

/** The filter of a table of agents, as the managed API's `GET /agents` takes it. */
interface AgentFilter {
  q?: string;
  search?: string;
  /** Comma-separated statuses. */
  status?: string;
}

export type AgentSelection =
  | { kind: 'agents'; agents: AgentSummary[] }
  | { kind: 'filter'; filter: AgentFilter; total: number };

export type BulkActionId = 'restart' | 'assignGroup' | 'removeGroup' | 'upgrade' | 'remove';

export interface BulkActionDefinition {
  id: BulkActionId;
  label: string;
  /** Past tense for the outcome: "restarted". */
  done: string;
  needsGroup: boolean;
  /** Only connected agents can act on it (a restart or an upgrade is sent to the agent). */
  needsConnection: boolean;
  permission: string;
}

export const BULK_ACTIONS: Record<BulkActionId, BulkActionDefinition> = {
  restart: {
    id: 'restart',
    label: 'Restart',
    done: 'restarted',
    needsGroup: false,
    needsConnection: true,
    permission: 'agent:restart',
  },
  assignGroup: {
    id: 'assignGroup',
    label: 'Assign to group',
    done: 'assigned',
    needsGroup: true,
    needsConnection: false,
    permission: 'agent:modify_group',
  },
  removeGroup: {
    id: 'removeGroup',
    label: 'Remove from group',
    done: 'removed from the group',
    needsGroup: true,
    needsConnection: false,
    permission: 'agent:modify_group',
  },
  upgrade: {
    id: 'upgrade',
    label: 'Upgrade',
    done: 'upgrading',
    needsGroup: false,
    needsConnection: true,
    permission: 'agent:upgrade',
  },
  remove: {
    id: 'remove',
    label: 'Remove agents',
    done: 'removed',
    needsGroup: false,
    needsConnection: false,
    permission: 'agent:delete',
  },
};

/** Why `action` does not apply to the agent, or undefined when it does. */
function skipReason(action: BulkActionId, agent: AgentSummary): string | undefined {
  if (!BULK_ACTIONS[action].needsConnection || agent.status === 'active') return undefined;
  return `not connected (${agent.status.replace('_', ' ')})`;
}

export interface BulkOutcome {
  action: BulkActionId;
  /** Ids the API acted on. */
  done: string[];
  /** Agents the API refused, with its message. */
  failed: Array<{ id: string; message: string }>;
  /** Agents not sent because the action does not apply to them. */
  skipped: Array<{ id: string; reason: string }>;
}

/** Ids per request: long enough to be few calls, short enough for any proxy's URL limit. */
const IDS_PER_CALL = 200;
/** Agents read per page while resolving a filter. */
const RESOLVE_PAGE = 1000;

export function selectionCount(selection: AgentSelection): number {
  return selection.kind === 'agents' ? selection.agents.length : selection.total;
}

/** "1 agent", "3 agents". */
export function agentCount(count: number): string {
  return `${count} ${count === 1 ? 'agent' : 'agents'}`;
}

/** The selected agents (without the manager), reading every page of a filter. */
async function resolveSelection(
  api: ManagedApi,
  apiHostId: string,
  selection: AgentSelection,
  signal?: AbortSignal,
): Promise<AgentSummary[]> {
  if (selection.kind === 'agents')
    return selection.agents.filter((agent) => agent.id !== MANAGER_AGENT_ID);
  const agents: AgentSummary[] = [];
  for (let offset = 0; ; offset += RESOLVE_PAGE) {
    const page = await api.list<AgentSummary>({
      apiHostId,
      path: '/agents',
      query: {
        ...filterQuery(selection.filter),
        select: 'id,name,status',
        offset,
        limit: RESOLVE_PAGE,
      },
      signal,
      action: 'agent:read',
    });
    agents.push(...page.items.filter((agent) => agent.id !== MANAGER_AGENT_ID));
    if (page.items.length < RESOLVE_PAGE || offset + RESOLVE_PAGE >= page.total) return agents;
  }
}

function filterQuery(filter: AgentFilter): ApiQuery {
  return { q: filter.q, search: filter.search, status: filter.status };
}

/** The query that sends the action to every agent of a filter, where the API takes one (DELETE /agents). */
function filterTarget(action: BulkActionId, selection: AgentSelection): ApiQuery | undefined {
  if (action !== 'remove' || selection.kind !== 'filter' || selection.filter.search)
    return undefined;
  return {
    agents_list: 'all',
    status: selection.filter.status || 'all',
    older_than: '0s',
    q: withoutManager(selection.filter.q),
  };
}

function callFor(
  action: BulkActionId,
  target: ApiQuery,
  group: string | undefined,
): { method: 'PUT' | 'DELETE'; path: string; query: ApiQuery } {
  switch (action) {
    case 'restart':
      return { method: 'PUT', path: '/agents/restart', query: target };
    case 'assignGroup':
      return { method: 'PUT', path: '/agents/group', query: { ...target, group_id: group } };
    case 'removeGroup':
      return { method: 'DELETE', path: '/agents/group', query: { ...target, group_id: group } };
    case 'upgrade':
      return { method: 'PUT', path: '/agents/upgrade', query: target };
    case 'remove':
      return {
        method: 'DELETE',
        path: '/agents',
        query: { status: 'all', older_than: '0s', ...target },
      };
  }
}

/** Runs `action` on the selection; resolves with what was done, refused and skipped, per agent. */
export async function runBulkAction(
  api: ManagedApi,
  apiHostId: string,
  action: BulkActionId,
  selection: AgentSelection,
  options: { group?: string; signal?: AbortSignal } = {},
): Promise<BulkOutcome> {
  const definition = BULK_ACTIONS[action];
  if (definition.needsGroup && !options.group) throw new Error(`${definition.label} needs a group`);
  const outcome: BulkOutcome = { action, done: [], failed: [], skipped: [] };
  const send = async (target: ApiQuery) => {
    const call = callFor(action, target, options.group);
    const envelope = await api.request<ItemsEnvelope<string | { agent: string }>>({
      apiHostId,
      ...call,
      signal: options.signal,
      action: definition.permission,
    });
    for (const item of envelope.data.affected_items)
      outcome.done.push(typeof item === 'string' ? item : item.agent);
    for (const failure of envelope.data.failed_items)
      for (const id of failure.id)
        outcome.failed.push({ id: String(id), message: failure.error.message });
  };
  const byFilter = filterTarget(action, selection);
  if (byFilter) {
    await send(byFilter);
    return outcome;
  }
  const agents = await resolveSelection(api, apiHostId, selection, options.signal);
  const eligible: string[] = [];
  for (const agent of agents) {
    const reason = skipReason(action, agent);
    if (reason) outcome.skipped.push({ id: agent.id, reason });
    else eligible.push(agent.id);
  }
  for (let start = 0; start < eligible.length; start += IDS_PER_CALL)
    await send({ agents_list: eligible.slice(start, start + IDS_PER_CALL) });
  return outcome;
}
