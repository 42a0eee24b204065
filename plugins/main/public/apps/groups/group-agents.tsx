/**
 * A group's agents, and adding or removing them with the same bulk actions as the Agents table
 * (limited to assigning to and removing from this group), each outcome shown per agent.
 */
import {
  EuiFlexGroup,
  EuiFlexItem,
  EuiFlyout,
  EuiFlyoutBody,
  EuiFlyoutHeader,
  EuiSpacer,
  EuiText,
  EuiTitle,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useState, type ReactNode } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { AgentLink } from '../../components/agent-link';
import { requiredFor } from '../../../common/rbac-ui-actions';
import { PermittedButton } from '../../components/api-permissions';
import { BulkActionMenu, BulkOutcomeCallout } from '../../components/bulk-actions/bulk-action-menu';
import { ManagedApiTable } from '../../components/managed-api-table';
import type { AgentSelection, BulkActionId, BulkOutcome } from '../../services/agent-bulk-actions';
import {
  AGENT_STATUS_LABELS,
  MANAGER_AGENT_ID,
  withoutManager,
  type Agent,
} from '../../services/managed-api-types';
import { AGENT_SEARCH_FIELDS } from '../agents/agent-fields';

function columns(apiHostId: string): Array<EuiBasicTableColumn<Agent>> {
  return [
    {
      field: 'id',
      name: 'ID',
      width: '80px',
      sortable: true,
      render: (id: string) => (
        <AgentLink agentId={id} apiHostId={apiHostId}>
          {id}
        </AgentLink>
      ),
    },
    { field: 'name', name: 'Name', sortable: true },
    { field: 'ip', name: 'IP', sortable: true },
    { field: 'os.name', name: 'OS' },
    {
      field: 'status',
      name: 'Status',
      sortable: true,
      render: (status: Agent['status']) => AGENT_STATUS_LABELS[status] ?? status,
    },
  ];
}

/** A table of agents to pick from, with the menu that acts on the picked ones. */
function AgentPicker({
  host,
  group,
  path,
  query,
  prefix,
  action,
  canWrite,
  onDone,
  extraTool,
  'data-test-subj': testSubj,
}: {
  host: ApiHost;
  group: string;
  path: string;
  query?: Record<string, string>;
  prefix: string;
  action: BulkActionId;
  canWrite: boolean;
  onDone(outcome: BulkOutcome): void;
  /** Beside the actions menu. */
  extraTool?: ReactNode;
  'data-test-subj': string;
}) {
  const [selected, setSelected] = useState<Agent[]>([]);
  const selection: AgentSelection | undefined =
    selected.length > 0 ? { kind: 'agents', agents: selected } : undefined;
  return (
    <ManagedApiTable<Agent>
      host={host}
      path={path}
      query={query}
      columns={columns(host.id)}
      searchFields={AGENT_SEARCH_FIELDS}
      defaultSort="+id"
      prefix={prefix}
      action="agent:read"
      what="agents"
      itemId="id"
      selection={
        canWrite
          ? {
              onSelectionChange: setSelected,
              selectable: (agent: Agent) => agent.id !== MANAGER_AGENT_ID,
            }
          : undefined
      }
      toolbar={
        canWrite && (
          <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false}>
            <EuiFlexItem grow={false}>
              <BulkActionMenu
                apiHostId={host.id}
                selection={selection}
                actions={[action]}
                group={group}
                onDone={(outcome) => {
                  setSelected([]);
                  onDone(outcome);
                }}
              />
            </EuiFlexItem>
            {extraTool && <EuiFlexItem grow={false}>{extraTool}</EuiFlexItem>}
          </EuiFlexGroup>
        )
      }
      data-test-subj={testSubj}
    />
  );
}

export function GroupAgents({
  host,
  group,
  canWrite,
}: {
  host: ApiHost;
  group: string;
  canWrite: boolean;
}) {
  const [outcome, setOutcome] = useState<BulkOutcome>();
  const [adding, setAdding] = useState(false);
  /** A new generation reloads the members after a change. */
  const [generation, setGeneration] = useState(0);
  const done = (result: BulkOutcome) => {
    setOutcome(result);
    setGeneration((value) => value + 1);
  };
  return (
    <>
      {outcome && (
        <>
          <BulkOutcomeCallout outcome={outcome} onDismiss={() => setOutcome(undefined)} />
          <EuiSpacer size="m" />
        </>
      )}
      <AgentPicker
        key={generation}
        host={host}
        group={group}
        path={`/groups/${encodeURIComponent(group)}/agents`}
        prefix="members"
        action="removeGroup"
        canWrite={canWrite}
        onDone={done}
        extraTool={
          <PermittedButton
            required={requiredFor({ kind: 'agentsGroup', group })}
            iconType="plusCircle"
            onClick={() => setAdding(true)}
            data-test-subj="addGroupAgents"
          >
            Add agents
          </PermittedButton>
        }
        data-test-subj="groupAgents"
      />
      {adding && (
        <EuiFlyout
          ownFocus
          size="l"
          onClose={() => setAdding(false)}
          aria-labelledby="addGroupAgentsTitle"
          data-test-subj="addGroupAgentsFlyout"
        >
          <EuiFlyoutHeader hasBorder>
            <EuiTitle size="s">
              <h2 id="addGroupAgentsTitle">Add agents to {group}</h2>
            </EuiTitle>
            <EuiText size="s" color="subdued">
              <p>Agents not in the group yet. Select them, then Actions → Assign to group.</p>
            </EuiText>
          </EuiFlyoutHeader>
          <EuiFlyoutBody>
            <AgentPicker
              host={host}
              group={group}
              path="/agents"
              query={{ q: withoutManager(`group!=${group}`) }}
              prefix="candidates"
              action="assignGroup"
              canWrite={canWrite}
              onDone={(result) => {
                setAdding(false);
                done(result);
              }}
              data-test-subj="groupCandidates"
            />
          </EuiFlyoutBody>
        </EuiFlyout>
      )}
    </>
  );
}
