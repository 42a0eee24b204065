/**
 * The session cookie: HttpOnly, SameSite=Lax, Secure over TLS, scoped to the dashboard's base path.
 * Written by hand: the `cookie` package is ESM-only here and @fastify/cookie's helpers only work
 * once its plugin is loaded into a server; one cookie whose value is URL-safe base64 and whose
 * attributes come from configuration needs no general cookie codec.
 */
const SESSION_COOKIE_NAME = 'svc_session';

export interface SessionCookieScope {
  /** The base path (`SVC_BASE_PATH`), '' for none. */
  basePath: string;
  /** The request came over TLS. */
  secure: boolean;
}

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/** The session token of a `Cookie` header (`a=1; svc_session=…; b=2`), if any. */
export function readSessionToken(headers: Headers): string | undefined {
  const header = headers.cookie;
  if (!header) return undefined;
  for (const pair of (Array.isArray(header) ? header.join(';') : header).split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === SESSION_COOKIE_NAME) {
      return pair.slice(separator + 1).trim() || undefined;
    }
  }
  return undefined;
}

function serialize(value: string, scope: SessionCookieScope, maxAgeSeconds: number): string {
  const attributes = [
    `${SESSION_COOKIE_NAME}=${value}`,
    `Max-Age=${maxAgeSeconds}`,
    `Path=${scope.basePath || '/'}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (scope.secure) attributes.push('Secure');
  return attributes.join('; ');
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
