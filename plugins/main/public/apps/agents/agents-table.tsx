/**
 * The host's agents, paged and sorted by the managed API, filtered with the search bar and the
 * status buttons (all kept in the URL); add, restart, group, delete and CSV export.
 */
import {
  EuiBasicTable,
  EuiButton,
  EuiButtonGroup,
  EuiButtonIcon,
  EuiFlexGroup,
  EuiFlexItem,
  EuiHealth,
  EuiLink,
  EuiSpacer,
  EuiText,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useCallback, useMemo, useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { useAppUrlState } from '../../components/app-url-state';
import { AgentLink } from '../../components/agent-link';
import {
  ColumnChooser,
  useHiddenColumns,
  type ChoosableColumn,
} from '../../components/column-chooser';
import { CsvExportButton } from '../../components/csv-export-button';
import { ErrorPrompt } from '../../components/error-prompt';
import { formatDate, formatList } from '../../components/format';
import { SearchBar } from '../../components/search-bar/search-bar';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import { useSearchUrlState } from '../../hooks/use-search-url-state';
import { useTableUrlState } from '../../hooks/use-table-url-state';
import {
  AGENT_STATUSES,
  AGENT_STATUS_LABELS,
  withoutManager,
  type Agent,
  type AgentStatus,
} from '../../services/managed-api-types';
import { BulkActionMenu, BulkOutcomeCallout } from '../../components/bulk-actions/bulk-action-menu';
import {
  agentCount,
  type AgentSelection,
  type BulkOutcome,
} from '../../services/agent-bulk-actions';
import type { CsvFilter } from '../../services/csv-export';
import { AddAgentModal } from './add-agent-modal';
import { DeployAgentFlyout } from './deploy-agent-flyout';
import { deleteAgent, restartAgent } from './agent-actions';
import { AGENT_SEARCH_FIELDS, agentValueSuggester } from './agent-fields';
import { AssignGroupModal } from './assign-group-modal';

/** Columns every row shows: an agent is known by its id and name. */
const ALWAYS_SHOWN = ['id', 'name'];
const HIDDEN_BY_DEFAULT = ['dateAdd', 'node_name'];

type Dialog =
  { kind: 'none' } | { kind: 'add' } | { kind: 'deploy' } | { kind: 'group'; agent: Agent };

/** The known statuses of the URL's `status` parameter, comma-separated. */
function statusFilter(value: string | null): string {
  return (value ?? '')
    .split(',')
    .filter((status) => (AGENT_STATUSES as string[]).includes(status))
    .join(',');
}

/** Status buttons: any number of them narrows the list to those statuses. */
function StatusFilter({
  selected,
  onChange,
}: {
  selected: string;
  onChange(statuses: string): void;
}) {
  const statuses = selected === '' ? [] : selected.split(',');
  return (
    <EuiButtonGroup
      legend="Status"
      type="multi"
      buttonSize="compressed"
      options={AGENT_STATUSES.map((status) => ({
        id: status,
        label: AGENT_STATUS_LABELS[status],
        'data-test-subj': `statusFilter-${status}`,
      }))}
      idToSelectedMap={Object.fromEntries(statuses.map((status) => [status, true]))}
      onChange={(id) =>
        onChange(
          (statuses.includes(id)
            ? statuses.filter((status) => status !== id)
            : [...statuses, id]
          ).join(','),
        )
      }
    />
  );
}

export function AgentsTable({ host }: { host: ApiHost }) {
  const { api, errors, core, palette } = useSvcServices();
  const { params, setParams } = useAppUrlState();
  const table = useTableUrlState<Agent>('+id');
  const search = useSearchUrlState(AGENT_SEARCH_FIELDS);
  const statusKey = statusFilter(params.get('status'));
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [selectedRows, setSelectedRows] = useState<Agent[]>([]);
  const [wholeFilter, setWholeFilter] = useState(false);
  const [outcome, setOutcome] = useState<BulkOutcome>();
  // `deploy=<name>` opens the deploy flow for that agent name (the never-connected agent's view links here).
  const deployName = params.get('deploy');
  const closeDeploy = () => {
    setDialog({ kind: 'none' });
    if (deployName !== null) setParams({ deploy: undefined });
    reload();
  };
  const [hiddenColumns, setHiddenColumns] = useHiddenColumns(
    'svc:agents:hiddenColumns',
    HIDDEN_BY_DEFAULT,
  );
  const suggestValues = useMemo(() => agentValueSuggester(api, host.id), [api, host.id]);

  const { offset, limit, apiSort } = table;
  const { translate } = search;
  const load = useCallback(
    async (signal: AbortSignal) => {
      const typed = await translate();
      // The manager (agent 000) is not an agent the team deploys or acts on: it is left out of the list and its counts.
      const filter = { ...typed, q: withoutManager(typed.q) };
      const agents = await api.list<Agent>({
        apiHostId: host.id,
        path: '/agents',
        query: { offset, limit, sort: apiSort, status: statusKey || undefined, ...filter },
        signal,
        action: 'agent:read',
      });
      return { ...agents, filter };
    },
    [api, host.id, offset, limit, apiSort, statusKey, translate],
  );
  const { state, reload } = useAsync(load, 'Loading agents', 'agent:read');

  const act = async (agent: Agent, verb: string, run: () => Promise<void>, done: string) => {
    try {
      await run();
      core.notifications.toasts.addSuccess({ title: done, 'data-test-subj': 'agentActionDone' });
      reload();
    } catch (error) {
      errors.report(error, `${verb} agent ${agent.id}`);
    }
  };

  const confirmRestart = async (agent: Agent) => {
    const confirmed = await core.overlays.openConfirm(
      `The agent ${agent.name} (${agent.id}) restarts and reconnects; it does not report while it restarts.`,
      {
        title: `Restart agent ${agent.id}?`,
        confirmButtonText: 'Restart',
        cancelButtonText: 'Cancel',
      },
    );
    if (confirmed)
      await act(
        agent,
        'Restarting',
        () => restartAgent(api, host.id, agent.id),
        `Restart sent to agent ${agent.id}`,
      );
  };

  const confirmDelete = async (agent: Agent) => {
    const confirmed = await core.overlays.openConfirm(
      `The agent ${agent.name} (${agent.id}) is removed from the managed API; it must enroll again to report.`,
      {
        title: `Delete agent ${agent.id}?`,
        confirmButtonText: 'Delete',
        cancelButtonText: 'Cancel',
        buttonColor: 'danger',
      },
    );
    if (confirmed)
      await act(
        agent,
        'Deleting',
        () => deleteAgent(api, host.id, agent.id),
        `Agent ${agent.id} deleted`,
      );
  };

  const allColumns: Array<EuiBasicTableColumn<Agent>> = [
    {
      field: 'id',
      name: 'ID',
      sortable: true,
      width: '80px',
      render: (id: string) => (
        <AgentLink agentId={id} apiHostId={host.id}>
          {id}
        </AgentLink>
      ),
    },
    {
      field: 'name',
      name: 'Name',
      sortable: true,
      truncateText: true,
      render: (name: string, agent) => (
        <AgentLink agentId={agent.id} apiHostId={host.id}>
          {name}
        </AgentLink>
      ),
    },
    { field: 'ip', name: 'IP', sortable: true },
    { field: 'version', name: 'Version', sortable: true },
    {
      field: 'os.name',
      name: 'OS',
      sortable: true,
      render: (_name: string, agent) =>
        [agent.os?.name, agent.os?.version].filter(Boolean).join(' ') || '–',
    },
    { field: 'group', name: 'Group', render: (groups: string[] | undefined) => formatList(groups) },
    {
      field: 'status',
      name: 'Status',
      sortable: true,
      render: (status: AgentStatus) => (
        <EuiHealth
          color={palette.agentStatus[status] ?? 'subdued'}
          data-test-subj={`agentStatus-${status}`}
        >
          {AGENT_STATUS_LABELS[status] ?? status}
        </EuiHealth>
      ),
    },
    {
      field: 'lastKeepAlive',
      name: 'Last keep-alive',
      sortable: true,
      render: (value: string | undefined) => formatDate(value),
    },
    {
      field: 'dateAdd',
      name: 'Registered',
      sortable: true,
      render: (value: string | undefined) => formatDate(value),
    },
    { field: 'node_name', name: 'Node', sortable: true },
    {
      name: 'Actions',
      width: '120px',
      render: (agent: Agent) => (
        <EuiFlexGroup gutterSize="xs" responsive={false}>
          {agent.status === 'active' && (
            <EuiButtonIcon
              iconType="refresh"
              aria-label={`Restart agent ${agent.id}`}
              title="Restart"
              onClick={() => void confirmRestart(agent)}
              data-test-subj="restartAgent"
            />
          )}
          <EuiButtonIcon
            iconType="tag"
            aria-label={`Assign agent ${agent.id} to a group`}
            title="Assign to a group"
            onClick={() => setDialog({ kind: 'group', agent })}
            data-test-subj="assignGroup"
          />
          <EuiButtonIcon
            iconType="trash"
            color="danger"
            aria-label={`Delete agent ${agent.id}`}
            title="Delete"
            onClick={() => void confirmDelete(agent)}
            data-test-subj="deleteAgent"
          />
        </EuiFlexGroup>
      ),
    },
  ];

  // The chooser offers the other field columns under their own headers.
  const choosableColumns: ChoosableColumn[] = allColumns.flatMap((column) =>
    'field' in column && !ALWAYS_SHOWN.includes(String(column.field))
      ? [{ id: String(column.field), label: String(column.name) }]
      : [],
  );
  const columns = allColumns.filter(
    (column) => !('field' in column) || !hiddenColumns.includes(String(column.field)),
  );
  const page = state.data;
  const filter = page?.filter;
  const csvFilters: CsvFilter[] = [
    ...(filter?.q ? [{ name: 'q', value: filter.q }] : []),
    ...(filter?.search ? [{ name: 'search', value: filter.search }] : []),
    ...(statusKey ? [{ name: 'status', value: statusKey }] : []),
    { name: 'sort', value: apiSort },
  ];

  const filterKey = `${filter?.q ?? ''}\u0000${filter?.search ?? ''}\u0000${statusKey}`;
  const [selectionFilterKey, setSelectionFilterKey] = useState(filterKey);
  if (selectionFilterKey !== filterKey) {
    // A new filter is a new set of agents: an earlier choice does not carry over.
    setSelectionFilterKey(filterKey);
    setSelectedRows([]);
    setWholeFilter(false);
  }
  const selection: AgentSelection | undefined = wholeFilter
    ? {
        kind: 'filter',
        filter: { q: filter?.q, search: filter?.search, status: statusKey || undefined },
        total: page?.total ?? 0,
      }
    : selectedRows.length > 0
      ? { kind: 'agents', agents: selectedRows }
      : undefined;
  const unfiltered = !search.text && !statusKey;
  const wholePageSelected =
    (page?.items.length ?? 0) > 0 && selectedRows.length === page?.items.length;

  return (
    <>
      <SearchBar
        value={search.text}
        syntax={search.syntax}
        syntaxes={['wql', 'dql', 'lucene']}
        fields={AGENT_SEARCH_FIELDS}
        suggestValues={suggestValues}
        onSubmit={(change) => search.submit(change, table.firstPage)}
        onSyntaxChange={search.changeSyntax}
        placeholder="Search agents, e.g. status=active and os.platform=ubuntu"
        data-test-subj="agentsSearch"
      />
      <EuiFlexGroup alignItems="center" justifyContent="spaceBetween" wrap>
        <EuiFlexItem grow={false}>
          <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false} wrap>
            <EuiFlexItem grow={false}>
              <StatusFilter
                selected={statusKey}
                onChange={(next) => setParams({ status: next, ...table.firstPage }, { push: true })}
              />
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              <BulkActionMenu
                apiHostId={host.id}
                selection={selection}
                onDone={(result) => {
                  setOutcome(result);
                  setSelectedRows([]);
                  setWholeFilter(false);
                  reload();
                }}
              />
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              <ColumnChooser
                columns={choosableColumns}
                hidden={hiddenColumns}
                onChange={setHiddenColumns}
              />
            </EuiFlexItem>
          </EuiFlexGroup>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false}>
            <EuiFlexItem grow={false}>
              <EuiText size="s" color="subdued" data-test-subj="agentsTotal">
                {page ? agentCount(page.total) : ''}
              </EuiText>
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              <EuiButton
                iconType="refresh"
                onClick={reload}
                isLoading={state.status === 'loading'}
                data-test-subj="agentsReload"
              >
                Reload
              </EuiButton>
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              <CsvExportButton
                apiHostId={host.id}
                path="/agents"
                filters={csvFilters}
                expectedRows={page?.total}
                what="agents"
              />
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              <EuiButton
                fill
                iconType="plusCircle"
                onClick={() => setDialog({ kind: 'deploy' })}
                data-test-subj="deployAgentButton"
              >
                Deploy new agent
              </EuiButton>
            </EuiFlexItem>
          </EuiFlexGroup>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="m" />
      {outcome && (
        <>
          <BulkOutcomeCallout outcome={outcome} onDismiss={() => setOutcome(undefined)} />
          <EuiSpacer size="m" />
        </>
      )}
      {wholePageSelected && page && page.total > page.items.length && (
        <>
          <EuiText size="s" data-test-subj="selectionScope">
            {wholeFilter ? (
              <>
                All {agentCount(page.total)} matching this filter are selected.{' '}
                <EuiLink onClick={() => setWholeFilter(false)} data-test-subj="selectPageOnly">
                  Select only this page
                </EuiLink>
              </>
            ) : (
              <>
                {agentCount(page.items.length)} on this page are selected.{' '}
                <EuiLink onClick={() => setWholeFilter(true)} data-test-subj="selectWholeFilter">
                  Select all {agentCount(page.total)} matching this filter
                </EuiLink>
              </>
            )}
          </EuiText>
          <EuiSpacer size="s" />
        </>
      )}
      {state.status === 'error' && (
        <>
          <ErrorPrompt error={state.error} onRetry={reload} />
          <EuiSpacer size="m" />
        </>
      )}
      <EuiBasicTable<Agent>
        tableCaption="Agents"
        items={state.status === 'error' ? [] : (page?.items ?? [])}
        itemId="id"
        columns={columns}
        selection={{
          selected: selectedRows,
          onSelectionChange: (rows: Agent[]) => {
            setSelectedRows(rows);
            if (rows.length < (page?.items.length ?? 0)) setWholeFilter(false);
          },
        }}
        loading={state.status === 'loading'}
        pagination={table.pagination(page?.total ?? 0)}
        sorting={table.sorting}
        onChange={table.onChange}
        noItemsMessage={
          state.status === 'loading' ? (
            'Loading agents…'
          ) : state.status === 'error' ? (
            'The agents could not be loaded'
          ) : unfiltered ? (
            <EuiText size="s" textAlign="center" data-test-subj="agentsNone">
              <p>No agent is registered with this API host yet.</p>
              <EuiButton
                fill
                iconType="plusCircle"
                onClick={() => setDialog({ kind: 'deploy' })}
                data-test-subj="deployFirstAgent"
              >
                Deploy new agent
              </EuiButton>
            </EuiText>
          ) : (
            'No agent matches this filter'
          )
        }
        rowProps={(agent) => ({ 'data-test-subj': 'agentsTableRow', 'data-agent-id': agent.id })}
        data-test-subj="agentsTable"
      />
      {(dialog.kind === 'deploy' || deployName !== null) && (
        <DeployAgentFlyout
          host={host}
          initialName={deployName ?? ''}
          onClose={closeDeploy}
          onAddByName={() => {
            closeDeploy();
            setDialog({ kind: 'add' });
          }}
        />
      )}
      {dialog.kind === 'add' && (
        <AddAgentModal
          apiHostId={host.id}
          onClose={() => setDialog({ kind: 'none' })}
          onAdded={reload}
        />
      )}
      {dialog.kind === 'group' && (
        <AssignGroupModal
          apiHostId={host.id}
          agent={dialog.agent}
          onClose={() => setDialog({ kind: 'none' })}
          onAssigned={(group) => {
            core.notifications.toasts.addSuccess({
              title: `Agent ${dialog.agent.id} assigned to ${group}`,
              'data-test-subj': 'agentActionDone',
            });
            setDialog({ kind: 'none' });
            reload();
          }}
        />
      )}
    </>
  );
}
