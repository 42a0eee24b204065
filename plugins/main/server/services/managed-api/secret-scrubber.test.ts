import { SCRUBBED, scrubSecrets } from './secret-scrubber';

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
