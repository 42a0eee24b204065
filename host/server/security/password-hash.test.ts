import { hashPassword, SCRYPT_PARAMETERS, verifyPassword } from './password-hash';

const FAST = { cost: 1024, blockSize: 8, parallelization: 1, keyLength: 32, saltLength: 16 };

describe('password hashes', () => {
  it('uses named, strong default parameters and records them in the hash', async () => {
    expect(SCRYPT_PARAMETERS).toEqual({
      cost: 32768,
      blockSize: 8,
      parallelization: 1,
      keyLength: 64,
      saltLength: 16,
    });
    const hash = await hashPassword('correct horse battery');
    const [prefix, cost, blockSize, parallelization, salt, key] = hash.split('$');
    expect([prefix, cost, blockSize, parallelization]).toEqual(['scrypt', '32768', '8', '1']);
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(key, 'base64')).toHaveLength(64);
    await expect(verifyPassword('correct horse battery', hash)).resolves.toBe(true);
  });

  it('salts every hash and tells right from wrong passwords', async () => {
    const first = await hashPassword('s3cret-pass', FAST);
    const second = await hashPassword('s3cret-pass', FAST);
    expect(first).not.toBe(second);
    await expect(verifyPassword('s3cret-pass', first)).resolves.toBe(true);
    await expect(verifyPassword('s3cret-pass', second)).resolves.toBe(true);
    await expect(verifyPassword('s3cret-pasS', first)).resolves.toBe(false);
    await expect(verifyPassword('', first)).resolves.toBe(false);
  });

  it('verifies hashes made with other parameters', async () => {
    const hash = await hashPassword('pässwörd', { ...FAST, cost: 2048, keyLength: 48 });
    await expect(verifyPassword('pässwörd', hash)).resolves.toBe(true);
    // The same text in another Unicode normal form is the same password.
    await expect(verifyPassword('pa\u0308sswo\u0308rd', hash)).resolves.toBe(true);
  });

  it('never matches a malformed hash', async () => {
    for (const malformed of [
      '',
      'plain',
      'bcrypt$1$2$3$a$b',
      'scrypt$x$8$1$AAAA$AAAA',
      'scrypt$1024$8$1$AAAA$',
    ]) {
      await expect(verifyPassword('anything', malformed)).resolves.toBe(false);
    }
  });
});
