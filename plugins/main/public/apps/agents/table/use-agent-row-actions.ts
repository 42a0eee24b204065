/**
 * The actions of one row of the Agents table, each confirmed first: restart and delete. Success is
 * a toast and a reload; a failure goes to the error reporter with what was being done.
 */
import { useSvcServices } from '../../../components/services-context';
import type { Agent } from '../../../services/managed-api-types';
import { deleteAgent, restartAgent } from '../agent-actions';

export function useAgentRowActions(apiHostId: string, reload: () => void) {
  const { api, errors, core } = useSvcServices();

  /** Asks first; once confirmed, runs the action and says it was done, or reports why not. */
  const confirmThenAct = async (
    agent: Agent,
    question: { title: string; text: string; confirm: string; danger?: boolean },
    verb: string,
    run: () => Promise<void>,
    done: string,
  ) => {
    const confirmed = await core.overlays.openConfirm(question.text, {
      title: question.title,
      confirmButtonText: question.confirm,
      cancelButtonText: 'Cancel',
      ...(question.danger && { buttonColor: 'danger' as const }),
    });
    if (!confirmed) return;
    try {
      await run();
      core.notifications.toasts.addSuccess({ title: done, 'data-test-subj': 'agentActionDone' });
      reload();
    } catch (error) {
      errors.report(error, `${verb} agent ${agent.id}`);
    }
  };

  const confirmRestart = (agent: Agent) =>
    confirmThenAct(
      agent,
      {
        title: `Restart agent ${agent.id}?`,
        text: `The agent ${agent.name} (${agent.id}) restarts and reconnects; it does not report while it restarts.`,
        confirm: 'Restart',
      },
      'Restarting',
      () => restartAgent(api, apiHostId, agent.id),
      `Restart sent to agent ${agent.id}`,
    );

  const confirmDelete = (agent: Agent) =>
    confirmThenAct(
      agent,
      {
        title: `Delete agent ${agent.id}?`,
        text: `The agent ${agent.name} (${agent.id}) is removed from the managed API; it must enroll again to report.`,
        confirm: 'Delete',
        danger: true,
      },
      'Deleting',
      () => deleteAgent(api, apiHostId, agent.id),
      `Agent ${agent.id} deleted`,
    );

  return { confirmRestart, confirmDelete };
}
