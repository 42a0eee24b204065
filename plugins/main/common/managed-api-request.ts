/**
 * Rules for a request sent to a managed API through the dashboard (`POST /api/request`, the console,
 * CSV export). Shared by the server, which enforces them, and the browser, which marks bad input early.
 *
 * A path is only ever appended to the stored host's origin, so the rules make sure nothing in it can
 * change the origin or climb out of the API root: one leading `/`, no scheme, no `//host`, no `..`,
 * no backslash, no control character (CR/LF could split the request line), no encoded slash or dot segment.
 * The query string may hold the query language's own characters (`q=lastKeepAlive>1d;name~"web 1"`):
 * it cannot change where the request goes, and it is percent-encoded when the URL is built.
 */

export const MANAGED_API_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
export type ManagedApiMethodName = (typeof MANAGED_API_METHODS)[number];

/** Longest path (query string included) the dashboard forwards. */
export const MANAGED_API_PATH_MAX_LENGTH = 4096;

export type PathCheck =
  { valid: true; pathname: string; search: string } | { valid: false; reason: string };

export function isManagedApiMethod(method: unknown): method is ManagedApiMethodName {
  return typeof method === 'string' && (MANAGED_API_METHODS as readonly string[]).includes(method);
}

// Characters RFC 3986 allows in a path segment (pchar), `%` only as part of an escape.
const PATH_SEGMENT = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*$/;
// Anything below 0x20, DEL, and the Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/;

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function checkSegments(pathname: string): string | undefined {
  const segments = pathname.slice(1).split('/');
  for (const segment of segments) {
    if (!PATH_SEGMENT.test(segment))
      return `the path segment "${segment}" has a character that must be percent-encoded`;
    const decoded = decodeSegment(segment);
    if (decoded === undefined) return `the path segment "${segment}" is not valid percent-encoding`;
    if (decoded === '.' || decoded === '..') return 'dot segments ("." or "..") are not allowed';
    if (/[/\\]/.test(decoded) || CONTROL.test(decoded))
      return 'encoded slashes, backslashes and control characters are not allowed';
  }
  return undefined;
}

/**
 * Checks a managed-API path such as `/agents?limit=10` and splits it into its path and query parts.
 * The reason of a failure names what is wrong in words a user can act on.
 */
export function checkManagedApiPath(path: unknown): PathCheck {
  if (typeof path !== 'string' || path.length === 0)
    return { valid: false, reason: 'the path is empty' };
  if (path.length > MANAGED_API_PATH_MAX_LENGTH)
    return {
      valid: false,
      reason: `the path is longer than ${MANAGED_API_PATH_MAX_LENGTH} characters`,
    };
  if (CONTROL.test(path)) return { valid: false, reason: 'the path contains a control character' };
  if (!path.startsWith('/'))
    return { valid: false, reason: 'the path must start with "/" (no scheme or host)' };
  if (path.startsWith('//'))
    return { valid: false, reason: 'the path must start with a single "/"' };
  if (path.includes('\\')) return { valid: false, reason: 'the path must not contain a backslash' };
  if (path.includes('#'))
    return { valid: false, reason: 'the path must not contain a fragment ("#")' };
  const queryStart = path.indexOf('?');
  const pathname = queryStart === -1 ? path : path.slice(0, queryStart);
  const query = queryStart === -1 ? '' : path.slice(queryStart + 1);
  if (pathname.includes('//'))
    return { valid: false, reason: 'the path must not contain an empty segment ("//")' };
  const segmentProblem = checkSegments(pathname);
  if (segmentProblem) return { valid: false, reason: segmentProblem };
  return { valid: true, pathname, search: query ? `?${query}` : '' };
}
