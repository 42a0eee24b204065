/**
 * Lifecycle step 2: a route for one role (`options.requiredRole`) answers 403 naming it before the
 * body is read, so no handler can forget the check.
 */
import type { AuthenticatedUser } from '../../types';
import type { Refusal } from './refusal';

function roleRequiredMessage(role: string): string {
  return `Only dashboard users with the [${role}] role can do this.`;
}

export function roleRefusal(
  requiredRole: string | undefined,
  user: AuthenticatedUser | null,
): Refusal | undefined {
  if (requiredRole === undefined || user?.roles.includes(requiredRole)) return undefined;
  return {
    statusCode: 403,
    message: roleRequiredMessage(requiredRole),
    attributes: { code: 'role_required', requiredRole },
  };
}
