/**
 * Finds the key that encrypts API host passwords: derived from `SVC_ENCRYPTION_KEY` when set, else read
 * from a key file in the data folder, which is created (mode 0600, 32 random bytes) on first start.
 * Keys for other purposes (signing cursors) are derived from it, so every instance given the same
 * secret derives the same ones, and one secret's rotation rotates them all.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SvcError } from '../svc-error';

const ENCRYPTION_KEY_ENV = 'SVC_ENCRYPTION_KEY';
export const KEY_FILE_NAME = 'svc-encryption.key';
/** Shortest accepted `SVC_ENCRYPTION_KEY`: a shorter secret is too easy to guess. */
const MIN_ENV_KEY_LENGTH = 32;

export interface EncryptionKey {
  key: Buffer;
  source: 'env' | 'file-created' | 'file';
  /** Set when the key file can be read by other users. */
  warning?: string;
}

/** The configured key cannot be used: the start stops with this message. */
class EncryptionKeyError extends SvcError<'invalid_encryption_key'> {
  readonly code = 'invalid_encryption_key';
  readonly statusCode = undefined;
}

/** Any string of enough length works (hex, base64 or a passphrase): HKDF turns it into 32 bytes. */
function deriveFromEnv(value: string): Buffer {
  if (value.length < MIN_ENV_KEY_LENGTH) {
    throw new EncryptionKeyError(
      `${ENCRYPTION_KEY_ENV} must be at least ${MIN_ENV_KEY_LENGTH} characters long (for example: openssl rand -hex 32).`,
    );
  }
  return Buffer.from(
    hkdfSync('sha256', Buffer.from(value, 'utf8'), 'svc-api-host-passwords', 'aes-256-gcm', 32),
  );
}

/**
 * The key that signs what the dashboard hands out for later requests (the alerts paging cursors):
 * HKDF of the encryption key under its own label, so it is never the cipher key itself.
 */
export function cursorSigningKey(encryptionKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', encryptionKey, 'svc-signed-cursors', 'hmac-sha256', 32));
}

function decodeKeyFile(content: string, path: string): Buffer {
  const key = Buffer.from(content.trim(), 'base64');
  if (key.length !== 32)
    throw new EncryptionKeyError(`The key file ${path} does not hold a base64 key of 32 bytes.`);
  return key;
}

async function readKeyFile(path: string): Promise<EncryptionKey> {
  const [content, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
  const warning =
    (info.mode & 0o077) !== 0
      ? `The key file ${path} can be read by other users; restrict it with chmod 600.`
      : undefined;
  return { key: decodeKeyFile(content, path), source: 'file', warning };
}

export async function loadEncryptionKey(options: {
  /** The host's `encryptionKey` setting (`SVC_ENCRYPTION_KEY` or the config file). */
  configuredKey?: string;
  dataDir: string;
}): Promise<EncryptionKey> {
  const fromEnv = options.configuredKey;
  if (fromEnv) return { key: deriveFromEnv(fromEnv), source: 'env' };
  const path = join(options.dataDir, KEY_FILE_NAME);
  await mkdir(options.dataDir, { recursive: true });
  const key = randomBytes(32);
  // Written aside, then hard-linked into place: `link` fails when the file exists, so two instances
  // starting together never overwrite each other's key nor read a half-written one.
  const pending = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(pending, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(pending, path);
    return { key, source: 'file-created' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readKeyFile(path);
  } finally {
    await unlink(pending);
  }
}
