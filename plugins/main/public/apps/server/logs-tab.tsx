import {
  EuiBasicTable,
  EuiCallOut,
  EuiFieldSearch,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormRow,
  EuiHealth,
  EuiInMemoryTable,
  EuiSelect,
  EuiSpacer,
  EuiSwitch,
  EuiTitle,
  type Criteria,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useCallback, useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { useAppUrlState } from '../../components/app-url-state';
import { ErrorPrompt } from '../../components/error-prompt';
import { formatDate } from '../../components/format';
import { useTableUrlState } from '../../hooks/use-table-url-state';
import { LOG_LEVELS } from './server-api';
import { type DaemonCounts, type LogRow, useLogLines, useLogSummary } from './use-log-lines';
import { useVisiblePolling } from './use-visible-polling';

/** How often "follow" reads the newest lines again. */
const FOLLOW_INTERVAL_MS = 5000;

const LEVEL_COLORS: Record<string, string> = {
  critical: 'danger',
  error: 'danger',
  warning: 'warning',
  info: 'primary',
  debug: 'subdued',
  debug2: 'subdued',
};

function LogsSummary({ rows, loading }: { rows: DaemonCounts[]; loading: boolean }) {
  const count = (field: keyof DaemonCounts, name: string) => ({
    field,
    name,
    sortable: true,
    dataType: 'number' as const,
    width: '100px',
  });
  return (
    <EuiInMemoryTable
      tableCaption="Log lines per daemon"
      items={rows}
      loading={loading}
      columns={[
        { field: 'tag', name: 'Daemon', sortable: true },
        count('all', 'All'),
        count('critical', 'Critical'),
        count('error', 'Errors'),
        count('warning', 'Warnings'),
        count('info', 'Info'),
        count('debug', 'Debug'),
      ]}
      sorting={{ sort: { field: 'error', direction: 'desc' } }}
      pagination={{ initialPageSize: 5, pageSizeOptions: [5, 20, 50] }}
      noItemsMessage={loading ? 'Loading the logs summary…' : 'The log has no lines yet'}
      data-test-subj="logsSummary"
    />
  );
}

/**
 * The manager's log (or the chosen nodes'): counts per daemon, then the lines newest first,
 * filtered by daemon, level and text on the API, paged through, and followed when asked.
 * `nodes` is `[undefined]` for a single manager.
 */
export function LogsTab({
  host,
  nodes,
}: {
  host: ApiHost;
  nodes: ReadonlyArray<string | undefined>;
}) {
  const { params, setParams } = useAppUrlState();
  const table = useTableUrlState<LogRow>('-timestamp');
  const tag = params.get('tag') ?? undefined;
  const level = params.get('level') ?? undefined;
  const search = params.get('search') ?? undefined;
  const follow = params.get('follow') === 'on';
  const [searchText, setSearchText] = useState(search ?? '');
  const summary = useLogSummary(host, nodes);
  const lines = useLogLines(host, nodes, { tag, level, search }, table.offset, table.limit);
  const { reload: reloadLines } = lines;
  const { reload: reloadSummary } = summary;
  const readNewLines = useCallback(() => {
    reloadLines();
    reloadSummary();
  }, [reloadLines, reloadSummary]);
  useVisiblePolling(follow, FOLLOW_INTERVAL_MS, readNewLines);

  const filter = (changes: Record<string, string | undefined>) =>
    setParams({ ...changes, ...table.firstPage });
  const tags = (summary.state.data ?? []).map((row) => row.tag).sort();
  const severalNodes = nodes.length > 1;
  const page = lines.state.data;

  const columns: Array<EuiBasicTableColumn<LogRow>> = [
    {
      field: 'timestamp',
      name: 'Time',
      width: '190px',
      render: (timestamp: string) => formatDate(timestamp),
    },
    ...(severalNodes
      ? [{ field: 'node', name: 'Node', width: '130px' } as EuiBasicTableColumn<LogRow>]
      : []),
    { field: 'tag', name: 'Daemon', width: '260px' },
    {
      field: 'level',
      name: 'Level',
      width: '110px',
      render: (value: string) => (
        <EuiHealth color={LEVEL_COLORS[value] ?? 'subdued'}>{value}</EuiHealth>
      ),
    },
    { field: 'description', name: 'Message' },
  ];

  return (
    <>
      <EuiTitle size="xs">
        <h3>Lines per daemon</h3>
      </EuiTitle>
      {summary.state.status === 'error' ? (
        <ErrorPrompt error={summary.state.error} onRetry={summary.reload} />
      ) : (
        <LogsSummary rows={summary.state.data ?? []} loading={summary.state.status === 'loading'} />
      )}
      <EuiSpacer />
      <EuiFlexGroup wrap alignItems="flexEnd">
        <EuiFlexItem grow={false} style={{ minWidth: 240 }}>
          <EuiFormRow label="Daemon">
            <EuiSelect
              value={tag ?? ''}
              options={[
                { value: '', text: 'All daemons' },
                ...[...new Set([...tags, ...(tag ? [tag] : [])])].map((name) => ({
                  value: name,
                  text: name,
                })),
              ]}
              onChange={(event) => filter({ tag: event.target.value || undefined })}
              data-test-subj="logsDaemon"
            />
          </EuiFormRow>
        </EuiFlexItem>
        <EuiFlexItem grow={false} style={{ minWidth: 160 }}>
          <EuiFormRow label="Level">
            <EuiSelect
              value={level ?? ''}
              options={[
                { value: '', text: 'All levels' },
                ...LOG_LEVELS.map((name) => ({ value: name, text: name })),
              ]}
              onChange={(event) => filter({ level: event.target.value || undefined })}
              data-test-subj="logsLevel"
            />
          </EuiFormRow>
        </EuiFlexItem>
        <EuiFlexItem>
          <EuiFormRow label="Text" fullWidth>
            <EuiFieldSearch
              fullWidth
              value={searchText}
              placeholder="Search the messages (Enter)"
              onChange={(event) => setSearchText(event.target.value)}
              onSearch={(value) => filter({ search: value.trim() || undefined })}
              data-test-subj="logsSearch"
            />
          </EuiFormRow>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiFormRow hasEmptyLabelSpace>
            <EuiSwitch
              label="Follow"
              checked={follow}
              onChange={(event) =>
                setParams({ follow: event.target.checked ? 'on' : undefined, ...table.firstPage })
              }
              data-test-subj="logsFollow"
            />
          </EuiFormRow>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="m" />
      {page && page.silentNodes.length > 0 && (
        <>
          <EuiCallOut
            color="warning"
            iconType="warning"
            size="s"
            title={`No lines from ${page.silentNodes.join(', ')}: the node did not answer`}
            data-test-subj="logsSilentNodes"
          />
          <EuiSpacer size="s" />
        </>
      )}
      {lines.state.status === 'error' ? (
        <ErrorPrompt error={lines.state.error} onRetry={lines.reload} />
      ) : (
        <EuiBasicTable
          tableCaption="Log lines, newest first"
          items={page?.rows ?? []}
          columns={columns}
          loading={lines.state.status === 'loading' && !follow}
          pagination={table.pagination(page?.total ?? 0)}
          onChange={(criteria: Criteria<LogRow>) => {
            // Paging away from the newest lines stops following them.
            if (follow && criteria.page?.index) setParams({ follow: undefined });
            table.onChange(criteria);
          }}
          noItemsMessage={
            lines.state.status === 'loading' ? 'Reading the log…' : 'No line matches the filters'
          }
          rowProps={(row) => ({ 'data-test-subj': `logLine-${row.level}` })}
          data-test-subj="logLines"
        />
      )}
    </>
  );
}
