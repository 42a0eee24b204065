/**
 * Who a managed-API call is made for: the host's own API user, or (on hosts with run_as) the
 * dashboard user behind the request, whose authorization context the host maps to its roles.
 */
import type { AuthenticatedUser } from '@host/server/types';

export type ApiIdentity = { kind: 'internal' } | { kind: 'run_as'; user: AuthenticatedUser };

export const INTERNAL_IDENTITY: ApiIdentity = { kind: 'internal' };

/** The identity used on a host: run_as only when the host allows it and a dashboard user is known. */
export function identityFor(user: AuthenticatedUser | null, hostRunAs: boolean): ApiIdentity {
  return hostRunAs && user ? { kind: 'run_as', user } : INTERNAL_IDENTITY;
}

/** Stable cache key part of an identity (roles are part of it: they are part of the auth context). */
export function identityKey(identity: ApiIdentity): string {
  if (identity.kind === 'internal') return 'internal';
  return JSON.stringify(['run_as', identity.user.username, [...identity.user.roles].sort()]);
}

/**
 * The authorization context sent to `POST /security/user/authenticate/run_as`, shaped like the
 * dashboard's own `GET /api/v1/auth/authinfo` answer so host security rules can match `user_name`,
 * `roles` or `backend_roles`.
 */
export function runAsContext(user: AuthenticatedUser): Record<string, unknown> {
  return { user_name: user.username, roles: [...user.roles], backend_roles: [...user.roles] };
}
