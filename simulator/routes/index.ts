/** Every handler the simulator serves, keyed by `<METHOD> <path template>`. */
import type { HandlerTable } from '../http/context';
import type { SimulatorState } from '../state';
import { agentHandlers } from './agents';
import { clusterHandlers } from './cluster';
import { defaultHandlers } from './default';
import { groupHandlers } from './groups';
import { inventoryHandlers } from './inventory';
import { managerHandlers } from './manager';
import { mitreHandlers } from './mitre';
import { rulesetHandlers } from './ruleset';
import { securityHandlers } from './security';
import { taskHandlers } from './tasks';

export function allHandlers(state: SimulatorState): HandlerTable {
  return {
    ...defaultHandlers(state),
    ...securityHandlers(state),
    ...agentHandlers(state),
    ...managerHandlers(state),
    ...clusterHandlers(state),
    ...rulesetHandlers(state),
    ...groupHandlers(state),
    ...inventoryHandlers(state),
    ...mitreHandlers(state),
    ...taskHandlers(state),
  };
}
