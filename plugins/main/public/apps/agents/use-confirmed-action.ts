/**
 * An action on an agent that asks first (restart, upgrade, remove): once confirmed it runs, and a
 * toast says it was done, or the error reporter says why not. Resolves whether it was done, so the
 * caller reloads or moves on.
 */
import { useCallback } from 'react';
import { useSvcServices } from '../../components/services-context';

export interface ConfirmQuestion {
  title: string;
  text: string;
  /** The confirm button's text. */
  confirm: string;
  danger?: boolean;
}

export function useConfirmedAction() {
  const { core, errors } = useSvcServices();
  return useCallback(
    async (
      question: ConfirmQuestion,
      run: () => Promise<void>,
      outcome: { done: string; failure: string },
    ): Promise<boolean> => {
      const confirmed = await core.overlays.openConfirm(question.text, {
        title: question.title,
        confirmButtonText: question.confirm,
        cancelButtonText: 'Cancel',
        buttonColor: question.danger ? 'danger' : 'primary',
      });
      if (!confirmed) return false;
      try {
        await run();
        core.notifications.toasts.addSuccess({
          title: outcome.done,
          'data-test-subj': 'agentActionDone',
        });
        return true;
      } catch (error) {
        errors.report(error, outcome.failure);
        return false;
      }
    },
    [core, errors],
  );
}
