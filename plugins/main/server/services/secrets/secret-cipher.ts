/**
 * Encrypts secrets at rest (API host passwords, bodies of queued requests) with AES-256-GCM. Each
 * value gets a fresh 96-bit IV, and a subject naming what the value belongs to is bound in as
 * additional authenticated data, so a ciphertext copied onto another object does not decrypt.
 * Stored form: `v1.<iv>.<tag>.<ciphertext>` (base64url parts).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SvcError } from '../svc-error';

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** `format`: not a value this cipher wrote; `key`: written with another key, for another subject, or altered. */
export class SecretDecryptionError extends SvcError<'secret_undecryptable'> {
  readonly code = 'secret_undecryptable';
  // Stored data at fault, not a request: callers wrap it in an error that names the stored object.
  readonly statusCode = undefined;

  constructor(readonly reason: 'format' | 'key') {
    super(
      reason === 'format'
        ? 'The stored secret is not in a known format.'
        : 'The stored secret cannot be decrypted with the current encryption key.',
    );
  }
}

export class SecretCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The encryption key must be 32 bytes long.');
  }

  encrypt(subject: string, plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(subject, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decrypt(subject: string, stored: string): string {
    const [version, iv, tag, ciphertext] = stored.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined)
      throw new SecretDecryptionError('format');
    try {
      const decipher = createDecipheriv(ALGORITHM, this.key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(subject, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new SecretDecryptionError('key');
    }
  }
}
