/** `POST /auth/login`, `POST /auth/logout` and `GET /api/v1/auth/authinfo`. */
import { schema } from '../../../schema';
import type { AuthenticatedUser, AuthInfo, IRouter, OsdRequest } from '../../types';
import { loginRefusal, type Authentication } from '../authentication';
import { clientAddressOf, isSecureRequest } from '../request-info';
import { clearedSessionCookie, readSessionToken, sessionCookie } from '../session-cookie';
import type { SessionStore } from '../sessions/session-store';

const INVALID_LOGIN_MESSAGE = 'Invalid username or password';
/** Login input is only checked for shape: its rules must not tell a guesser anything. */
const MAX_LOGIN_FIELD_LENGTH = 1024;

export interface AuthRoutesDeps {
  authentication: Authentication;
  sessions: SessionStore;
  basePath: string;
  getCurrentUser(request: OsdRequest): AuthenticatedUser | null;
}

export function registerAuthRoutes(router: IRouter, deps: AuthRoutesDeps): void {
  const cookieScope = (request: OsdRequest) => ({
    basePath: deps.basePath,
    secure: isSecureRequest(request),
  });

  router.post(
    {
      path: '/auth/login',
      validate: {
        body: schema.object({
          username: schema.string({ minLength: 1, maxLength: MAX_LOGIN_FIELD_LENGTH }),
          password: schema.string({ minLength: 1, maxLength: MAX_LOGIN_FIELD_LENGTH }),
        }),
      },
      options: { authRequired: false },
    },
    async (_context, request, response) => {
      const { username, password } = request.body;
      const outcome = await deps.authentication.login(username, password, clientAddressOf(request));
      if (outcome.status === 'throttled' || outcome.status === 'busy') {
        const refusal = loginRefusal(outcome);
        return response.customError({
          statusCode: refusal.statusCode,
          body: { message: refusal.message },
          headers: { ...refusal.headers },
        });
      }
      if (outcome.status === 'invalid')
        return response.unauthorized({ body: { message: INVALID_LOGIN_MESSAGE } });
      const session = await deps.sessions.create(outcome.user);
      return response.ok({
        body: { username: outcome.user.username, roles: outcome.user.roles },
        headers: {
          'set-cookie': sessionCookie(session.token, cookieScope(request), session.maxAgeSeconds),
        },
      });
    },
  );

  router.post(
    { path: '/auth/logout', validate: false, options: { authRequired: false } },
    async (_context, request, response) => {
      const token = readSessionToken(request.headers);
      if (token) await deps.sessions.revoke(token);
      return response.ok({
        body: {},
        headers: { 'set-cookie': clearedSessionCookie(cookieScope(request)) },
      });
    },
  );

  router.get(
    { path: '/api/v1/auth/authinfo', validate: false },
    async (_context, request, response) => {
      const user = deps.getCurrentUser(request);
      if (!user) return response.unauthorized();
      const body: AuthInfo = { user_name: user.username, roles: user.roles, backend_roles: [] };
      return response.ok({ body: { ...body } });
    },
  );
}
