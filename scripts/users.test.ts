import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSavedObjectsService } from '../host/server/saved-objects';
import { createRecordingLogger } from '../host/server/saved-objects/testing';
import { createSecurityService } from '../host/server/security';

const SCRIPT = path.join(__dirname, 'users.ts');

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe('npm run users', () => {
  let workDir: string;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;

  beforeEach(() => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-users-script-'));
    dataDir = path.join(workDir, 'data');
    const configFile = path.join(workDir, 'svc.yml');
    fs.writeFileSync(configFile, '');
    env = { ...process.env, SVC_CONFIG: configFile, SVC_DATA_DIR: dataDir };
  });
  afterEach(() => fs.rmSync(workDir, { recursive: true, force: true }));

  function users(args: string[], stdin = '', extraEnv: NodeJS.ProcessEnv = {}): Promise<Outcome> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, ...args], {
        env: { ...env, ...extraEnv },
        stdio: 'pipe',
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(stdin);
    });
  }

  /** Checks a password against the data folder the way the server does. */
  async function verify(directory: string, username: string, password: string) {
    const logger = createRecordingLogger();
    const savedObjects = createSavedObjectsService({ dataDir: directory, logger });
    const security = createSecurityService({
      savedObjects,
      config: { basePath: '', session: { ttlMinutes: 1, idleTimeoutMinutes: 1 } },
      logger,
      dataDir: directory,
    });
    security.setup();
    await security.start({ savedObjects: await savedObjects.start(), mode: 'script' });
    try {
      return await security.users.verify(username, password);
    } finally {
      await savedObjects.stop();
    }
  }

  it('adds, lists, changes passwords and removes users with clear exit codes', async () => {
    await expect(users(['add', 'ops', '--role', 'admin'], 'ops-password-1\n')).resolves.toEqual({
      code: 0,
      stdout: 'Added user [ops] with roles admin.\n',
      stderr: '',
    });
    await expect(
      users(['add', 'viewer', '--role', 'user', '--password-stdin'], 'viewer-password\r\n'),
    ).resolves.toMatchObject({ code: 0 });
    await expect(verify(dataDir, 'viewer', 'viewer-password')).resolves.toEqual({
      username: 'viewer',
      roles: ['user'],
    });

    const listed = await users(['list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout.split('\n')[0]).toBe('USERNAME  ROLES  CREATED');
    expect(listed.stdout).toMatch(/^ops {7}admin {2}\d{4}-\d\d-\d\dT/m);
    expect(listed.stdout).toMatch(/^viewer {4}user {3}\d{4}-/m);
    expect(listed.stdout).not.toMatch(/scrypt/);

    await expect(
      users(['passwd', 'viewer', '--password-stdin'], 'new-viewer-password'),
    ).resolves.toMatchObject({
      code: 0,
      stdout: 'Changed the password of [viewer]; their sessions have ended.\n',
    });
    await expect(verify(dataDir, 'viewer', 'new-viewer-password')).resolves.not.toBeNull();

    await expect(users(['remove', 'viewer'])).resolves.toMatchObject({
      code: 0,
      stdout: 'Removed user [viewer].\n',
    });
    await expect(users(['remove', 'ops'])).resolves.toEqual({
      code: 1,
      stdout: '',
      stderr: 'Cannot remove [ops], the last admin\n',
    });
  }, 120_000);

  it('refuses bad input with exit code 1 and wrong usage with exit code 2', async () => {
    await expect(users(['add', 'ops', '--role', 'admin'], 'short')).resolves.toMatchObject({
      code: 1,
      stderr: '[password]: must be at least 8 characters long\n',
    });
    await expect(users(['passwd', 'ghost'], 'whatever-password')).resolves.toMatchObject({
      code: 1,
      stderr: 'User [ghost] not found\n',
    });
    const cases: Array<[string[], string]> = [
      [[], 'Give a command'],
      [['rename', 'x'], 'Unknown command [rename]'],
      [['add', 'ops'], '[add] needs --role admin|user'],
      [['add', 'ops', '--role', 'root'], 'Unknown role [root]; roles are admin, user'],
      [['remove'], '[remove] needs a user name'],
      [['list', 'extra'], 'Unexpected argument [extra]'],
    ];
    for (const [args, message] of cases) {
      const outcome = await users(args);
      expect(outcome.code).toBe(2);
      expect(outcome.stderr).toContain(`${message}\n\nUsage:`);
    }
    const badConfig = await users(['list'], '', { SVC_PORT: 'abc' });
    expect(badConfig).toMatchObject({
      code: 2,
      stderr:
        'Invalid configuration [server.port] (from SVC_PORT): expected value of type [number] but got [string]\n',
    });
  }, 120_000);

  it('uses the data folder of the configuration file', async () => {
    const fromFile = path.join(workDir, 'from-file');
    fs.writeFileSync(env.SVC_CONFIG!, `data:\n  dir: ${JSON.stringify(fromFile)}\n`);
    delete env.SVC_DATA_DIR;
    await expect(users(['add', 'ops', '--role', 'admin'], 'ops-password-1')).resolves.toMatchObject(
      { code: 0 },
    );
    await expect(verify(fromFile, 'ops', 'ops-password-1')).resolves.toEqual({
      username: 'ops',
      roles: ['admin'],
    });
  }, 120_000);
});
