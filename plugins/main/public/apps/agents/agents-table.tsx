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
  EuiSpacer,
  EuiText,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useCallback, useMemo, useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { useAppUrlState } from '../../components/app-url-state';
import { CsvExportButton } from '../../components/csv-export-button';
import { ErrorPrompt } from '../../components/error-prompt';
import { formatDate, formatList } from '../../components/format';
import { SearchBar } from '../../components/search-bar/search-bar';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import { useSearchUrlState } from '../../hooks/use-search-url-state';
import { useTableUrlState } from '../../hooks/use-table-url-state';
import { AGENT_STATUSES, type Agent, type AgentStatus } from '../../services/managed-api-types';
import type { CsvFilter } from '../../services/csv-export';
import { AddAgentModal } from './add-agent-modal';
import { deleteAgent, restartAgent } from './agent-actions';
import { AGENT_SEARCH_FIELDS, agentValueSuggester } from './agent-fields';
import { AssignGroupModal } from './assign-group-modal';

const MANAGER_AGENT_ID = '000';
const STATUS_LABELS: Record<AgentStatus, string> = {
  active: 'Active',
  disconnected: 'Disconnected',
  pending: 'Pending',
  never_connected: 'Never connected',
};

type Dialog = { kind: 'none' } | { kind: 'add' } | { kind: 'group'; agent: Agent };

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
        label: STATUS_LABELS[status],
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
  const suggestValues = useMemo(() => agentValueSuggester(api, host.id), [api, host.id]);

  const { offset, limit, apiSort } = table;
  const { translate } = search;
  const load = useCallback(
    async (signal: AbortSignal) => {
      const filter = await translate();
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

  const columns: Array<EuiBasicTableColumn<Agent>> = [
    { field: 'id', name: 'ID', sortable: true, width: '80px' },
    { field: 'name', name: 'Name', sortable: true, truncateText: true },
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
          {STATUS_LABELS[status] ?? status}
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
      name: 'Actions',
      width: '120px',
      render: (agent: Agent) =>
        agent.id === MANAGER_AGENT_ID ? (
          <EuiText size="xs" color="subdued">
            manager
          </EuiText>
        ) : (
          <EuiFlexGroup gutterSize="xs" responsive={false}>
            <EuiButtonIcon
              iconType="refresh"
              aria-label={`Restart agent ${agent.id}`}
              title="Restart"
              onClick={() => void confirmRestart(agent)}
              data-test-subj="restartAgent"
            />
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

  const page = state.data;
  const filter = page?.filter;
  const csvFilters: CsvFilter[] = [
    ...(filter?.q ? [{ name: 'q', value: filter.q }] : []),
    ...(filter?.search ? [{ name: 'search', value: filter.search }] : []),
    ...(statusKey ? [{ name: 'status', value: statusKey }] : []),
    { name: 'sort', value: apiSort },
  ];

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
        data-test-subj="agentsSearch"
      />
      <EuiFlexGroup alignItems="center" justifyContent="spaceBetween" wrap>
        <EuiFlexItem grow={false}>
          <StatusFilter
            selected={statusKey}
            onChange={(next) => setParams({ status: next, ...table.firstPage }, { push: true })}
          />
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false}>
            <EuiFlexItem grow={false}>
              <EuiText size="s" color="subdued" data-test-subj="agentsTotal">
                {page ? `${page.total} agents` : ''}
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
                onClick={() => setDialog({ kind: 'add' })}
                data-test-subj="addAgent"
              >
                Add agent
              </EuiButton>
            </EuiFlexItem>
          </EuiFlexGroup>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="m" />
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
        loading={state.status === 'loading'}
        pagination={table.pagination(page?.total ?? 0)}
        sorting={table.sorting}
        onChange={table.onChange}
        noItemsMessage={
          state.status === 'loading'
            ? 'Loading agents…'
            : state.status === 'error'
              ? 'The agents could not be loaded'
              : 'No agent matches this filter'
        }
        rowProps={(agent) => ({ 'data-test-subj': 'agentsTableRow', 'data-agent-id': agent.id })}
        data-test-subj="agentsTable"
      />
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
