/**
 * The actions of one row of the Agents table, each confirmed first: restart and delete. Success is
 * a toast and a reload; a failure goes to the error reporter with what was being done.
 */
import { useSvcServices } from '../../../components/services-context';
import type { Agent } from '../../../services/managed-api-types';
import { deleteAgent, restartAgent } from '../agent-actions';

export function useAgentRowActions(apiHostId: string, reload: () => void) {
  const { api, errors, core } = useSvcServices();

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
        () => restartAgent(api, apiHostId, agent.id),
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
        () => deleteAgent(api, apiHostId, agent.id),
        `Agent ${agent.id} deleted`,
      );
  };

  return { confirmRestart, confirmDelete };
}
