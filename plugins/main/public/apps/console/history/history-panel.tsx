/** The user's sent requests, newest first: each can be loaded back into the editor; all can be cleared. */
import {
  EuiBadge,
  EuiBasicTable,
  EuiButtonEmpty,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLink,
  EuiText,
  EuiTitle,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { HISTORY_LIMIT, type HistoryEntry } from './history-store';

export interface HistoryPanelProps {
  entries: HistoryEntry[];
  onLoad(entry: HistoryEntry): void;
  onClear(): void;
}

function statusBadge(status: number | undefined) {
  if (status === undefined) return <EuiBadge color="danger">no answer</EuiBadge>;
  return <EuiBadge color={status >= 200 && status < 300 ? 'success' : 'danger'}>{status}</EuiBadge>;
}

export function HistoryPanel({ entries, onLoad, onClear }: HistoryPanelProps) {
  const columns: Array<EuiBasicTableColumn<HistoryEntry>> = [
    {
      name: 'Request',
      render: (entry: HistoryEntry) => (
        <EuiLink
          onClick={() => onLoad(entry)}
          data-test-subj="consoleHistoryEntry"
          title="Load into the editor"
        >
          <span className="eui-textBreakAll">
            {entry.method} {entry.path}
          </span>
          {entry.body !== undefined && (
            <EuiBadge color="hollow" style={{ marginLeft: 6 }}>
              body
            </EuiBadge>
          )}
        </EuiLink>
      ),
    },
    {
      field: 'apiHostId',
      name: 'Host',
      width: '140px',
      render: (apiHostId: string) => <span data-test-subj="consoleHistoryHost">{apiHostId}</span>,
    },
    {
      field: 'status',
      name: 'Status',
      width: '90px',
      render: (status: number | undefined) => statusBadge(status),
    },
    { field: 'durationMs', name: 'Time taken', width: '90px', render: (ms: number) => `${ms} ms` },
    {
      field: 'sentAt',
      name: 'Sent',
      width: '180px',
      render: (sentAt: string) => new Date(sentAt).toLocaleString(),
    },
  ];
  return (
    <div data-test-subj="consoleHistory">
      <EuiFlexGroup
        alignItems="center"
        justifyContent="spaceBetween"
        responsive={false}
        gutterSize="s"
      >
        <EuiFlexItem grow={false}>
          <EuiTitle size="xs">
            <h3>History</h3>
          </EuiTitle>
        </EuiFlexItem>
        <EuiFlexItem grow={true}>
          <EuiText size="xs" color="subdued">
            The last {HISTORY_LIMIT} requests you sent from this browser. Click one to add it to the
            editor.
          </EuiText>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty
            size="s"
            color="danger"
            iconType="trash"
            onClick={onClear}
            isDisabled={entries.length === 0}
            data-test-subj="consoleHistoryClear"
          >
            Clear all
          </EuiButtonEmpty>
        </EuiFlexItem>
      </EuiFlexGroup>
      <div style={{ maxHeight: 260, overflowY: 'auto' }}>
        <EuiBasicTable<HistoryEntry>
          compressed
          tableLayout="auto"
          items={entries}
          columns={columns}
          noItemsMessage="No request sent yet."
          rowProps={{ 'data-test-subj': 'consoleHistoryRow' }}
        />
      </div>
    </div>
  );
}
