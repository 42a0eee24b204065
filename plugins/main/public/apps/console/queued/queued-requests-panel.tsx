/**
 * Requests queued with `delay` (restarts and the like) that have not been sent yet: the user's own,
 * or everyone's for an administrator, each with the time it is due and a way to cancel it.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  EuiBasicTable,
  EuiButtonEmpty,
  EuiButtonIcon,
  EuiCallOut,
  EuiFlexGroup,
  EuiFlexItem,
  EuiText,
  EuiTitle,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { SVC_ROUTES } from '@main/common/constants';
import type { QueuedRequestList, QueuedRequestSummary } from '@main/common/queued-requests';

export interface QueuedRequestsHttp {
  get<T>(path: string, options?: { signal?: AbortSignal }): Promise<T>;
  delete<T>(path: string): Promise<T>;
}

export interface QueuedRequestsPanelProps {
  http: QueuedRequestsHttp;
  /** Changes after each request the console sent (its send time), so a newly queued one shows up. */
  refreshKey: string;
}

function queuedRequestRoute(id: string): string {
  return SVC_ROUTES.queuedRequest.replace('{id}', encodeURIComponent(id));
}

export function QueuedRequestsPanel({ http, refreshKey }: QueuedRequestsPanelProps) {
  const [items, setItems] = useState<QueuedRequestSummary[]>([]);
  const [problem, setProblem] = useState<string>();
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    http.get<QueuedRequestList>(SVC_ROUTES.queuedRequests, { signal: controller.signal }).then(
      (list) => {
        setItems(list.items);
        setProblem(undefined);
      },
      (error: Error) => {
        if (!controller.signal.aborted) setProblem(error.message);
      },
    );
    return () => controller.abort();
  }, [http, refreshKey, reloads]);

  const cancel = useCallback(
    async (item: QueuedRequestSummary) => {
      try {
        await http.delete(queuedRequestRoute(item.id));
      } catch (error) {
        setProblem((error as Error).message);
      }
      setReloads((count) => count + 1);
    },
    [http],
  );

  const columns: Array<EuiBasicTableColumn<QueuedRequestSummary>> = [
    {
      name: 'Request',
      render: (item: QueuedRequestSummary) => (
        <span className="eui-textBreakAll">
          {item.method} {item.path}
        </span>
      ),
    },
    { field: 'host_id', name: 'Host', width: '120px' },
    { field: 'owner', name: 'Queued by', width: '120px' },
    {
      field: 'due_at',
      name: 'Sent at',
      width: '180px',
      render: (dueAt: string) => new Date(dueAt).toLocaleString(),
    },
    {
      name: '',
      width: '40px',
      render: (item: QueuedRequestSummary) => (
        <EuiButtonIcon
          iconType="cross"
          color="danger"
          aria-label={`Cancel ${item.method} ${item.path}`}
          onClick={() => void cancel(item)}
          data-test-subj="consoleQueuedCancel"
        />
      ),
    },
  ];

  return (
    <div data-test-subj="consoleQueued">
      <EuiFlexGroup alignItems="center" responsive={false} gutterSize="s">
        <EuiFlexItem grow={false}>
          <EuiTitle size="xs">
            <h3>Queued requests</h3>
          </EuiTitle>
        </EuiFlexItem>
        <EuiFlexItem grow={true}>
          <EuiText size="xs" color="subdued">
            Requests sent with a delay wait here until they are due; they are dropped if the user
            who queued them is removed or changed meanwhile.
          </EuiText>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty
            size="s"
            iconType="refresh"
            onClick={() => setReloads((count) => count + 1)}
            data-test-subj="consoleQueuedRefresh"
          >
            Refresh
          </EuiButtonEmpty>
        </EuiFlexItem>
      </EuiFlexGroup>
      {problem && (
        <EuiCallOut size="s" color="danger" title={problem} data-test-subj="consoleQueuedProblem" />
      )}
      <EuiBasicTable<QueuedRequestSummary>
        compressed
        tableLayout="auto"
        items={items}
        columns={columns}
        noItemsMessage="No request is waiting."
        rowProps={{ 'data-test-subj': 'consoleQueuedRow' }}
      />
    </div>
  );
}
