/**
 * `POST /api/check-stored-api`, `POST /api/check-api`, `POST /api/login`, `GET /api/routes`:
 * checking hosts, logging in to them, and the route catalogue of the console.
 */
import { schema } from '../../../../host/schema';
import type { IRouter, OsdResponse, ResponseFactory } from '../../../../host/server/types';
import { apiHostIdProblem } from '../../common/api-host-rules';
import { ADMIN_ROLE, SVC_ROUTES } from '../../common/constants';
import type { ServicesAccessor } from '../plugin-services';
import type { ApiHostCheckOutcome, UnsavedApiHost } from '../services/api-checks/api-host-checker';
import { ApiHostNotFoundError } from '../services/managed-api/errors';
import { RequestFieldError } from '../services/request-field-error';
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
      const { hosts, statuses } = services();
      const outcome = await statuses.refresh(request.body.id, request.signal);
      const host = await hosts.get(request.body.id);
      if (!outcome || !host) throw new ApiHostNotFoundError(request.body.id);
      return checkResponse(response, outcome, {
        statusCode: 200,
        data: { ...host, status: outcome.check },
        idChanged: request.body.idChanged ?? null,
      });
    }),
  );

  router.post(
    {
      path: SVC_ROUTES.checkApi,
      validate: {
        body: schema.object({
          /** A stored host; the other fields, when given, replace its stored values for this check only. */
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
        }),
      },
    },
    handleErrors(async (context, request, response) => {
      const { id, forceRefresh: _forceRefresh, ...given } = request.body;
      const { hosts, checker, statuses } = services();
      const unsaved = Object.values(given).some((value) => value !== undefined);
      if (!unsaved) {
        if (id === undefined)
          throw new RequestFieldError(
            'id',
            'give the id of a stored host, or its url, port, username and password',
          );
        const outcome = await statuses.refresh(id, request.signal);
        if (!outcome) throw new ApiHostNotFoundError(id);
        return checkResponse(response, outcome, { data: outcome.check });
      }
      // Trying credentials or addresses that are not stored is for admins: it sends a password where
      // the caller says. Checked here rather than declared on the route: checking a stored host is for everyone.
      if (!context.core.security.currentUser?.roles.includes(ADMIN_ROLE)) {
        return response.forbidden({
          body: {
            message: `Only dashboard users with the [${ADMIN_ROLE}] role can check unsaved API host settings.`,
            attributes: { code: 'role_required', requiredRole: ADMIN_ROLE },
          },
        });
      }
      const stored = id === undefined ? undefined : await hosts.resolve(id);
      if (id !== undefined && !stored) throw new ApiHostNotFoundError(id);
      const host: Partial<UnsavedApiHost> = {
        ...(stored && {
          url: stored.url,
          port: stored.port,
          username: stored.username,
          run_as: stored.run_as,
          tls_verify: stored.tls_verify,
          ca_file: stored.ca_file,
        }),
        ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)),
      };
      for (const field of ['url', 'port', 'username'] as const) {
        if (host[field] === undefined)
          throw new RequestFieldError(field, 'is required to check unsaved settings');
      }
      const password = host.password ?? stored?.readPassword();
      if (password === undefined)
        throw new RequestFieldError('password', 'is required to check unsaved settings');
      const outcome = await checker.checkUnsaved(
        {
          ...(host as UnsavedApiHost),
          password,
          run_as: host.run_as ?? false,
          tls_verify: host.tls_verify ?? true,
        },
        request.signal,
      );
      return checkResponse(response, outcome, { data: outcome.check });
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
    { path: SVC_ROUTES.routes, validate: false },
    handleErrors(async (_context, request, response) => {
      const catalogue = await services().routeCatalogue.get();
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
