/**
 * Manages dashboard users in the configured data folder (or database), with or without a running
 * dashboard:
 *
 *   npm run users -- add <name> --role admin|user [--role …] [--password-stdin]
 *   npm run users -- passwd <name> [--password-stdin]
 *   npm run users -- remove <name>
 *   npm run users -- list
 *
 * The password is asked for twice without echo on a terminal, and read from standard input when
 * it is piped or with --password-stdin. Exit codes: 0 done, 1 refused (unknown user, duplicate,
 * last admin, invalid value), 2 wrong usage or configuration.
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../host/server/config';
import { ConfigError, UserServiceError } from '../host/server/errors';
import { createLogging } from '../host/server/logging';
import { createSavedObjectsService } from '../host/server/saved-objects';
import {
  createSecurityService,
  DASHBOARD_ROLES,
  type DashboardRole,
  type UserService,
} from '../host/server/security';

const USAGE = `Usage:
  npm run users -- add <name> --role admin|user [--role …] [--password-stdin]
  npm run users -- passwd <name> [--password-stdin]
  npm run users -- remove <name>
  npm run users -- list`;

class UsageError extends Error {}

interface Command {
  name: 'add' | 'passwd' | 'remove' | 'list';
  username?: string;
  roles: DashboardRole[];
  passwordFromStdin: boolean;
}

function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { role: { type: 'string', multiple: true }, 'password-stdin': { type: 'boolean' } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [name, username, ...extra] = parsed.positionals;
  if (!['add', 'passwd', 'remove', 'list'].includes(name))
    throw new UsageError(name ? `Unknown command [${name}]` : 'Give a command');
  const wantsUser = name !== 'list';
  if (wantsUser && !username) throw new UsageError(`[${name}] needs a user name`);
  if (extra.length > 0 || (!wantsUser && username))
    throw new UsageError(`Unexpected argument [${wantsUser ? extra[0] : username}]`);
  const roles = parsed.values.role ?? [];
  if (name === 'add' && roles.length === 0)
    throw new UsageError(`[add] needs --role ${DASHBOARD_ROLES.join('|')}`);
  if (name !== 'add' && roles.length > 0) throw new UsageError(`--role only goes with [add]`);
  const unknownRole = roles.find((role) => !(DASHBOARD_ROLES as readonly string[]).includes(role));
  if (unknownRole)
    throw new UsageError(`Unknown role [${unknownRole}]; roles are ${DASHBOARD_ROLES.join(', ')}`);
  return {
    name: name as Command['name'],
    username,
    roles: roles as DashboardRole[],
    passwordFromStdin: parsed.values['password-stdin'] === true,
  };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads one line from the terminal without echoing it; Ctrl-C ends the script. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const input = process.stdin;
    process.stderr.write(question);
    let answer = '';
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const onData = (keys: string) => {
      for (const key of keys) {
        if (key === '\u0003') {
          process.stderr.write('\n');
          process.exit(130);
        } else if (key === '\r' || key === '\n' || key === '\u0004') {
          input.setRawMode(false);
          input.pause();
          input.off('data', onData);
          process.stderr.write('\n');
          resolve(answer);
          return;
        } else if (key === '\u007f' || key === '\b') {
          answer = answer.slice(0, -1);
        } else {
          answer += key;
        }
      }
    };
    input.on('data', onData);
  });
}

async function readPassword(command: Command): Promise<string> {
  if (command.passwordFromStdin || !process.stdin.isTTY) {
    // One trailing line break is the end of the line, not part of the password.
    return (await readAll(process.stdin)).replace(/\r?\n$/, '');
  }
  const password = await promptHidden(`Password for ${command.username}: `);
  const repeated = await promptHidden('Repeat the password: ');
  if (password !== repeated)
    throw new UserServiceError('invalid', 'The two passwords differ', 'password');
  return password;
}

function printUsers(users: Awaited<ReturnType<UserService['list']>>): void {
  const rows = [
    ['USERNAME', 'ROLES', 'CREATED'],
    ...users.map((user) => [user.username, user.roles.join(','), user.created_at]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows)
    process.stdout.write(
      `${row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd()}\n`,
    );
}

async function run(command: Command, users: UserService): Promise<void> {
  const username = command.username ?? '';
  switch (command.name) {
    case 'add': {
      const user = await users.add({
        username,
        password: await readPassword(command),
        roles: command.roles,
      });
      process.stdout.write(`Added user [${user.username}] with roles ${user.roles.join(', ')}.\n`);
      return;
    }
    case 'passwd':
      // Fail before asking for a password nobody can use.
      if (!(await users.get(username)))
        throw new UserServiceError('not_found', `User [${username}] not found`);
      await users.passwd(username, await readPassword(command));
      process.stdout.write(`Changed the password of [${username}]; their sessions have ended.\n`);
      return;
    case 'remove':
      await users.remove(username);
      process.stdout.write(`Removed user [${username}].\n`);
      return;
    case 'list':
      printUsers(await users.list());
  }
}

async function main(): Promise<number> {
  let command: Command;
  let config;
  try {
    command = parseCommand(process.argv.slice(2));
    config = loadConfig({ env: process.env, cwd: process.cwd() });
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n${error instanceof UsageError ? `\n${USAGE}\n` : ''}`);
    return 2;
  }
  // Warnings and errors only, as JSON lines on stderr: stdout is for the script's own answer.
  const logging = createLogging({
    level: 'warn',
    destination: pino.destination({ dest: 2, sync: true }),
  });
  for (const warning of config.deprecationWarnings) logging.factory.get('config').warn(warning);
  const savedObjects = createSavedObjectsService({
    dataDir: config.data.dir,
    url: config.savedObjects.url,
    encryptionKey: config.encryptionKey,
    logger: logging.factory.get('savedobjects-service'),
  });
  const security = createSecurityService({
    savedObjects,
    config: { basePath: config.server.basePath, session: config.security.session },
    logger: logging.factory.get('security'),
    dataDir: config.data.dir,
  });
  security.setup();
  try {
    await security.start({ savedObjects: await savedObjects.start(), mode: 'script' });
    await run(command, security.users);
    return 0;
  } catch (error) {
    if (!(error instanceof UserServiceError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  } finally {
    await security.stop();
    await savedObjects.stop();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: Error) => {
    process.stderr.write(`${error.stack ?? error.message}\n`);
    process.exitCode = 1;
  },
);
