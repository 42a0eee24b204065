/**
 * The first dashboard user. While no admin exists, `admin` is created with `SVC_ADMIN_PASSWORD`
 * or a generated password that is written to `<data>/initial-admin-password` (mode 0600) for the
 * start-up output to point at. Once an admin exists, nothing happens.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../types';
import { UserServiceError } from '../errors';
import type { UserService } from './users/user-service';
import { passwordProblem } from './users/user-rules';

const INITIAL_ADMIN_USERNAME = 'admin';
const INITIAL_ADMIN_PASSWORD_FILE = 'initial-admin-password';
/** 144 random bits, written as 24 URL-safe characters. */
const GENERATED_PASSWORD_BYTES = 18;

/** What the start-up output tells the person who started the dashboard (never the password itself). */
export interface FirstStartRecord {
  username: string;
  /** Where the generated password is; absent when it came from `SVC_ADMIN_PASSWORD`. */
  passwordFile?: string;
  fromEnv: boolean;
}

export interface InitialAdminOptions {
  users: UserService;
  dataDir: string;
  /** `SVC_ADMIN_PASSWORD`. */
  adminPassword?: string;
  logger: Logger;
}

async function writeSecretFile(file: string, content: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const handle = await fs.open(file, 'w', 0o600);
  try {
    // The mode of `open` applies only to new files; an older file keeps its mode otherwise.
    await handle.chmod(0o600);
    await handle.writeFile(`${content}\n`, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function ensureInitialAdmin(
  options: InitialAdminOptions,
): Promise<FirstStartRecord | undefined> {
  const { users, dataDir, adminPassword, logger } = options;
  if (await users.hasAdmin()) return undefined;
  const fromEnv = adminPassword !== undefined && adminPassword !== '';
  if (fromEnv) {
    const problem = passwordProblem(adminPassword);
    if (problem) throw new Error(`SVC_ADMIN_PASSWORD ${problem}`);
  }
  const password = fromEnv
    ? adminPassword
    : randomBytes(GENERATED_PASSWORD_BYTES).toString('base64url');
  // The file is written before the user exists, so a crash in between never leaves an admin whose password nobody has.
  const passwordFile = fromEnv ? undefined : path.join(dataDir, INITIAL_ADMIN_PASSWORD_FILE);
  if (passwordFile) await writeSecretFile(passwordFile, password);
  try {
    await users.add({ username: INITIAL_ADMIN_USERNAME, password, roles: ['admin'] });
  } catch (error) {
    if (passwordFile) await fs.rm(passwordFile, { force: true });
    if (error instanceof UserServiceError && error.code === 'exists') {
      // Another instance sharing the database created it a moment ago: nothing to do.
      if (await users.hasAdmin()) return undefined;
      logger.warn(
        `No admin exists, but a user named [${INITIAL_ADMIN_USERNAME}] does; add an admin with \`npm run users -- add <name> --role admin\``,
      );
      return undefined;
    }
    throw error;
  }
  logger.info(`Created the first dashboard user [${INITIAL_ADMIN_USERNAME}]`, {
    fromEnv,
    passwordFile,
  });
  return { username: INITIAL_ADMIN_USERNAME, passwordFile, fromEnv };
}

/** The generated password stops being true once `admin` changes it or is removed: its file goes. */
export async function forgetInitialAdminPassword(dataDir: string, username: string): Promise<void> {
  if (username === INITIAL_ADMIN_USERNAME)
    await fs.rm(path.join(dataDir, INITIAL_ADMIN_PASSWORD_FILE), { force: true });
}
