/**
 * `POST /api/check-stored-api`, `POST /api/check-api`, `POST /api/login`, `GET /api/routes`:
 * checking hosts, logging in to them, and the route catalogue of the console.
 */
import { schema } from '@host/schema';
import type { IRouter, OsdResponse, ResponseFactory } from '@host/server/types';
import { apiHostIdProblem } from '../../common/api-host-rules';
import { SVC_ROUTES } from '../../common/constants';
import type { ServicesAccessor } from '../plugin-services';
import type { ApiHostCheckOutcome } from '../services/api-checks/api-host-checker';
import { hostFields } from './api-hosts';
import { errorResponse, handleErrors } from './error-responses';

const apiHostIdSchema = schema.string({ validate: apiHostIdProblem });

function checkResponse(
  response: ResponseFactory,
  outcome: ApiHostCheckOutcome,
  body: Record<string, unknown>,
): OsdResponse {
  if (outcome.error) return errorResponse(response, outcome.error, { check: outcome.check });
  return response.ok({ body });
}

export function registerManagedApiRoutes(router: IRouter, services: ServicesAccessor): void {
  router.post(
    {
      path: SVC_ROUTES.checkStoredApi,
      validate: {
        body: schema.object({
          id: apiHostIdSchema,
          idChanged: schema.maybe(schema.string({ maxLength: 64 })),
        }),
      },
    },
    handleErrors(async (_context, request, response) => {
      const { outcome, body } = await services().apiChecks.checkStored(
        request.body.id,
        request.body.idChanged,
        request.signal,
      );
      return checkResponse(response, outcome, body);
    }),
  );

  router.post(
    {
      path: SVC_ROUTES.checkApi,
      validate: {
        body: schema.object(
          {
            /** A stored host; the other fields, when given and different, replace its stored values for this check only. */
            id: schema.maybe(apiHostIdSchema),
            url: schema.maybe(hostFields.url),
            port: schema.maybe(hostFields.port),
            username: schema.maybe(hostFields.username),
            password: schema.maybe(hostFields.password),
            run_as: schema.maybe(hostFields.run_as),
            tls_verify: schema.maybe(hostFields.tls_verify),
            ca_file: schema.maybe(hostFields.ca_file),
            /** Accepted for compatibility: every check logs in anew. */
            forceRefresh: schema.maybe(schema.boolean()),
          },
          // The reference product sends a `/hosts/apis` entry as it is (cluster_info, status, insecure...).
          { unknowns: 'ignore' },
        ),
      },
    },
    handleErrors(async (context, request, response) => {
      const { forceRefresh: _forceRefresh, ...input } = request.body;
      const answer = await services().apiChecks.check(
        context.core.security.currentUser,
        input,
        request.signal,
      );
      return checkResponse(response, answer.outcome, answer.body);
    }),
  );

  router.post(
    {
      path: SVC_ROUTES.login,
      validate: {
        body: schema.object({
          idHost: apiHostIdSchema,
          force: schema.boolean({ defaultValue: false }),
        }),
      },
    },
    handleErrors(async (context, request, response) => {
      const result = await services().api.login(
        request.body.idHost,
        context.core.security.currentUser,
        { force: request.body.force, signal: request.signal },
      );
      // The token stays on the server: the browser never talks to the managed API itself.
      return response.ok({ body: { data: result } });
    }),
  );

  router.get(
    {
      path: SVC_ROUTES.routes,
      validate: {
        query: schema.object({
          /**
           * `grouped` (the default): `[{method, endpoints}]`, the shape the reference product's
           * developer tools read with no query; `catalogue`: the full catalogue our console asks for.
           */
          format: schema.oneOf([schema.literal('catalogue'), schema.literal('grouped')], {
            defaultValue: 'grouped',
          }),
        }),
      },
    },
    handleErrors(async (_context, request, response) => {
      const catalogues = services().routeCatalogue;
      const catalogue =
        request.query.format === 'catalogue' ? await catalogues.get() : await catalogues.grouped();
      if (request.headers['if-none-match'] === catalogue.etag)
        return response.custom({ statusCode: 304, headers: { etag: catalogue.etag } });
      return response.ok({
        body: catalogue.body,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          etag: catalogue.etag,
          'cache-control': 'private, no-cache',
        },
      });
    }),
  );
}
