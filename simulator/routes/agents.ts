/** HTTP bindings of the agent and group operations. */
import { type HandlerTable, caller } from '../http/context';
import {
  addAgent,
  assignAgentToGroup,
  deleteAgents,
  listAgents,
  listGroups,
  restartAgent,
  summaryOs,
  summaryStatus,
} from '../services/agents';
import {
  assignAgentsToGroup,
  removeAgentFromGroup,
  removeAgentsFromGroup,
  restartAgents,
  upgradeAgents,
} from '../services/agent-bulk';
import { agentConfiguration } from '../services/inventory';
import { agentComponentStats } from '../services/daemon-stats';
import type { SimulatorState } from '../state';

export function agentHandlers(state: SimulatorState): HandlerTable {
  return {
    'GET /agents': (context) => ({ body: listAgents(state, caller(context), context.query) }),
    'POST /agents': (context) => ({
      body: addAgent(state, caller(context), context.body as { name: string; ip?: string }),
    }),
    'DELETE /agents': (context) => ({ body: deleteAgents(state, caller(context), context.query) }),
    'GET /agents/summary/status': (context) => ({ body: summaryStatus(state, caller(context)) }),
    'GET /agents/summary/os': (context) => ({ body: summaryOs(state, caller(context)) }),
    'GET /agents/{agent_id}/stats/{component}': (context) => ({
      body: agentComponentStats(
        state,
        caller(context),
        String(context.path.agent_id),
        String(context.path.component),
      ),
    }),
    'PUT /agents/{agent_id}/restart': (context) => ({
      body: restartAgent(state, caller(context), String(context.path.agent_id)),
    }),
    'PUT /agents/{agent_id}/group/{group_id}': (context) => ({
      body: assignAgentToGroup(
        state,
        caller(context),
        String(context.path.agent_id),
        String(context.path.group_id),
        context.query.force_single_group === true,
      ),
    }),
    'PUT /agents/restart': (context) => ({
      body: restartAgents(state, caller(context), context.query),
    }),
    'PUT /agents/group': (context) => ({
      body: assignAgentsToGroup(state, caller(context), context.query),
    }),
    'DELETE /agents/group': (context) => ({
      body: removeAgentsFromGroup(state, caller(context), context.query),
    }),
    'DELETE /agents/{agent_id}/group/{group_id}': (context) => ({
      body: removeAgentFromGroup(
        state,
        caller(context),
        String(context.path.agent_id),
        String(context.path.group_id),
      ),
    }),
    'PUT /agents/upgrade': (context) => ({
      body: upgradeAgents(state, caller(context), context.query),
    }),
    'GET /agents/{agent_id}/config/{component}/{configuration}': (context) => ({
      body: agentConfiguration(
        state,
        caller(context),
        String(context.path.agent_id),
        String(context.path.component),
        String(context.path.configuration),
      ),
    }),
    'GET /groups': (context) => ({ body: listGroups(state, caller(context), context.query) }),
  };
}
