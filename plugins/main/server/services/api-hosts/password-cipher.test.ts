import { randomBytes } from 'node:crypto';
import { PasswordCipher, PasswordDecryptionError } from './password-cipher';

describe('PasswordCipher', () => {
  const cipher = new PasswordCipher(randomBytes(32));

  it('round-trips and never stores the plain text', () => {
    const stored = cipher.encrypt('prod', 'S3cret-pässword');
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain('S3cret');
    expect(cipher.decrypt('prod', stored)).toBe('S3cret-pässword');
  });

  it('uses a fresh IV for every value', () => {
    expect(cipher.encrypt('prod', 'same')).not.toBe(cipher.encrypt('prod', 'same'));
  });

  it('refuses a ciphertext moved to another host, tampered with, or read with another key', () => {
    const stored = cipher.encrypt('prod', 'secret');
    expect(() => cipher.decrypt('staging', stored)).toThrow(PasswordDecryptionError);
    const parts = stored.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => cipher.decrypt('prod', parts.join('.'))).toThrow(PasswordDecryptionError);
    expect(() => new PasswordCipher(randomBytes(32)).decrypt('prod', stored)).toThrow(
      /encryption key/,
    );
    expect(() => cipher.decrypt('prod', 'plain-text')).toThrow(/known format/);
  });

  it('needs a 32-byte key', () => {
    expect(() => new PasswordCipher(randomBytes(16))).toThrow();
  });
});
