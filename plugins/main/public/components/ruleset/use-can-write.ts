import { useCallback } from 'react';
import type { RequiredPermission } from '../../../common/rbac-permissions';
import { type PermissionVerdict, usePermissions } from '../api-permissions';
import { useAsync } from '../../hooks/use-async';
import { useSvcServices } from '../services-context';

const ADMIN_ROLE = 'admin';

export const READ_ONLY_REASON =
  'Read-only: only dashboard administrators can change the ruleset and group configurations.';

/** Whether the signed-in dashboard user may write (the managed API's own RBAC still has its say). */
export function useCanWrite(): boolean {
  const { core } = useSvcServices();
  const loadUser = useCallback(() => core.security.getCurrentUser(), [core]);
  const user = useAsync(loadUser, 'Reading the current user').state;
  return user.data?.roles.includes(ADMIN_ROLE) ?? false;
}

/**
 * The verdict for changes needing `required` where the dashboard's own read-only rule applies too:
 * both the dashboard administrator check and the API's policies must allow.
 */
export function useWritePermissions(): (
  required: readonly RequiredPermission[],
) => PermissionVerdict {
  const canWrite = useCanWrite();
  const permitted = usePermissions();
  return useCallback(
    (required) => (canWrite ? permitted(required) : { allowed: false, reason: READ_ONLY_REASON }),
    [canWrite, permitted],
  );
}
