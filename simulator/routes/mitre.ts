/** HTTP bindings of the MITRE ATT&CK database. */
import { type HandlerTable, caller } from '../http/context';
import { listMitreTactics, listMitreTechniques, mitreMetadata } from '../services/mitre';
import type { SimulatorState } from '../state';

export function mitreHandlers(state: SimulatorState): HandlerTable {
  return {
    'GET /mitre/tactics': (context) => ({
      body: listMitreTactics(state, caller(context), context.query),
    }),
    'GET /mitre/techniques': (context) => ({
      body: listMitreTechniques(state, caller(context), context.query),
    }),
    'GET /mitre/metadata': (context) => ({ body: mitreMetadata(caller(context)) }),
  };
}
