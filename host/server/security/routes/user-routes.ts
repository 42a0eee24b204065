/** Admin-only management of dashboard users: `/api/v1/security/users[/{username}]`. */
import { schema } from '../../../schema';
import type {
  IRouter,
  OsdRequest,
  OsdResponse,
  RequestHandler,
  ResponseFactory,
} from '../../types';
import { UserServiceError } from '../../errors';
import type { UserService } from '../users/user-service';
import {
  ADMIN_ROLE,
  passwordProblem,
  rolesProblem,
  usernameProblem,
  type DashboardRole,
} from '../users/user-rules';

const USERS_PATH = '/api/v1/security/users';

const username = schema.string({ validate: usernameProblem });
const password = schema.string({ validate: passwordProblem });
const roles = schema.arrayOf(schema.string(), { validate: rolesProblem });

export interface UserRoutesDeps {
  users(): UserService;
}

function toErrorResponse(error: unknown, response: ResponseFactory): OsdResponse {
  if (!(error instanceof UserServiceError)) throw error;
  return response.customError({
    statusCode: error.statusCode,
    body: { message: error.message },
  });
}

export function registerUserRoutes(router: IRouter, deps: UserRoutesDeps): void {
  /** User-service errors become their status. */
  function answering<P, Q, B>(
    handler: (request: OsdRequest<P, Q, B>, response: ResponseFactory) => Promise<OsdResponse>,
  ): RequestHandler<P, Q, B> {
    return async (_context, request, response) => {
      try {
        return await handler(request, response);
      } catch (error) {
        return toErrorResponse(error, response);
      }
    };
  }
  const adminOnly = { requiredRole: ADMIN_ROLE };

  router.get(
    { path: USERS_PATH, validate: false, options: adminOnly },
    answering(async (_request, response) =>
      response.ok({ body: { users: await deps.users().list() } }),
    ),
  );

  router.post(
    {
      path: USERS_PATH,
      validate: { body: schema.object({ username, password, roles }) },
      options: adminOnly,
    },
    answering(async (request, response) => {
      const { body } = request;
      const user = await deps.users().add({ ...body, roles: body.roles as DashboardRole[] });
      return response.ok({ body: { ...user } });
    }),
  );

  router.put(
    {
      path: `${USERS_PATH}/{username}`,
      validate: {
        params: schema.object({ username: schema.string() }),
        body: schema.object({ password: schema.maybe(password), roles: schema.maybe(roles) }),
      },
      options: adminOnly,
    },
    answering(async (request, response) => {
      const { password: newPassword, roles: newRoles } = request.body;
      const user = await deps.users().update(request.params.username, {
        password: newPassword,
        roles: newRoles as DashboardRole[] | undefined,
      });
      return response.ok({ body: { ...user } });
    }),
  );

  router.delete(
    {
      path: `${USERS_PATH}/{username}`,
      validate: { params: schema.object({ username: schema.string() }) },
      options: adminOnly,
    },
    answering(async (request, response) => {
      await deps.users().remove(request.params.username);
      return response.ok({ body: { username: request.params.username } });
    }),
  );
}
