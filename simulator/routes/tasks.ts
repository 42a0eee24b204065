/** HTTP binding of the task manager's list. */
import { type HandlerTable, caller } from '../http/context';
import { tasksStatus } from '../services/tasks';
import type { SimulatorState } from '../state';

export function taskHandlers(state: SimulatorState): HandlerTable {
  return {
    'GET /tasks/status': (context) => ({
      body: tasksStatus(state, caller(context), context.query),
    }),
  };
}
