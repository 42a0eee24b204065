/** HTTP bindings of group creation and deletion, a group's agents and its shared configuration. */
import { type HandlerTable, caller } from '../http/context';
import {
  createGroup,
  deleteGroups,
  groupAgents,
  groupConfiguration,
  groupFile,
  updateGroupConfiguration,
} from '../services/groups';
import type { SimulatorState } from '../state';

export function groupHandlers(state: SimulatorState): HandlerTable {
  return {
    'POST /groups': (context) => ({
      body: createGroup(state, caller(context), context.body as { group_id: string }),
    }),
    'DELETE /groups': (context) => ({
      body: deleteGroups(state, caller(context), context.query),
    }),
    'GET /groups/{group_id}/agents': (context) => ({
      body: groupAgents(state, caller(context), String(context.path.group_id), context.query),
    }),
    'GET /groups/{group_id}/configuration': (context) => ({
      body: groupConfiguration(state, caller(context), String(context.path.group_id)),
    }),
    'PUT /groups/{group_id}/configuration': (context) => ({
      body: updateGroupConfiguration(
        state,
        caller(context),
        String(context.path.group_id),
        context.body,
      ),
    }),
    'GET /groups/{group_id}/files/{file_name}': (context) =>
      groupFile(
        state,
        caller(context),
        String(context.path.group_id),
        String(context.path.file_name),
        context.query,
      ),
  };
}
