/**
 * What the signed-in user may do on the selected managed-API host: their effective policies
 * (`GET /security/users/me/policies`, read when an app opens and whenever the host changes),
 * evaluated the way the API does (`common/rbac-permissions.ts`). Controls the user may not use are
 * disabled and name the missing permission. The API stays the authority: a refusal after a click is
 * still shown, and when the policies cannot be read nothing is disabled on their account.
 */
import { EuiButton, EuiToolTip } from '@elastic/eui';
import { createContext, useCallback, useContext, type ComponentProps, type ReactNode } from 'react';
import {
  type EffectivePolicies,
  type RequiredPermission,
  describeMissing,
  effectivePolicies,
  isAllowed,
} from '../../common/rbac-permissions';
import { useAsync } from '../hooks/use-async';
import { useSvcServices } from './services-context';
import { useSelectedHost } from './selected-host';

export const DASHBOARD_ADMIN_ROLE = 'admin';

const NO_RUN_AS_REASON =
  'Read-only: only dashboard administrators can make changes on an API host without run_as.';

interface ApiPermissionsState {
  /** Undefined while loading, or when they could not be read. */
  policies?: EffectivePolicies;
  loading: boolean;
  /** Whether the dashboard user is a dashboard administrator. */
  dashboardAdmin: boolean;
  /** Whether the host runs calls as the dashboard user (run_as), so the API's RBAC is theirs. */
  runAs: boolean;
}

const LOADING: ApiPermissionsState = { loading: true, dashboardAdmin: false, runAs: false };

const ApiPermissionsContext = createContext<ApiPermissionsState | undefined>(undefined);

export function ApiPermissionsProvider({ children }: { children: ReactNode }) {
  const { api, core } = useSvcServices();
  const { host } = useSelectedHost();
  const load = useCallback(
    async (signal: AbortSignal): Promise<ApiPermissionsState> => {
      const user = core.security.getCurrentUser().then(
        (current) => current.roles.includes(DASHBOARD_ADMIN_ROLE),
        () => false,
      );
      const policies = host
        ? api
            .data<unknown>({ apiHostId: host.id, path: '/security/users/me/policies', signal })
            .then(effectivePolicies, () => undefined)
        : Promise.resolve(undefined);
      const [dashboardAdmin, read] = await Promise.all([user, policies]);
      return { loading: false, policies: read, dashboardAdmin, runAs: host?.run_as ?? false };
    },
    [api, core, host],
  );
  const { state } = useAsync(load, 'Reading your permissions on the API host');
  return (
    <ApiPermissionsContext.Provider value={state.data ?? LOADING}>
      {children}
    </ApiPermissionsContext.Provider>
  );
}

export interface PermissionVerdict {
  allowed: boolean;
  /** Why not, for a tooltip: the missing permissions, or the dashboard's own read-only rule. */
  reason?: string;
}

export const CHECKING_REASON = 'Checking your permissions…';

/**
 * The verdict for any `required` permissions (for controls that differ per row). Without a provider
 * (a view rendered on its own) nothing is decided.
 */
export function usePermissions(): (
  required: readonly RequiredPermission[],
  alsoAs?: readonly string[],
) => PermissionVerdict {
  const state = useContext(ApiPermissionsContext);
  return useCallback(
    (required, alsoAs = []) => {
      if (!state) return { allowed: true };
      if (state.loading) return { allowed: false, reason: CHECKING_REASON };
      if (!state.dashboardAdmin && !state.runAs)
        return { allowed: false, reason: NO_RUN_AS_REASON };
      const policies = state.policies;
      if (!policies) return { allowed: true };
      const missing = required.filter((permission) => !isAllowed(policies, permission, alsoAs));
      return missing.length === 0
        ? { allowed: true }
        : { allowed: false, reason: describeMissing(missing) };
    },
    [state],
  );
}

/**
 * Whether the user may do something needing `required` (with `alsoAs`: other names of the object,
 * such as an agent's groups).
 */
export function usePermission(
  required: readonly RequiredPermission[],
  alsoAs: readonly string[] = [],
): PermissionVerdict {
  return usePermissions()(required, alsoAs);
}

/** A control's label with the reason it is disabled, for controls that show no tooltip then. */
export function withReason(label: string, verdict: PermissionVerdict): string {
  return verdict.reason ? `${label} (${verdict.reason})` : label;
}

interface VerdictButtonProps extends Pick<
  ComponentProps<typeof EuiButton>,
  'size' | 'color' | 'iconType' | 'fill' | 'isLoading' | 'disabled' | 'children'
> {
  onClick(): void;
  'data-test-subj': string;
}

interface PermittedButtonProps extends VerdictButtonProps {
  required: readonly RequiredPermission[];
  alsoAs?: readonly string[];
}

/** A button disabled, with the reason in a tooltip, when the user may not use it. */
export function PermittedButton({ required, alsoAs, ...props }: PermittedButtonProps) {
  return <VerdictButton verdict={usePermission(required, alsoAs)} {...props} />;
}

/** The same for a verdict worked out by the caller (the dashboard's own rules with the API's). */
export function VerdictButton({
  verdict,
  disabled,
  ...props
}: VerdictButtonProps & { verdict: PermissionVerdict }) {
  const button = <EuiButton {...props} disabled={disabled || !verdict.allowed} />;
  if (verdict.allowed) return button;
  return (
    <EuiToolTip content={verdict.reason} data-test-subj={`${props['data-test-subj']}-reason`}>
      <span
        tabIndex={0}
        data-test-subj={`${props['data-test-subj']}-why`}
        aria-label={verdict.reason}
      >
        {button}
      </span>
    </EuiToolTip>
  );
}
