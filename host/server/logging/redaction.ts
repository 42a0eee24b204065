/**
 * Keys whose values never reach a log line: credentials in request/response headers, login bodies,
 * API host records, tokens of the managed API and the dashboard's own secrets. Matched without
 * regard to case, at any depth.
 */
export const SECRET_KEYS = [
  'password',
  'passwd',
  'newPassword',
  'currentPassword',
  'oldPassword',
  'adminPassword',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'idToken',
  'id_token',
  'jwt',
  'secret',
  'clientSecret',
  'client_secret',
  'apiKey',
  'api_key',
  'encryptionKey',
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
] as const;

export const REDACTION_CENSOR = '[REDACTED]';

const SECRET_KEY_SET: ReadonlySet<string> = new Set(SECRET_KEYS.map((key) => key.toLowerCase()));

/**
 * `name=value` pairs of a query string or form text (`?`, `&` or `;` before the name, or the start
 * of the text). The name is matched once decoded, so `api%5Fkey` and `API-Key` count as `api_key`.
 */
const PARAMETER = /(^|[?&;])([^=&;#\s?"'<>]+)=([^&;#\s"'<>]*)/g;

/** Parameter names (lower case, without `-`, `_` and `.`) whose values never reach a log line. */
const SECRET_PARAMETER =
  /(password|passwd|pwd|token|secret|key|authorization|jwt|credentials?|signature|sig)$/;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

function isSecretParameter(name: string): boolean {
  return SECRET_PARAMETER.test(
    decodedName(name)
      .toLowerCase()
      .replace(/[-_.\s]/g, ''),
  );
}

/**
 * `text` with the value of every secret-looking query or form parameter (`?password=`, `&token=`,
 * `api_key`, `apikey`, `secret`, `key`, `authorization`, any case, URL-encoded names too) replaced by
 * the censor. Text without `=` is returned as it is, at the cost of one search.
 */
export function redactSecretParameters(text: string): string {
  if (!text.includes('=')) return text;
  return text.replace(PARAMETER, (pair, separator: string, name: string) =>
    isSecretParameter(name) ? `${separator}${name}=${REDACTION_CENSOR}` : pair,
  );
}

/** Deeper structures are left as they are: log meta is shallow, and this bounds the walk on cycles. */
const MAX_DEPTH = 10;

function isWalkable(value: unknown): value is Record<string, unknown> | unknown[] {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function redactArray(items: unknown[], depth: number): unknown[] {
  let copy: unknown[] | undefined;
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    const redacted =
      typeof item === 'string' ? redactSecretParameters(item) : redactAt(item, depth + 1);
    if (redacted !== items[index]) {
      copy ??= items.slice();
      copy[index] = redacted;
    }
  }
  return copy ?? items;
}

function redactObject(record: Record<string, unknown>, depth: number): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    const value = record[key];
    const redacted = SECRET_KEY_SET.has(key.toLowerCase())
      ? value === undefined
        ? value
        : REDACTION_CENSOR
      : typeof value === 'string'
        ? redactSecretParameters(value)
        : redactAt(value, depth + 1);
    if (redacted !== value) {
      copy ??= { ...record };
      copy[key] = redacted;
    }
  }
  return copy ?? record;
}

function redactAt(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH || !isWalkable(value)) return value;
  return redactWalkable(value, depth);
}

function redactWalkable(value: Record<string, unknown> | unknown[], depth: number): unknown {
  return Array.isArray(value) ? redactArray(value, depth) : redactObject(value, depth);
}

/**
 * Returns `value` with every secret key's value replaced by the censor, copying only the plain
 * objects and arrays on the way to a secret (the input is never modified). The root may be any
 * object (a serialized error has its own prototype); below it only plain data is walked. Hand-written because
 * pino's path-based `redact` needs one wildcard path per depth and key, which measured about a
 * hundred times slower per record than this single walk.
 */
export function redactSecrets<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  return redactWalkable(value as Record<string, unknown> | unknown[], 0) as T;
}
