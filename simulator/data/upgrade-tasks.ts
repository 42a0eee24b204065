/**
 * The task manager's upgrade tasks: each upgrade the API accepts is a task that stays `In progress`
 * while the agent installs the package, then ends `Done`, or `Failed` with the upgrade module's error.
 * Whether and how upgrades fail is set by the starter (the control path), so a test can make them fail.
 */

type TaskStatus = 'In progress' | 'Done' | 'Failed';

export interface UpgradeTaskItem {
  task_id: number;
  agent: number;
  node: string;
  module: 'upgrade_module';
  command: 'upgrade';
  status: TaskStatus;
  error_message?: string;
  create_time: string;
  update_time: string;
}

interface TaskRecord {
  id: number;
  agent: number;
  node: string;
  createdAt: number;
  endsAt: number;
  error?: string;
}

/** `2020-11-10T11:55:33Z`, the task manager's way of writing times. */
function taskTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export class UpgradeTasks {
  private readonly records: TaskRecord[] = [];
  /** How long an upgrade runs (ms). */
  durationMs: number;
  /** The error new upgrades end with; undefined: they succeed. */
  failure?: string;

  constructor(
    private readonly now: () => number,
    durationMs: number,
  ) {
    this.durationMs = durationMs;
  }

  /** Records an upgrade of agent `agent` on `node`; the task's id, and whether it will fail. */
  create(agent: number, node: string): { id: number; fails: boolean } {
    const createdAt = this.now();
    const id = this.records.length + 1;
    this.records.push({
      id,
      agent,
      node,
      createdAt,
      endsAt: createdAt + this.durationMs,
      error: this.failure,
    });
    return { id, fails: this.failure !== undefined };
  }

  /** Every task as the API lists it now, oldest first. */
  items(): UpgradeTaskItem[] {
    const now = this.now();
    return this.records.map((record) => {
      const ended = now >= record.endsAt;
      const status: TaskStatus = !ended ? 'In progress' : record.error ? 'Failed' : 'Done';
      return {
        task_id: record.id,
        agent: record.agent,
        node: record.node,
        module: 'upgrade_module',
        command: 'upgrade',
        status,
        ...(status === 'Failed' ? { error_message: record.error } : {}),
        create_time: taskTime(record.createdAt),
        update_time: taskTime(ended ? record.endsAt : record.createdAt),
      };
    });
  }
}
