/** The session cookie: HttpOnly, SameSite=Lax, Secure over TLS, scoped to the dashboard's base path. */
import fastifyCookie from '@fastify/cookie';

export const SESSION_COOKIE_NAME = 'svc_session';

export interface SessionCookieScope {
  /** The base path (`SVC_BASE_PATH`), '' for none. */
  basePath: string;
  /** The request came over TLS. */
  secure: boolean;
}

type Headers = Readonly<Record<string, string | string[] | undefined>>;

export function readSessionToken(headers: Headers): string | undefined {
  const header = headers.cookie;
  if (!header) return undefined;
  const cookies = fastifyCookie.parse(Array.isArray(header) ? header.join('; ') : header);
  return cookies[SESSION_COOKIE_NAME] || undefined;
}

function serialize(value: string, scope: SessionCookieScope, maxAgeSeconds: number): string {
  return fastifyCookie.serialize(SESSION_COOKIE_NAME, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: scope.secure,
    path: scope.basePath || '/',
    maxAge: maxAgeSeconds,
  });
}

export function sessionCookie(
  token: string,
  scope: SessionCookieScope,
  maxAgeSeconds: number,
): string {
  return serialize(token, scope, Math.max(0, Math.floor(maxAgeSeconds)));
}

export function clearedSessionCookie(scope: SessionCookieScope): string {
  return serialize('', scope, 0);
}
