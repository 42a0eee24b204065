/**
 * Unsaved-change protection: while `dirty`, leaving the page asks the browser's confirmation
 * (`beforeunload`), and in-app ways out go through `confirmLeave`, which asks in a modal.
 */
import { EuiConfirmModal } from '@elastic/eui';
import { useCallback, useEffect, useState, type ReactNode } from 'react';

export function useUnsavedChanges(dirty: boolean): {
  confirmLeave(leave: () => void): void;
  modal: ReactNode;
} {
  const [pending, setPending] = useState<() => void>();
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const confirmLeave = useCallback(
    (leave: () => void) => (dirty ? setPending(() => leave) : leave()),
    [dirty],
  );
  const modal = pending && (
    <EuiConfirmModal
      title="Discard unsaved changes?"
      cancelButtonText="Keep editing"
      confirmButtonText="Discard changes"
      buttonColor="danger"
      data-test-subj="discardChangesModal"
      onCancel={() => setPending(undefined)}
      onConfirm={() => {
        setPending(undefined);
        pending();
      }}
    >
      <p>The changes you made are not saved and will be lost.</p>
    </EuiConfirmModal>
  );
  return { confirmLeave, modal };
}
