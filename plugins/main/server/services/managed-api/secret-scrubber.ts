/**
 * Keeps credentials the dashboard sent a host out of what the host says back: an error detail that
 * echoes the Basic credentials, the password or the token must not carry them to the browser or
 * into a log line. Only error answers are scrubbed, so a successful call pays nothing.
 */

export const SCRUBBED = '[REDACTED]';

/** A secret as it appears in text and inside a JSON string (quotes and backslashes escaped). */
function forms(secret: string): string[] {
  const escaped = JSON.stringify(secret).slice(1, -1);
  return escaped === secret ? [secret] : [secret, escaped];
}

/** The body with every occurrence of each secret replaced; the same Buffer when none occurs. */
export function scrubSecrets(raw: Buffer, secrets: readonly string[]): Buffer {
  let text: string | undefined;
  for (const secret of secrets) {
    if (secret.length === 0) continue;
    for (const form of forms(secret)) {
      if (text === undefined && raw.indexOf(form) === -1) continue;
      text ??= raw.toString('utf8');
      text = text.split(form).join(SCRUBBED);
    }
  }
  return text === undefined ? raw : Buffer.from(text, 'utf8');
}
