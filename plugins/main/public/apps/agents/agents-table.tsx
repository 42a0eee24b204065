/**
 * The host's agents, paged and sorted by the managed API, filtered with the search bar and the
 * status buttons (all kept in the URL); add, restart, group, delete and CSV export. The parts live
 * in table/: the page's data, the selection and the row actions as hooks, the columns, the dialogs.
 */
import {
  EuiBasicTable,
  EuiButton,
  EuiFlexGroup,
  EuiFlexItem,
  EuiSpacer,
  EuiText,
} from '@elastic/eui';
import { useMemo, useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { useAppUrlState } from '../../components/app-url-state';
import { onAgent } from '../../../common/rbac-ui-actions';
import { usePermissions } from '../../components/api-permissions';
import { BulkActionMenu, BulkOutcomeCallout } from '../../components/bulk-actions/bulk-action-menu';
import { ColumnChooser, useHiddenColumns } from '../../components/column-chooser';
import { CsvExportButton } from '../../components/csv-export-button';
import { ErrorPrompt } from '../../components/error-prompt';
import { SearchBar } from '../../components/search-bar/search-bar';
import { useSvcServices } from '../../components/services-context';
import { useSearchUrlState } from '../../hooks/use-search-url-state';
import { useTableUrlState } from '../../hooks/use-table-url-state';
import { agentCount, type BulkOutcome } from '../../services/agent-bulk-actions';
import type { Agent } from '../../services/managed-api-types';
import { AGENT_SEARCH_FIELDS, agentValueSuggester } from './agent-fields';
import { AgentsDialogs, type AgentsDialog } from './table/agent-dialogs';
import {
  agentColumns,
  choosableColumns,
  HIDDEN_BY_DEFAULT,
  shownColumns,
} from './table/agent-columns';
import { SelectionScope } from './table/selection-scope';
import { StatusFilter, statusFilter } from './table/status-filter';
import { UpgradeTasks } from './table/upgrade-tasks';
import { useAgentRowActions } from './table/use-agent-row-actions';
import { useAgentSelection } from './table/use-agent-selection';
import { agentsCsvFilters, useAgentsPage } from './table/use-agents-page';

export function AgentsTable({ host }: { host: ApiHost }) {
  const { api, palette } = useSvcServices();
  const { params, setParams } = useAppUrlState();
  const table = useTableUrlState<Agent>('+id');
  const search = useSearchUrlState(AGENT_SEARCH_FIELDS);
  const statusKey = statusFilter(params.get('status'));
  const [dialog, setDialog] = useState<AgentsDialog>({ kind: 'none' });
  const [outcome, setOutcome] = useState<BulkOutcome>();
  // `deploy=<name>` opens the deploy flow for that agent name (the never-connected agent's view links here).
  const deployName = params.get('deploy');
  const [hiddenColumns, setHiddenColumns] = useHiddenColumns(
    'svc:agents:hiddenColumns',
    HIDDEN_BY_DEFAULT,
  );
  const suggestValues = useMemo(() => agentValueSuggester(api, host.id), [api, host.id]);
  const { state, reload } = useAgentsPage(host.id, table, search, statusKey);
  const { confirmRestart, confirmDelete } = useAgentRowActions(host.id, reload);
  const permitted = usePermissions();
  const allColumns = agentColumns(host.id, palette, {
    restart: (agent) => void confirmRestart(agent),
    assignGroup: (agent) => setDialog({ kind: 'group', agent }),
    remove: (agent) => void confirmDelete(agent),
    permission: (agent, action) => {
      const { required, alsoAs } = onAgent(agent, action);
      return permitted(required, alsoAs);
    },
  });
  const page = state.data;
  const filter = page?.filter;
  const selected = useAgentSelection(
    { q: filter?.q, search: filter?.search, status: statusKey || undefined },
    page,
  );
  const unfiltered = !search.text && !statusKey;

  return (
    <>
      <SearchBar
        value={search.text}
        language={search.language}
        languages={['wql', 'dql', 'lucene']}
        fields={AGENT_SEARCH_FIELDS}
        suggestValues={suggestValues}
        onSubmit={(change) => search.submit(change, table.firstPage)}
        onLanguageChange={search.changeLanguage}
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
                selection={selected.selection}
                onDone={(result) => {
                  setOutcome(result);
                  selected.clear();
                  reload();
                }}
              />
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              <ColumnChooser
                columns={choosableColumns(allColumns)}
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
                filters={agentsCsvFilters(filter, statusKey, table.apiSort)}
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
      <UpgradeTasks host={host} refreshKey={outcome} />
      {selected.wholePageSelected && page && page.total > page.items.length && (
        <SelectionScope
          pageSize={page.items.length}
          total={page.total}
          wholeFilter={selected.wholeFilter}
          onWholeFilterChange={selected.setWholeFilter}
        />
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
        columns={shownColumns(allColumns, hiddenColumns)}
        selection={{ selected: selected.selectedRows, onSelectionChange: selected.selectRows }}
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
      <AgentsDialogs
        host={host}
        dialog={dialog}
        deployName={deployName}
        onDialogChange={setDialog}
        onDeployClosed={() => {
          if (deployName !== null) setParams({ deploy: undefined });
        }}
        onChanged={reload}
      />
    </>
  );
}
