import type { OsdRequest } from '@host/server/types';
import type { CheckUpdatesRequestHandlerContext } from '../types';

/** Name of the dashboard user behind the request, which keys their preferences; undefined without a login. */
export function currentUsername(
  context: CheckUpdatesRequestHandlerContext,
  request: OsdRequest,
): string | undefined {
  return context.svc_check_updates.security.getCurrentUser(request)?.username;
}
