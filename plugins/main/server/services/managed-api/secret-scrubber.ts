/**
 * Keeps credentials out of everything the dashboard builds from a host's answer: a host that echoes
 * the stored user name and password, a token or an `Authorization` value (also URL-encoded or in
 * base64) must not carry them into the dashboard's own messages, error attributes, relayed error
 * bodies or log lines. `scrubSecrets` is the one function every such path goes through; the transport
 * applies it to every answer it reads whole before anything is made of it.
 */

export const SCRUBBED = '[REDACTED]';

/** The shapes a user name and password take in what a host may echo: plain, Basic, URL-encoded. */
export function credentialSecrets(username: string, password: string): string[] {
  const pair = `${username}:${password}`;
  const base64 = Buffer.from(pair, 'utf8').toString('base64');
  return [
    pair,
    base64,
    base64.replace(/=+$/, ''),
    Buffer.from(pair, 'utf8').toString('base64url'),
    encodeURIComponent(pair),
    encodeURIComponent(password),
    // application/x-www-form-urlencoded writes spaces as `+`.
    encodeURIComponent(password).replace(/%20/g, '+'),
    Buffer.from(password, 'utf8').toString('base64').replace(/=+$/, ''),
    password,
  ];
}

/** A secret as it appears in text and inside a JSON string (quotes and backslashes escaped). */
function forms(secret: string): string[] {
  const escaped = JSON.stringify(secret).slice(1, -1);
  return escaped === secret ? [secret] : [secret, escaped];
}

/** Every form of every secret, longest first so a whole echo is replaced before a part of it. */
function searchForms(secrets: readonly string[]): string[] {
  const all = new Set<string>();
  for (const secret of secrets)
    if (secret.length > 0) for (const form of forms(secret)) all.add(form);
  return [...all].sort((a, b) => b.length - a.length);
}

/**
 * The text (or bytes) with every form of each secret replaced by `[REDACTED]`; the same value, not a
 * copy, when none occurs, so an answer without secrets costs one search per form.
 */
export function scrubSecrets(raw: Buffer, secrets: readonly string[]): Buffer;
export function scrubSecrets(raw: string, secrets: readonly string[]): string;
export function scrubSecrets(raw: Buffer | string, secrets: readonly string[]): Buffer | string {
  let text: string | undefined;
  for (const form of searchForms(secrets)) {
    if (text === undefined && !raw.includes(form)) continue;
    text ??= raw.toString();
    text = text.split(form).join(SCRUBBED);
  }
  if (text === undefined) return raw;
  return typeof raw === 'string' ? text : Buffer.from(text, 'utf8');
}
