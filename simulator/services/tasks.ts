/** `GET /tasks/status` (RBAC `task:status`): the task manager's tasks, filtered and paged as a list. */
import type { UpgradeTaskItem } from '../data/upgrade-tasks';
import type { Session } from '../http/context';
import { AffectedItems, type ListBody } from '../http/envelope';
import type { ParsedParams } from '../http/params';
import { type TableSpec, listItems } from '../query/list-query';
import { requireResourceless } from '../rbac/guard';
import type { SimulatorState } from '../state';
import { listParams } from './list-params';

const TASK_FIELDS = [
  'task_id',
  'agent',
  'node',
  'module',
  'command',
  'status',
  'error_message',
  'create_time',
  'update_time',
] as const;

const TASK_TABLE: TableSpec<UpgradeTaskItem> = {
  mode: 'db',
  fields: {
    task_id: 'number',
    agent: 'number',
    node: 'string',
    module: 'string',
    command: 'string',
    status: 'string',
    error_message: 'string',
    create_time: 'date',
    update_time: 'date',
  },
  sortFields: TASK_FIELDS,
  selectFields: TASK_FIELDS,
  requiredFields: ['task_id'],
};

function matches(task: UpgradeTaskItem, query: ParsedParams): boolean {
  const agents = (query.agents_list as string[] | undefined)?.map(Number);
  const tasks = (query.tasks_list as string[] | undefined)?.map(Number);
  return (
    (agents === undefined || agents.includes(task.agent)) &&
    (tasks === undefined || tasks.includes(task.task_id)) &&
    (query.command === undefined || task.command === query.command) &&
    (query.node === undefined || task.node === query.node) &&
    (query.module === undefined || task.module === query.module) &&
    // The API lower-cases `status` before comparing.
    (query.status === undefined || task.status.toLowerCase() === query.status)
  );
}

export function tasksStatus(
  state: SimulatorState,
  session: Session,
  query: ParsedParams,
): ListBody {
  requireResourceless(session, 'task:status');
  const result = new AffectedItems<Record<string, unknown>>({
    all: "All specified task's status were returned",
    some: 'Some status were not returned',
    none: 'No status was returned',
  });
  result.setPage(
    listItems<UpgradeTaskItem, UpgradeTaskItem>(
      {
        rows: state.upgradeTasks.items(),
        load: (task) => task,
        filter: (task) => matches(task, query),
      },
      TASK_TABLE,
      listParams(query),
      state.now(),
    ),
  );
  return result.body();
}
