/**
 * The upgrade tasks of the host (`GET /tasks/status`), newest first: in progress, failed with the
 * upgrade module's error, or done. Shown once there is a task; while one runs it is read again every
 * few seconds. A user the managed API does not let read tasks does not see the panel.
 */
import {
  EuiAccordion,
  EuiBasicTable,
  type EuiBasicTableColumn,
  EuiHealth,
  EuiSpacer,
} from '@elastic/eui';
import { useCallback, useEffect } from 'react';
import type { ApiHost } from '../../../../common/api-hosts';
import { AgentLink } from '../../../components/agent-link';
import { useSvcServices } from '../../../components/services-context';
import { useAsync } from '../../../hooks/use-async';
import { SvcError } from '../../../services/svc-error';
import { useVisiblePolling } from '../../server/use-visible-polling';

interface UpgradeTask {
  task_id: number;
  agent: number | string;
  node: string;
  status: string;
  error_message?: string;
  create_time: string;
  update_time: string;
}

/** Tasks shown: the latest ones, enough to follow a bulk upgrade. */
const SHOWN_TASKS = 100;
const POLL_MS = 5_000;

const STATUS_COLOR: Record<string, string> = {
  Done: 'success',
  Failed: 'danger',
  Timeout: 'danger',
  Cancelled: 'subdued',
  'In progress': 'primary',
  Pending: 'primary',
};

const agentId = (agent: number | string) => String(agent).padStart(3, '0');

export function UpgradeTasks({ host, refreshKey }: { host: ApiHost; refreshKey?: unknown }) {
  const { api } = useSvcServices();
  const load = useCallback(
    async (signal: AbortSignal) => {
      try {
        return await api.list<UpgradeTask>({
          apiHostId: host.id,
          path: '/tasks/status',
          query: { command: 'upgrade', sort: '-task_id', limit: SHOWN_TASKS },
          signal,
          action: 'task:status',
        });
      } catch (error) {
        if (error instanceof SvcError && error.isPermissionDenied) return { items: [], total: 0 };
        throw error;
      }
    },
    [api, host.id],
  );
  const { state, reload } = useAsync(load, 'Reading the upgrade tasks', 'task:status');
  // A bulk action just ended (an upgrade among them, perhaps): its tasks are new.
  useEffect(() => {
    if (refreshKey !== undefined) reload();
  }, [refreshKey, reload]);
  const tasks = state.data?.items ?? [];
  const running = tasks.filter(
    (task) => task.status === 'In progress' || task.status === 'Pending',
  );
  const failed = tasks.filter((task) => task.status === 'Failed' || task.status === 'Timeout');
  useVisiblePolling(running.length > 0, POLL_MS, reload);
  if (tasks.length === 0) return null;
  const columns: Array<EuiBasicTableColumn<UpgradeTask>> = [
    { field: 'task_id', name: 'Task', width: '70px' },
    {
      field: 'agent',
      name: 'Agent',
      width: '90px',
      render: (agent: number | string) => (
        <AgentLink agentId={agentId(agent)} apiHostId={host.id}>
          {agentId(agent)}
        </AgentLink>
      ),
    },
    { field: 'node', name: 'Node' },
    {
      field: 'status',
      name: 'Status',
      render: (status: string) => (
        <EuiHealth color={STATUS_COLOR[status] ?? 'subdued'}>{status}</EuiHealth>
      ),
    },
    { field: 'error_message', name: 'Error', render: (message?: string) => message ?? '' },
    { field: 'create_time', name: 'Started' },
    { field: 'update_time', name: 'Updated' },
  ];
  return (
    <>
      <EuiAccordion
        id={`upgrade-tasks-${host.id}`}
        buttonContent={`Upgrade tasks: ${running.length} in progress, ${failed.length} failed, ${
          tasks.length - running.length - failed.length
        } finished`}
        initialIsOpen={running.length > 0 || failed.length > 0}
        data-test-subj="upgradeTasks"
      >
        <EuiBasicTable<UpgradeTask>
          tableCaption="Upgrade tasks"
          items={tasks}
          columns={columns}
          rowProps={(task) => ({ 'data-test-subj': `upgradeTask-${task.status}` })}
        />
      </EuiAccordion>
      <EuiSpacer size="m" />
    </>
  );
}
