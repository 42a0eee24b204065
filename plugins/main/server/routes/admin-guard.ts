/** Writes (hosts, index patterns, unsaved credential checks) are for dashboard administrators only. */
import type {
  OsdResponse,
  RequestHandlerContext,
  ResponseFactory,
} from '../../../../host/server/types';
import { ADMIN_ROLE } from '../../common/constants';

/** A 403 answer when the current user is not an administrator, undefined when they are. */
export function forbiddenUnlessAdmin(
  context: RequestHandlerContext,
  response: ResponseFactory,
  action: string,
): OsdResponse | undefined {
  const user = context.core.security.currentUser;
  if (user?.roles.includes(ADMIN_ROLE)) return undefined;
  return response.forbidden({
    body: {
      message: `Only dashboard users with the [${ADMIN_ROLE}] role can ${action}.`,
      attributes: { code: 'admin_required', requiredRole: ADMIN_ROLE },
    },
  });
}
