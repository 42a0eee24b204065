/** The groups an agent belongs to, with removal from one (the agent keeps at least `default`). */
import { EuiBasicTable, EuiButtonIcon, type EuiBasicTableColumn } from '@elastic/eui';
import type { ApiHost } from '../../../common/api-hosts';
import { useSvcServices } from '../../components/services-context';
import type { Agent } from '../../services/managed-api-types';
import { removeFromGroup } from './agent-actions';

export function AgentGroups({
  host,
  agent,
  onChanged,
}: {
  host: ApiHost;
  agent: Agent;
  onChanged(): void;
}) {
  const { api, core, errors } = useSvcServices();
  const remove = async (group: string) => {
    const confirmed = await core.overlays.openConfirm(
      `Agent ${agent.name} (${agent.id}) stops receiving the configuration of group ${group}.`,
      {
        title: `Remove agent ${agent.id} from ${group}?`,
        confirmButtonText: 'Remove from group',
        cancelButtonText: 'Cancel',
      },
    );
    if (!confirmed) return;
    try {
      await removeFromGroup(api, host.id, agent.id, group);
      core.notifications.toasts.addSuccess({
        title: `Agent ${agent.id} removed from ${group}`,
        'data-test-subj': 'agentActionDone',
      });
      onChanged();
    } catch (error) {
      errors.report(error, `Removing agent ${agent.id} from ${group}`);
    }
  };
  const columns: Array<EuiBasicTableColumn<{ name: string }>> = [
    { field: 'name', name: 'Group' },
    {
      name: 'Actions',
      width: '80px',
      render: ({ name }: { name: string }) => (
        <EuiButtonIcon
          iconType="minusCircle"
          aria-label={`Remove agent ${agent.id} from ${name}`}
          title="Remove from this group"
          onClick={() => void remove(name)}
          data-test-subj="agentLeaveGroup"
        />
      ),
    },
  ];
  return (
    <EuiBasicTable
      tableCaption={`Groups of agent ${agent.id}`}
      items={(agent.group ?? []).map((name) => ({ name }))}
      columns={columns}
      noItemsMessage="The agent belongs to no group"
      data-test-subj="agentGroupsTable"
    />
  );
}
