/** HTTP bindings of rules, decoders, their files, CDB lists, the ruleset test and SCA. */
import { type Handler, type HandlerTable, caller } from '../http/context';
import type { LogtestEvent } from '../ruleset/log-decoding';
import type { RulesetKind } from '../ruleset/files';
import { endLogtestSession, runLogtest } from '../services/log-decoding';
import {
  deleteRulesetFile,
  listCdbLists,
  readRulesetFile,
  uploadRulesetFile,
} from '../services/ruleset-files';
import { listDecoderFiles, listDecoders, listRuleFiles, listRules } from '../services/ruleset';
import { listScaChecks, listScaPolicies } from '../services/sca';
import type { SimulatorState } from '../state';

export function rulesetHandlers(state: SimulatorState): HandlerTable {
  const fileHandlers = (kind: RulesetKind): Record<'read' | 'upload' | 'remove', Handler> => ({
    read: (context) =>
      readRulesetFile(state, caller(context), kind, String(context.path.filename), context.query),
    upload: (context) => ({
      body: uploadRulesetFile(
        state,
        caller(context),
        kind,
        String(context.path.filename),
        context.body,
        context.query,
      ),
    }),
    remove: (context) => ({
      body: deleteRulesetFile(
        state,
        caller(context),
        kind,
        String(context.path.filename),
        context.query,
      ),
    }),
  });
  const rules = fileHandlers('rules');
  const decoders = fileHandlers('decoders');
  const lists = fileHandlers('lists');
  return {
    'GET /rules/files/{filename}': rules.read,
    'PUT /rules/files/{filename}': rules.upload,
    'DELETE /rules/files/{filename}': rules.remove,
    'GET /decoders/files/{filename}': decoders.read,
    'PUT /decoders/files/{filename}': decoders.upload,
    'DELETE /decoders/files/{filename}': decoders.remove,
    'GET /lists': (context) => ({
      body: listCdbLists(state, caller(context), context.query, true),
    }),
    'GET /lists/files': (context) => ({
      body: listCdbLists(state, caller(context), context.query, false),
    }),
    'GET /lists/files/{filename}': lists.read,
    'PUT /lists/files/{filename}': lists.upload,
    'DELETE /lists/files/{filename}': lists.remove,
    'PUT /logtest': (context) => ({
      body: runLogtest(state, caller(context), context.body as LogtestEvent),
    }),
    'DELETE /logtest/sessions/{token}': (context) => ({
      body: endLogtestSession(state, caller(context), String(context.path.token)),
    }),
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
