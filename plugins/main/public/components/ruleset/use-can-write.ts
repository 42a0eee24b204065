import { useCallback } from 'react';
import type { RequiredPermission } from '../../../common/rbac-permissions';
import { CHECKING_REASON, type PermissionVerdict, usePermissions } from '../api-permissions';
import { useAsync } from '../../hooks/use-async';
import { useSvcServices } from '../services-context';

const ADMIN_ROLE = 'admin';

export const READ_ONLY_REASON =
  'Read-only: only dashboard administrators can change the ruleset and group configurations.';

/** Whether the signed-in dashboard user is an administrator; undefined until the user is read. */
function useIsAdmin(): boolean | undefined {
  const { core } = useSvcServices();
  const loadUser = useCallback(() => core.security.getCurrentUser(), [core]);
  const user = useAsync(loadUser, 'Reading the current user').state;
  return user.data?.roles.includes(ADMIN_ROLE) ?? (user.status === 'loading' ? undefined : false);
}

/** Whether the signed-in dashboard user may write (the managed API's own RBAC still has its say). */
export function useCanWrite(): boolean {
  return useIsAdmin() ?? false;
}

/**
 * The verdict for changes needing `required` where the dashboard's own read-only rule applies too:
 * both the dashboard administrator check and the API's policies must allow.
 */
export function useWritePermissions(): (
  required: readonly RequiredPermission[],
) => PermissionVerdict {
  const admin = useIsAdmin();
  const permitted = usePermissions();
  return useCallback(
    (required) =>
      admin === undefined
        ? { allowed: false, reason: CHECKING_REASON }
        : admin
          ? permitted(required)
          : { allowed: false, reason: READ_ONLY_REASON },
    [admin, permitted],
  );
}
