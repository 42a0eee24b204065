/**
 * Server → Configuration and Deploy agent: `GET`/`PUT /api/server/configuration` (a node's ossec.conf;
 * writing needs the admin role), `GET /api/server/configuration/validation`, `POST /api/server/restart`
 * (admin), `GET /api/server/readiness` and `GET /api/server/enrollment`. They validate and translate
 * HTTP only; every call reaches the managed API as the signed-in user.
 */
import { schema } from '@host/schema';
import type { IRouter } from '@host/server/types';
import { apiHostIdProblem } from '../../common/api-host-rules';
import { ADMIN_ROLE } from '../../common/constants';
import { SERVER_ROUTES } from '../../common/server-operations';
import type { ServerOperationsService } from '../services/server-operations/server-operations';
import { handleErrors } from './error-responses';

/** A cluster node's name as the managed API's `names` format allows it. */
function nodeProblem(value: string): string | undefined {
  return /^[\w.-]{1,255}$/.test(value) ? undefined : 'must be a cluster node name';
}

const apiHostId = schema.string({ validate: apiHostIdProblem });
const node = schema.maybe(schema.string({ validate: nodeProblem }));
const targetQuery = schema.object({ apiHostId, node });

export function registerServerOperationsRoutes(
  router: IRouter,
  service: () => ServerOperationsService,
  configurationMaxBytes: number,
): void {
  router.get(
    { path: SERVER_ROUTES.configuration, validate: { query: targetQuery } },
    handleErrors(async (context, request, response) =>
      response.ok({
        body: await service().file(context.core.security.currentUser, request.query),
      }),
    ),
  );

  router.put(
    {
      path: SERVER_ROUTES.configuration,
      validate: {
        body: schema.object({
          apiHostId,
          node,
          text: schema.string({ minLength: 1 }),
          baseHash: schema.string({ minLength: 64, maxLength: 64 }),
        }),
      },
      options: {
        requiredRole: ADMIN_ROLE,
        // JSON escapes can double the file's bytes; the service checks the file's own size.
        body: { maxBytes: configurationMaxBytes * 2 + 4096 },
      },
    },
    handleErrors(async (context, request, response) => {
      const { text, baseHash, ...target } = request.body;
      return response.ok({
        body: await service().apply(context.core.security.currentUser, target, text, baseHash),
      });
    }),
  );

  router.get(
    {
      path: SERVER_ROUTES.validation,
      validate: {
        query: schema.object({ apiHostId, node, cluster: schema.boolean({ defaultValue: false }) }),
      },
    },
    handleErrors(async (context, request, response) =>
      response.ok({
        body: {
          nodes: await service().validation(context.core.security.currentUser, request.query),
        },
      }),
    ),
  );

  router.post(
    {
      path: SERVER_ROUTES.restart,
      validate: {
        body: schema.object({ apiHostId, node, cluster: schema.boolean({ defaultValue: false }) }),
      },
      options: { requiredRole: ADMIN_ROLE },
    },
    handleErrors(async (context, request, response) =>
      response.ok({
        body: await service().restart(context.core.security.currentUser, request.body),
      }),
    ),
  );

  router.get(
    {
      path: SERVER_ROUTES.readiness,
      validate: {
        query: schema.object({
          apiHostId,
          // Several nodes are one comma-separated list; none: the manager that runs alone.
          nodes: schema.maybe(
            schema.string({
              validate: (value) =>
                value.split(',').map(nodeProblem).find(Boolean) &&
                'must be cluster node names separated by commas',
            }),
          ),
        }),
      },
    },
    handleErrors(async (context, request, response) => {
      const { apiHostId: id, nodes } = request.query;
      return response.ok({
        body: await service().readiness(
          context.core.security.currentUser,
          id,
          nodes ? nodes.split(',') : [undefined],
        ),
      });
    }),
  );

  router.get(
    { path: SERVER_ROUTES.enrollment, validate: { query: schema.object({ apiHostId }) } },
    handleErrors(async (context, request, response) =>
      response.ok({
        body: await service().enrollment(
          context.core.security.currentUser,
          request.query.apiHostId,
        ),
      }),
    ),
  );
}
