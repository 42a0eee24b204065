/**
 * Runs one Security change: the API call, a toast when it was done, the API's message when it was
 * refused, and a new `version` so the lists read the API again.
 */
import { useCallback, useState } from 'react';
import { useSvcServices } from '../../components/services-context';

export function useSecurityChange() {
  const { core, errors } = useSvcServices();
  const [version, setVersion] = useState(0);
  const run = useCallback(
    async (what: string, call: () => Promise<unknown>): Promise<boolean> => {
      try {
        await call();
        core.notifications.toasts.addSuccess({ title: what, 'data-test-subj': 'securityChanged' });
        return true;
      } catch (error) {
        errors.report(error, `${what}: refused`);
        return false;
      } finally {
        setVersion((current) => current + 1);
      }
    },
    [core, errors],
  );
  return { run, version };
}
