/**
 * Where the login page sends the user back to. Only a path of this dashboard is accepted, so a
 * crafted `?next=https://elsewhere` or `//elsewhere` link cannot turn the login into a redirector.
 * Pure functions: the server's redirect to the login page uses them too.
 */

export const LOGIN_PATH = '/login';

/** `<base path>/login?next=<path>`. */
export function loginUrl(basePath: string, next?: string): string {
  return `${basePath}${LOGIN_PATH}${next ? `?next=${encodeURIComponent(next)}` : ''}`;
}

/** `next` when it is a path under the base path (`/app/...` or similar), else the default app URL. */
export function safeNextUrl(basePath: string, next: string | null | undefined): string {
  const fallback = `${basePath}/app`;
  if (!next || !next.startsWith('/') || next.startsWith('//') || hasControlOrBackslash(next))
    return fallback;
  if (basePath && next !== basePath && !next.startsWith(`${basePath}/`)) return fallback;
  const pathname = next.slice(basePath.length).split(/[?#]/)[0];
  if (pathname === LOGIN_PATH || pathname.startsWith(`${LOGIN_PATH}/`)) return fallback;
  return next;
}

/** Browsers treat `\` like `/` and drop control characters, which would let `/\\evil` reach another host. */
function hasControlOrBackslash(value: string): boolean {
  return [...value].some(
    (char) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f,
  );
}
