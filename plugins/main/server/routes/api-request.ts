/**
 * `POST /api/request`: sends one request to a stored host as the current user and answers with the
 * host's own status and body (errors included, problem+json as sent, with a `message`). Failures on
 * the dashboard's side (unknown host, unreachable, timeout...) are dashboard error bodies.
 * `GET /api/queued-requests` and `DELETE /api/queued-requests/{id}`: the requests queued with `delay`.
 */
import { schema } from '@host/schema';
import type { IRouter } from '@host/server/types';
import { apiHostIdProblem } from '../../common/api-host-rules';
import { SVC_ROUTES } from '../../common/constants';
import {
  isManagedApiMethod,
  MANAGED_API_METHODS,
  MANAGED_API_PATH_MAX_LENGTH,
  type ManagedApiMethodName,
} from '../../common/managed-api-request';
import type { ServicesAccessor } from '../plugin-services';
import { handleErrors } from './error-responses';

const bodySchema = schema.object({
  id: schema.string({ validate: apiHostIdProblem }),
  method: schema.string({
    validate: (method) =>
      isManagedApiMethod(method) ? undefined : `must be one of ${MANAGED_API_METHODS.join(', ')}`,
  }),
  // Checked once, with the rest of the request, by the service (`[request body.path]: …` on failure).
  path: schema.string({ maxLength: MANAGED_API_PATH_MAX_LENGTH }),
  body: schema.maybe(schema.any()),
});

export function registerApiRequestRoute(
  router: IRouter,
  services: ServicesAccessor,
  requestsPerUserPerSecond: number,
): void {
  router.post(
    {
      path: SVC_ROUTES.request,
      validate: { body: bodySchema },
      options: {
        // Not compressed: on a LAN gzip costs more time than it saves (docs/performance.md).
        compress: false,
        // One user's flood must not starve the others.
        perUserRateLimit: { points: requestsPerUserPerSecond, durationSeconds: 1 },
      },
    },
    handleErrors(async (context, request, response) => {
      const outcome = await services().apiRequests.handle(
        context.core.security.currentUser,
        { ...request.body, method: request.body.method as ManagedApiMethodName },
        request.connection,
      );
      if (outcome.kind === 'queued') {
        return response.ok({
          body: {
            error: 0,
            message: `The request was queued; it is sent in about ${Math.ceil(outcome.delayMs / 1000)} s.`,
            data: { queued: true, id: outcome.id, due_at: new Date(outcome.dueAt).toISOString() },
          },
        });
      }
      return response.custom({
        statusCode: outcome.status,
        // The host's bytes: its error bodies (problem+json) pass on instead of becoming dashboard
        // errors, and large answers stream through.
        body: outcome.body,
        headers: {
          'content-type': outcome.contentType,
          'x-svc-api-host': request.body.id,
          ...(outcome.contentLength === undefined
            ? {}
            : { 'content-length': String(outcome.contentLength) }),
        },
      });
    }),
  );

  router.get(
    { path: SVC_ROUTES.queuedRequests, validate: false },
    handleErrors(async (context, _request, response) =>
      response.ok({ body: await services().queue.list(context.core.security.currentUser) }),
    ),
  );

  router.delete(
    {
      path: SVC_ROUTES.queuedRequest,
      validate: {
        params: schema.object({ id: schema.string({ minLength: 1, maxLength: 64 }) }),
      },
    },
    handleErrors(async (context, request, response) => {
      await services().queue.cancel(request.params.id, context.core.security.currentUser);
      return response.ok({ body: { id: request.params.id, cancelled: true } });
    }),
  );
}
