import { randomBytes } from 'node:crypto';
import { SecretCipher, SecretDecryptionError } from './secret-cipher';

describe('SecretCipher', () => {
  const cipher = new SecretCipher(randomBytes(32));

  it('round-trips and never stores the plain text', () => {
    const stored = cipher.encrypt('svc-api-host:prod', 'S3cret-pässword');
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain('S3cret');
    expect(cipher.decrypt('svc-api-host:prod', stored)).toBe('S3cret-pässword');
  });

  it('uses a fresh IV for every value', () => {
    expect(cipher.encrypt('prod', 'same')).not.toBe(cipher.encrypt('prod', 'same'));
  });

  it('refuses a ciphertext moved to another subject, tampered with, or read with another key', () => {
    const stored = cipher.encrypt('prod', 'secret');
    const refusal = (decrypt: () => string) => {
      try {
        decrypt();
      } catch (error) {
        return error instanceof SecretDecryptionError ? error.reason : error;
      }
      return 'decrypted';
    };
    expect(refusal(() => cipher.decrypt('staging', stored))).toBe('key');
    const parts = stored.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(refusal(() => cipher.decrypt('prod', parts.join('.')))).toBe('key');
    expect(refusal(() => new SecretCipher(randomBytes(32)).decrypt('prod', stored))).toBe('key');
    expect(refusal(() => cipher.decrypt('prod', 'plain-text'))).toBe('format');
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretCipher(randomBytes(16))).toThrow('32 bytes');
  });
});
