/**
 * The dialogs the Agents table opens: deploy a new agent (also from the URL's `deploy=<name>`, which
 * a never-connected agent's view links to), register one by name, and assign an agent to a group.
 */
import { useSvcServices } from '../../../components/services-context';
import type { ApiHost } from '@main/common/api-hosts';
import type { Agent } from '../../../services/managed-api-types';
import { AddAgentModal } from '../add-agent-modal';
import { AssignGroupModal } from '../assign-group-modal';
import { DeployAgentFlyout } from '../deploy-agent-flyout';

export type AgentsDialog =
  { kind: 'none' } | { kind: 'add' } | { kind: 'deploy' } | { kind: 'group'; agent: Agent };

export function AgentsDialogs({
  host,
  dialog,
  deployName,
  onDialogChange,
  onDeployClosed,
  onChanged,
}: {
  host: ApiHost;
  dialog: AgentsDialog;
  /** The agent name the URL asks to deploy, or null. */
  deployName: string | null;
  onDialogChange(dialog: AgentsDialog): void;
  /** The deploy flow closed (the URL's `deploy` is to be dropped). */
  onDeployClosed(): void;
  /** Agents may have changed: the table reloads. */
  onChanged(): void;
}) {
  const { core } = useSvcServices();
  const closeDeploy = () => {
    onDialogChange({ kind: 'none' });
    onDeployClosed();
    onChanged();
  };
  return (
    <>
      {(dialog.kind === 'deploy' || deployName !== null) && (
        <DeployAgentFlyout
          host={host}
          initialName={deployName ?? ''}
          onClose={closeDeploy}
          onAddByName={() => {
            closeDeploy();
            onDialogChange({ kind: 'add' });
          }}
        />
      )}
      {dialog.kind === 'add' && (
        <AddAgentModal
          apiHostId={host.id}
          onClose={() => onDialogChange({ kind: 'none' })}
          onAdded={onChanged}
        />
      )}
      {dialog.kind === 'group' && (
        <AssignGroupModal
          apiHostId={host.id}
          agent={dialog.agent}
          onClose={() => onDialogChange({ kind: 'none' })}
          onAssigned={(group) => {
            core.notifications.toasts.addSuccess({
              title: `Agent ${dialog.agent.id} assigned to ${group}`,
              'data-test-subj': 'agentActionDone',
            });
            onDialogChange({ kind: 'none' });
            onChanged();
          }}
        />
      )}
    </>
  );
}
