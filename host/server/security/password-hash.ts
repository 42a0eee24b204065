/**
 * Password hashes for dashboard users: scrypt (node:crypto) with a random salt per password. The
 * parameters are stored inside each hash, so raising them later keeps old hashes verifiable.
 * Format: `scrypt$<cost>$<blockSize>$<parallelization>$<salt base64>$<key base64>`.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParameters {
  /** CPU/memory cost N (a power of two). */
  cost: number;
  /** Block size r. */
  blockSize: number;
  /** Parallelization p. */
  parallelization: number;
  /** Length of the derived key in bytes. */
  keyLength: number;
  /** Length of the random salt in bytes. */
  saltLength: number;
}

/** About 50–100 ms and 32 MiB per hash on the recommended 2-core machine: slow for guessing, fine for logins. */
export const SCRYPT_PARAMETERS: Readonly<ScryptParameters> = Object.freeze({
  cost: 2 ** 15,
  blockSize: 8,
  parallelization: 1,
  keyLength: 64,
  saltLength: 16,
});

const PREFIX = 'scrypt';

function derive(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function scryptOptions(cost: number, blockSize: number, parallelization: number): ScryptOptions {
  // scrypt needs 128 * N * r bytes; allow twice that so the default 32 MiB cap never gets in the way.
  return { N: cost, r: blockSize, p: parallelization, maxmem: 256 * cost * blockSize };
}

export async function hashPassword(
  password: string,
  parameters: ScryptParameters = SCRYPT_PARAMETERS,
): Promise<string> {
  const salt = randomBytes(parameters.saltLength);
  const { cost, blockSize, parallelization, keyLength } = parameters;
  const key = await derive(
    password,
    salt,
    keyLength,
    scryptOptions(cost, blockSize, parallelization),
  );
  return [
    PREFIX,
    cost,
    blockSize,
    parallelization,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

/** Whether `password` matches `encoded`; compares in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return false;
  const [cost, blockSize, parallelization] = parts.slice(1, 4).map(Number);
  if (![cost, blockSize, parallelization].every((n) => Number.isSafeInteger(n) && n > 0))
    return false;
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (expected.length === 0) return false;
  const actual = await derive(
    password,
    salt,
    expected.length,
    scryptOptions(cost, blockSize, parallelization),
  );
  return timingSafeEqual(actual, expected);
}
