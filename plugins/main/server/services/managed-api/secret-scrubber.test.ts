import { credentialSecrets, SCRUBBED, scrubSecrets } from './secret-scrubber';

describe('scrubSecrets', () => {
  it('replaces every occurrence of each secret, plain and as escaped inside a JSON string', () => {
    const password = 'pa"ss\\word';
    const raw = Buffer.from(
      JSON.stringify({
        detail: `user:${password} and ${password} and tok-123456 twice tok-123456`,
      }),
    );
    const scrubbed = JSON.parse(scrubSecrets(raw, [password, 'tok-123456']).toString('utf8'));
    expect(scrubbed.detail).toBe(
      `user:${SCRUBBED} and ${SCRUBBED} and ${SCRUBBED} twice ${SCRUBBED}`,
    );
  });

  it('hands back the same bytes when no secret occurs, and ignores empty secrets', () => {
    const raw = Buffer.from('{"title":"Forbidden"}');
    expect(scrubSecrets(raw, ['', 'absent'])).toBe(raw);
  });
});

describe('credentialSecrets with scrubSecrets', () => {
  const username = 'wazuh-wui';
  const password = 'S3cret pass/+=?';
  const secrets = credentialSecrets(username, password);
  const pair = `${username}:${password}`;

  it.each([
    ['the pair', pair],
    ['the password alone', password],
    ['a Basic header', `Basic ${Buffer.from(pair).toString('base64')}`],
    ['base64 without padding', Buffer.from(pair).toString('base64').replace(/=+$/, '')],
    ['base64url', Buffer.from(pair).toString('base64url')],
    ['the URL-encoded pair', encodeURIComponent(pair)],
    ['the URL-encoded password', encodeURIComponent(password)],
    ['the form-encoded password', encodeURIComponent(password).replace(/%20/g, '+')],
    ['the password in base64', Buffer.from(password).toString('base64').replace(/=+$/, '')],
  ])('removes %s from text and bytes', (_label, echoed) => {
    const text = `Invalid credentials for ${echoed}.`;
    expect(scrubSecrets(text, secrets)).not.toContain(echoed);
    expect(scrubSecrets(text, secrets)).toContain(SCRUBBED);
    expect(scrubSecrets(Buffer.from(text), secrets).toString()).not.toContain(echoed);
  });

  it('replaces a whole echoed pair once rather than leaving its user name beside a redaction', () => {
    expect(scrubSecrets(`for ${pair}`, secrets)).toBe(`for ${SCRUBBED}`);
  });
});
