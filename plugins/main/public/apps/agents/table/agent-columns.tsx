/**
 * The Agents table's columns: id and name always (linking to the agent's view), the other fields
 * as the column chooser leaves them, and the row actions.
 */
import { EuiButtonIcon, EuiFlexGroup, EuiHealth, type EuiBasicTableColumn } from '@elastic/eui';
import type { ChartPalette } from '../../../charts/palette';
import { AgentLink } from '../../../components/agent-link';
import type { PermissionVerdict } from '../../../components/api-permissions';
import type { ChoosableColumn } from '../../../components/column-chooser';
import { formatDate, formatList } from '../../../components/format';
import {
  AGENT_STATUS_LABELS,
  type Agent,
  type AgentStatus,
} from '../../../services/managed-api-types';

/** Columns every row shows: an agent is known by its id and name. */
const ALWAYS_SHOWN = ['id', 'name'];
export const HIDDEN_BY_DEFAULT = ['dateAdd', 'node_name'];

export interface AgentRowActions {
  restart(agent: Agent): void;
  assignGroup(agent: Agent): void;
  remove(agent: Agent): void;
  /** Whether the user may do `action` (`agent:restart`…) on `agent`, and why not. */
  permission(agent: Agent, action: string): PermissionVerdict;
}

/** A row's action button, disabled with the reason in its title when the user may not use it. */
function RowAction({
  verdict,
  label,
  ...props
}: {
  verdict: PermissionVerdict;
  label: string;
  iconType: string;
  color?: 'danger';
  'aria-label': string;
  onClick(): void;
  'data-test-subj': string;
}) {
  return (
    <EuiButtonIcon
      {...props}
      title={verdict.allowed ? label : `${label} (${verdict.reason})`}
      isDisabled={!verdict.allowed}
    />
  );
}

export function agentColumns(
  apiHostId: string,
  palette: ChartPalette,
  actions: AgentRowActions,
): Array<EuiBasicTableColumn<Agent>> {
  return [
    {
      field: 'id',
      name: 'ID',
      sortable: true,
      width: '80px',
      render: (id: string) => (
        <AgentLink agentId={id} apiHostId={apiHostId}>
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
        <AgentLink agentId={agent.id} apiHostId={apiHostId}>
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
            <RowAction
              iconType="refresh"
              aria-label={`Restart agent ${agent.id}`}
              label="Restart"
              verdict={actions.permission(agent, 'agent:restart')}
              onClick={() => actions.restart(agent)}
              data-test-subj="restartAgent"
            />
          )}
          <RowAction
            iconType="tag"
            aria-label={`Assign agent ${agent.id} to a group`}
            label="Assign to a group"
            verdict={actions.permission(agent, 'agent:modify_group')}
            onClick={() => actions.assignGroup(agent)}
            data-test-subj="assignGroup"
          />
          <RowAction
            iconType="trash"
            color="danger"
            aria-label={`Delete agent ${agent.id}`}
            label="Delete"
            verdict={actions.permission(agent, 'agent:delete')}
            onClick={() => actions.remove(agent)}
            data-test-subj="deleteAgent"
          />
        </EuiFlexGroup>
      ),
    },
  ];
}

/** The field columns the chooser offers, under their own headers (id and name always show). */
export function choosableColumns(columns: Array<EuiBasicTableColumn<Agent>>): ChoosableColumn[] {
  return columns.flatMap((column) =>
    'field' in column && !ALWAYS_SHOWN.includes(String(column.field))
      ? [{ id: String(column.field), label: String(column.name) }]
      : [],
  );
}

/** The columns shown: every column but the hidden fields. */
export function shownColumns(
  columns: Array<EuiBasicTableColumn<Agent>>,
  hidden: readonly string[],
): Array<EuiBasicTableColumn<Agent>> {
  return columns.filter((column) => !('field' in column) || !hidden.includes(String(column.field)));
}
