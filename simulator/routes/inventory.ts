/** HTTP bindings of an agent's syscollector inventory and the files integrity monitoring watches. */
import { type HandlerTable, caller } from '../http/context';
import { INVENTORY_KINDS, listInventory, listSyscheckFiles } from '../services/inventory';
import type { SimulatorState } from '../state';

export function inventoryHandlers(state: SimulatorState): HandlerTable {
  return {
    ...syscollectorHandlers(state),
    'GET /syscheck/{agent_id}': (context) => ({
      body: listSyscheckFiles(state, caller(context), String(context.path.agent_id), context.query),
    }),
  };
}

function syscollectorHandlers(state: SimulatorState): HandlerTable {
  return Object.fromEntries(
    Object.keys(INVENTORY_KINDS).map((kind) => [
      `GET /syscollector/{agent_id}/${kind}`,
      (context: Parameters<HandlerTable[string]>[0]) => ({
        body: listInventory(
          state,
          caller(context),
          kind,
          String(context.path.agent_id),
          context.query,
        ),
      }),
    ]),
  );
}
