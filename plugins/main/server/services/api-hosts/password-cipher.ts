/**
 * Encrypts API host passwords at rest with AES-256-GCM. Each value gets a fresh 96-bit IV, and the
 * host id is bound in as additional authenticated data, so a ciphertext copied onto another host
 * does not decrypt. Stored form: `v1.<iv>.<tag>.<ciphertext>` (base64url parts).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class PasswordDecryptionError extends Error {}

function aad(hostId: string): Buffer {
  return Buffer.from(`svc-api-host:${hostId}`, 'utf8');
}

export class PasswordCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The encryption key must be 32 bytes long.');
  }

  encrypt(hostId: string, password: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(aad(hostId));
    const ciphertext = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decrypt(hostId: string, stored: string): string {
    const [version, iv, tag, ciphertext] = stored.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
      throw new PasswordDecryptionError(
        `The stored password of API host [${hostId}] is not in a known format.`,
      );
    }
    try {
      const decipher = createDecipheriv(ALGORITHM, this.key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(aad(hostId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new PasswordDecryptionError(
        `The stored password of API host [${hostId}] cannot be decrypted: the encryption key (SVC_ENCRYPTION_KEY or the key file in the data folder) is not the one it was saved with. Save the host's password again.`,
      );
    }
  }
}
