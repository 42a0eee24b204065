/** The confirmed actions of one row of the Agents table: restart and delete, then a reload. */
import { useSvcServices } from '../../../components/services-context';
import type { Agent } from '../../../services/managed-api-types';
import { deleteAgent, restartAgent } from '../agent-actions';
import { useConfirmedAction } from '../use-confirmed-action';

export function useAgentRowActions(apiHostId: string, reload: () => void) {
  const { api } = useSvcServices();
  const confirmThenAct = useConfirmedAction();

  const confirmRestart = async (agent: Agent) => {
    const done = await confirmThenAct(
      {
        title: `Restart agent ${agent.id}?`,
        text: `The agent ${agent.name} (${agent.id}) restarts and reconnects; it does not report while it restarts.`,
        confirm: 'Restart',
      },
      () => restartAgent(api, apiHostId, agent.id),
      { done: `Restart sent to agent ${agent.id}`, failure: `Restarting agent ${agent.id}` },
    );
    if (done) reload();
  };

  const confirmDelete = async (agent: Agent) => {
    const done = await confirmThenAct(
      {
        title: `Delete agent ${agent.id}?`,
        text: `The agent ${agent.name} (${agent.id}) is removed from the managed API; it must enroll again to report.`,
        confirm: 'Delete',
        danger: true,
      },
      () => deleteAgent(api, apiHostId, agent.id),
      { done: `Agent ${agent.id} deleted`, failure: `Deleting agent ${agent.id}` },
    );
    if (done) reload();
  };

  return { confirmRestart, confirmDelete };
}
