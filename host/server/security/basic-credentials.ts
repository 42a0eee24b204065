/** Reads `Authorization: Basic <base64(user:password)>` (RFC 7617; the scheme name is case-insensitive). */
export interface BasicCredentials {
  username: string;
  password: string;
}

const BASIC_PREFIX = /^basic\s+/i;

export function parseBasicCredentials(
  header: string | string[] | undefined,
): BasicCredentials | undefined {
  if (typeof header !== 'string' || !BASIC_PREFIX.test(header)) return undefined;
  const decoded = Buffer.from(header.replace(BASIC_PREFIX, '').trim(), 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator <= 0) return undefined;
  return { username: decoded.slice(0, separator), password: decoded.slice(separator + 1) };
}
