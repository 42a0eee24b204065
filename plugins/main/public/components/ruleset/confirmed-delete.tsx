/**
 * Deleting a ruleset file, a CDB list or a group: a confirmation naming it (Escape cancels, Enter
 * confirms), then the deletion, a toast when it is done and the managed API's message when it is not.
 */
import { EuiConfirmModal } from '@elastic/eui';
import { useState, type ReactNode } from 'react';
import { useSvcServices } from '../services-context';

export function useConfirmedDelete<T>({
  nameOf,
  consequence,
  remove,
  action,
  onDeleted,
  'data-test-subj': testSubj,
}: {
  /** How the confirmation and the outcome name the item: "the list audit-keys". */
  nameOf(item: T): string;
  /** What deleting it means, beyond "it cannot be undone". */
  consequence(item: T): string;
  remove(item: T): Promise<unknown>;
  /** Permission the deletion needs, named when the API refuses it. */
  action: string;
  onDeleted(item: T): void;
  'data-test-subj': string;
}): { request(item: T): void; modal: ReactNode } {
  const { core, errors } = useSvcServices();
  const [pending, setPending] = useState<T>();
  const [running, setRunning] = useState(false);

  const run = async (item: T) => {
    setRunning(true);
    try {
      await remove(item);
      core.notifications.toasts.addSuccess({
        title: `Deleted ${nameOf(item)}`,
        'data-test-subj': 'itemDeleted',
      });
      onDeleted(item);
    } catch (error) {
      errors.report(error, `Deleting ${nameOf(item)}`, { action });
    } finally {
      setRunning(false);
      setPending(undefined);
    }
  };

  const modal = pending !== undefined && (
    <EuiConfirmModal
      title={`Delete ${nameOf(pending)}?`}
      cancelButtonText="Cancel"
      confirmButtonText="Delete"
      buttonColor="danger"
      defaultFocusedButton="confirm"
      isLoading={running}
      data-test-subj={testSubj}
      onCancel={() => setPending(undefined)}
      onConfirm={() => void run(pending)}
    >
      <p>{consequence(pending)} This cannot be undone.</p>
    </EuiConfirmModal>
  );
  return { request: setPending as (item: T) => void, modal };
}
