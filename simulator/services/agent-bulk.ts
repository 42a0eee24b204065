/**
 * Operations on many agents at once: restart, group assignment and removal, upgrade. Targets are the
 * named `agents_list` (4000 for denied ids, 403 when none is allowed, 1701 for unknown ones) or, when
 * the list is absent or `all`, every agent the caller may act on that matches the filters. Agents an
 * action cannot apply to are reported per item, as the managed API does.
 */
import { MANAGER_ID, type AgentState, formatAgentId, parseAgentId } from '../data/agents';
import { MANAGER_VERSION } from '../data/catalogues';
import type { Session } from '../http/context';
import type { ErrorCode } from '../http/errors';
import { AffectedItems, type AffectedItemsEnvelope } from '../http/envelope';
import type { ParsedParams } from '../http/params';
import { codedProblem, permissionDenied } from '../http/problem';
import { errorNode } from '../rbac/guard';
import { agentAccess, objectAccess } from '../rbac/permissions';
import { compileQ } from '../query/list-query';
import type { SimulatorState } from '../state';
import { agentTable, namedFilters, resolveNamed } from './agents';

/** Agent numbers the call targets, with failures recorded for named ids that cannot be touched. */
function targets(
  state: SimulatorState,
  session: Session,
  action: string,
  query: ParsedParams,
  result: AffectedItems<unknown>,
): number[] {
  const access = agentAccess(session.permissions, action);
  const requested = query.agents_list as string[] | undefined;
  const now = state.now();
  const predicates = namedFilters(state.agents, query, now);
  if (query.q) predicates.push(compileQ(agentTable(state.agents), query.q as string, now));
  const matches = (n: number) =>
    predicates.every((predicate) => predicate(state.agents.get(n) as AgentState));
  if (!requested || requested.includes('all')) {
    return [...state.agents.liveIds()].filter((n) => {
      if (n === MANAGER_ID) return false;
      const agent = state.agents.get(n) as AgentState;
      return access.allows(n, agent.groups, true) && matches(n);
    });
  }
  const withoutManager = requested.filter((id) => parseAgentId(id) !== MANAGER_ID);
  if (withoutManager.length < requested.length) result.fail(1703, '000');
  if (withoutManager.length === 0) return [];
  return resolveNamed(state, session, access, withoutManager, result).allowed.filter(matches);
}

export function restartAgents(
  state: SimulatorState,
  session: Session,
  query: ParsedParams,
): AffectedItemsEnvelope<string> {
  const result = new AffectedItems<string>({
    all: 'Restart command was sent to all agents',
    some: 'Restart command was not sent to some agents',
    none: 'Restart command was not sent to any agent',
  });
  for (const n of targets(state, session, 'agent:restart', query, result)) {
    if (state.agents.get(n)?.status !== 'active') result.fail(1707, formatAgentId(n));
    else {
      state.agents.restart(n);
      result.items.push(formatAgentId(n));
    }
  }
  return result.render();
}

function requireGroup(state: SimulatorState, session: Session, group: string): void {
  if (!objectAccess(session.permissions, 'group:modify_assignments', 'group:id')(group))
    throw permissionDenied('group:id', errorNode(session));
  if (!state.agents.groupNames.has(group)) throw codedProblem(1710, { node: errorNode(session) });
}

export function assignAgentsToGroup(
  state: SimulatorState,
  session: Session,
  query: ParsedParams,
): AffectedItemsEnvelope<string> {
  const group = String(query.group_id);
  const single = query.force_single_group === true;
  requireGroup(state, session, group);
  const suffix = single ? ' and removed from the other groups' : '';
  const result = new AffectedItems<string>({
    all: `All selected agents were assigned to ${group}${suffix}`,
    some: `Some agents were not assigned to ${group}${suffix}`,
    none: `No agents were assigned to ${group}${suffix}`,
  });
  for (const n of targets(state, session, 'agent:modify_group', query, result)) {
    if (state.agents.get(n)?.groups?.includes(group) && !single)
      result.fail(1751, formatAgentId(n));
    else {
      state.agents.assignGroup(n, group, single);
      result.items.push(formatAgentId(n));
    }
  }
  return result.render();
}

export function removeAgentsFromGroup(
  state: SimulatorState,
  session: Session,
  query: ParsedParams,
): AffectedItemsEnvelope<string> {
  const group = String(query.group_id);
  requireGroup(state, session, group);
  const result = new AffectedItems<string>({
    all: `All selected agents were removed from group ${group}`,
    some: `Some agents were not removed from group ${group}`,
    none: `No agent was removed from group ${group}`,
  });
  for (const n of targets(state, session, 'agent:modify_group', query, result)) {
    const groups = state.agents.get(n)?.groups ?? [];
    if (!groups.includes(group)) result.fail(1734, formatAgentId(n));
    else if (group === 'default' && groups.length === 1) result.fail(1745, formatAgentId(n));
    else {
      state.agents.removeGroup(n, group);
      result.items.push(formatAgentId(n));
    }
  }
  return result.render();
}

/** `DELETE /agents/{agent_id}/group/{group_id}`: the single-agent form, answered with a plain message. */
export function removeAgentFromGroup(
  state: SimulatorState,
  session: Session,
  agentId: string,
  group: string,
): { message: string; error: 0 } {
  const outcome = removeAgentsFromGroup(state, session, {
    agents_list: [agentId],
    group_id: group,
  });
  const failure = outcome.data.failed_items[0];
  if (failure) throw codedProblem(failure.error.code as ErrorCode, { node: errorNode(session) });
  return { message: `Agent '${agentId}' removed from '${group}'.`, error: 0 };
}

export function upgradeAgents(
  state: SimulatorState,
  session: Session,
  query: ParsedParams,
): AffectedItemsEnvelope<{ agent: string; task_id: number }> {
  const result = new AffectedItems<{ agent: string; task_id: number }>({
    all: 'All upgrade tasks were created',
    some: 'Upgrade tasks were created for some agents',
    none: 'No upgrade task was created',
  });
  const version = query.upgrade_version
    ? `Wazuh v${String(query.upgrade_version).replace(/^v/, '')}`
    : MANAGER_VERSION;
  for (const n of targets(state, session, 'agent:upgrade', query, result)) {
    const agent = state.agents.get(n) as AgentState;
    if (agent.status !== 'active') result.fail(1707, formatAgentId(n));
    else if (agent.version === version && query.force !== true) result.fail(1819, formatAgentId(n));
    else {
      const task = state.upgradeTasks.create(n, state.agents.nodeOf(n));
      // A failed upgrade leaves the agent on the version it had.
      if (!task.fails) state.agents.setVersion(n, version);
      result.items.push({ agent: formatAgentId(n), task_id: task.id });
    }
  }
  return result.render();
}
