/**
 * `POST /api/request`: sends one request to a stored host as the current user and answers with the
 * host's own status and body (errors included, problem+json as sent). Failures on the dashboard's
 * side (unknown host, unreachable, timeout...) are dashboard error bodies.
 */
import { schema } from '../../../../host/schema';
import type { IRouter } from '../../../../host/server/types';
import { apiHostIdProblem } from '../../common/api-host-rules';
import { SVC_ROUTES } from '../../common/constants';
import {
  checkManagedApiPath,
  isManagedApiMethod,
  MANAGED_API_METHODS,
  MANAGED_API_PATH_MAX_LENGTH,
  type ManagedApiMethodName,
} from '../../common/managed-api-request';
import type { ServicesAccessor } from '../plugin-services';
import { MalformedApiResponseError } from '../services/managed-api/errors';
import { identityFor } from '../services/managed-api/identity';
import { prepareProxyRequest } from '../services/managed-api/proxy-request';
import { handleErrors } from './error-responses';

const bodySchema = schema.object({
  id: schema.string({ validate: apiHostIdProblem }),
  method: schema.string({
    validate: (method) =>
      isManagedApiMethod(method) ? undefined : `must be one of ${MANAGED_API_METHODS.join(', ')}`,
  }),
  path: schema.string({
    maxLength: MANAGED_API_PATH_MAX_LENGTH,
    validate: (path) => {
      const check = checkManagedApiPath(path);
      return check.valid ? undefined : check.reason;
    },
  }),
  body: schema.maybe(schema.any()),
});

export function registerApiRequestRoute(router: IRouter, services: ServicesAccessor): void {
  router.post(
    { path: SVC_ROUTES.request, validate: { body: bodySchema } },
    handleErrors(async (context, request, response) => {
      const { api, queue, config } = services();
      const user = context.core.security.currentUser;
      const prepared = prepareProxyRequest(
        { ...request.body, method: request.body.method as ManagedApiMethodName },
        { maxDelayMs: config.api.max_request_delay_ms },
      );
      const apiHostId = request.body.id;

      if (prepared.delayMs !== undefined) {
        // The host must exist now; the request itself goes later, as this user.
        if (!(await services().hosts.get(apiHostId)))
          return response.notFound({
            body: {
              message: `API host [${apiHostId}] is not configured.`,
              attributes: { code: 'host_not_found', apiHostId },
            },
          });
        const dueAt = Date.now() + prepared.delayMs;
        await queue.enqueue({
          apiHostId,
          method: prepared.method,
          path: prepared.path,
          body: prepared.body,
          user,
          dueAt,
        });
        return response.ok({
          body: {
            error: 0,
            message: `The request was queued; it is sent in about ${Math.ceil(prepared.delayMs / 1000)} s.`,
            data: { queued: true, due_at: new Date(dueAt).toISOString() },
          },
        });
      }

      const answer = await api.send(
        (host) => identityFor(user, host.run_as),
        prepared.method,
        prepared.path,
        prepared.body,
        { apiHostID: apiHostId, signal: request.signal },
      );
      if (answer.status >= 300 && answer.status < 400) {
        throw new MalformedApiResponseError(
          `API host [${apiHostId}] answered with a redirect (${answer.status}), which the dashboard does not follow.`,
          apiHostId,
          { status: answer.status },
        );
      }
      return response.custom({
        statusCode: answer.status,
        // Raw bytes: the host's error bodies (problem+json) pass unchanged instead of becoming dashboard errors.
        body: answer.raw,
        headers: {
          'content-type': answer.headers['content-type'] ?? 'application/octet-stream',
          'x-svc-api-host': apiHostId,
        },
      });
    }),
  );
}
