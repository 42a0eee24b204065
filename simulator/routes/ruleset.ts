/** HTTP bindings of rules, decoders and SCA. */
import { type HandlerTable, caller } from '../http/context';
import { listDecoderFiles, listDecoders, listRuleFiles, listRules } from '../services/ruleset';
import { listScaChecks, listScaPolicies } from '../services/sca';
import type { SimulatorState } from '../state';

export function rulesetHandlers(state: SimulatorState): HandlerTable {
  return {
    'GET /rules': (context) => ({ body: listRules(state, caller(context), context.query) }),
    'GET /rules/files': (context) => ({
      body: listRuleFiles(state, caller(context), context.query),
    }),
    'GET /decoders': (context) => ({ body: listDecoders(state, caller(context), context.query) }),
    'GET /decoders/files': (context) => ({
      body: listDecoderFiles(state, caller(context), context.query),
    }),
    'GET /sca/{agent_id}': (context) => ({
      body: listScaPolicies(state, caller(context), String(context.path.agent_id), context.query),
    }),
    'GET /sca/{agent_id}/checks/{policy_id}': (context) => ({
      body: listScaChecks(
        state,
        caller(context),
        String(context.path.agent_id),
        String(context.path.policy_id),
        context.query,
      ),
    }),
  };
}
