import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HttpStatusError } from '../errors';
import { createSavedObjectsService } from '../saved-objects';
import { createRecordingLogger } from '../saved-objects/testing';
import { createSecurityService, type SecurityService } from './security-service';
import { FAST_HASH } from './test-server';
import { UserService } from './users/user-service';

const basic = (username: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
});

describe('security service', () => {
  let dataDir: string;
  const running: Array<() => Promise<void>> = [];

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-security-'));
  });
  afterEach(async () => {
    for (const stop of running.splice(0).reverse()) await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(options: { adminPassword?: string; mode?: 'server' | 'script' } = {}) {
    const logger = createRecordingLogger();
    const savedObjects = createSavedObjectsService({ dataDir, logger });
    const security = createSecurityService({
      savedObjects,
      config: {
        basePath: '',
        adminPassword: options.adminPassword,
        session: { ttlMinutes: 60, idleTimeoutMinutes: 30 },
      },
      logger,
      dataDir,
      hashParameters: FAST_HASH,
    });
    security.setup();
    const savedObjectsStart = await savedObjects.start();
    running.push(() => savedObjects.stop());
    const { firstStart } = await security.start({
      savedObjects: savedObjectsStart,
      mode: options.mode,
    });
    running.push(() => security.stop());
    const stop = async () => {
      await security.stop();
      await savedObjects.stop();
    };
    return { security, firstStart, logger, stop };
  }

  describe('first start', () => {
    it('creates admin with a generated password in a 0600 file, once', async () => {
      const first = await start();
      const passwordFile = path.join(dataDir, 'initial-admin-password');
      expect(first.firstStart).toEqual({ username: 'admin', passwordFile, fromEnv: false });
      expect(fs.statSync(passwordFile).mode & 0o777).toBe(0o600);
      const password = fs.readFileSync(passwordFile, 'utf8').trim();
      expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      await expect(
        Promise.resolve(first.security.authenticate(basic('admin', password), '10.0.0.1')),
      ).resolves.toEqual({
        username: 'admin',
        roles: ['admin'],
      });
      expect(JSON.stringify(first.logger.records)).not.toContain(password);
      await first.stop();

      const second = await start();
      expect(second.firstStart).toBeUndefined();
      expect(fs.readFileSync(passwordFile, 'utf8').trim()).toBe(password);
      await expect(second.security.users.list()).resolves.toHaveLength(1);

      // Once admin picks a password of their own, the generated one's file goes.
      await second.security.users.passwd('admin', 'chosen-by-admin');
      expect(fs.existsSync(passwordFile)).toBe(false);
    });

    it('uses SVC_ADMIN_PASSWORD when given and writes no file', async () => {
      const { security, firstStart } = await start({ adminPassword: 'from-the-environment' });
      expect(firstStart).toEqual({ username: 'admin', passwordFile: undefined, fromEnv: true });
      expect(fs.existsSync(path.join(dataDir, 'initial-admin-password'))).toBe(false);
      await expect(
        Promise.resolve(security.authenticate(basic('admin', 'from-the-environment'), '10.0.0.1')),
      ).resolves.not.toBeNull();
    });

    it('refuses a SVC_ADMIN_PASSWORD that breaks the password rules', async () => {
      await expect(start({ adminPassword: 'short' })).rejects.toThrow(
        'SVC_ADMIN_PASSWORD must be at least 8 characters long',
      );
    });

    it('creates nothing in script mode', async () => {
      const { security, firstStart } = await start({ mode: 'script' });
      expect(firstStart).toBeUndefined();
      await expect(security.users.list()).resolves.toEqual([]);
    });
  });

  describe('Authorization: Basic', () => {
    let security: SecurityService;
    beforeEach(async () => {
      ({ security } = await start({ adminPassword: 'admin-password' }));
    });

    it('checks the password once, then answers from the cache until the password changes', async () => {
      const verify = jest.spyOn(UserService.prototype, 'verify');
      try {
        for (let i = 0; i < 5; i += 1)
          await expect(
            Promise.resolve(security.authenticate(basic('admin', 'admin-password'), '10.0.0.1')),
          ).resolves.not.toBeNull();
        expect(verify).toHaveBeenCalledTimes(1);
        await security.users.passwd('admin', 'changed-password');
        await expect(
          Promise.resolve(security.authenticate(basic('admin', 'admin-password'), '10.0.0.1')),
        ).resolves.toBeNull();
        await expect(
          Promise.resolve(security.authenticate(basic('admin', 'changed-password'), '10.0.0.1')),
        ).resolves.not.toBeNull();
        expect(verify).toHaveBeenCalledTimes(3);
      } finally {
        verify.mockRestore();
      }
    });

    it('checks the same header sent in parallel once', async () => {
      const verify = jest.spyOn(UserService.prototype, 'verify');
      try {
        const answers = await Promise.all(
          Array.from({ length: 5 }, () =>
            security.authenticate(basic('admin', 'admin-password'), '10.0.0.1'),
          ),
        );
        expect(answers.every((user) => user?.username === 'admin')).toBe(true);
        expect(verify).toHaveBeenCalledTimes(1);
      } finally {
        verify.mockRestore();
      }
    });

    it('checks one password of a client for a name at a time: parallel guesses get 429 unhashed', async () => {
      const verify = jest.spyOn(UserService.prototype, 'verify');
      try {
        const guesses = await Promise.allSettled(
          ['guess-1', 'guess-2', 'guess-3', 'guess-4'].map((password) =>
            security.authenticate(basic(' Admin', password), '10.0.0.1'),
          ),
        );
        const refusals = guesses.flatMap((guess) =>
          guess.status === 'rejected' ? [guess.reason as HttpStatusError] : [],
        );
        expect(guesses.filter((guess) => guess.status === 'fulfilled')).toEqual([
          { status: 'fulfilled', value: null },
        ]);
        expect(refusals.map((refusal) => [refusal.statusCode, refusal.headers])).toEqual(
          Array.from({ length: 3 }, () => [429, { 'retry-after': '1' }]),
        );
        expect(verify).toHaveBeenCalledTimes(1);
        // Another client, and the same client once its check is over, are checked as usual.
        const [other, again] = await Promise.all([
          security.authenticate(basic('admin', 'admin-password'), '10.0.0.2'),
          security.authenticate(basic('admin', 'admin-password'), '10.0.0.1'),
        ]);
        expect([other?.username, again?.username]).toEqual(['admin', 'admin']);
      } finally {
        verify.mockRestore();
      }
    });

    it('checks the password of a client that logged in before even when strangers fill the queue', async () => {
      await security.authenticate(basic('admin', 'admin-password'), '10.0.0.1');
      await security.users.passwd('admin', 'changed-password');
      const original = UserService.prototype.verify;
      let release!: () => void;
      const held = new Promise<null>((resolve) => (release = () => resolve(null)));
      const verify = jest.spyOn(UserService.prototype, 'verify').mockImplementation(function (
        this: UserService,
        username,
        password,
      ) {
        return username.startsWith('stranger') ? held : original.call(this, username, password);
      });
      try {
        // Two checks run and eight wait (the defaults): the eleventh stranger is refused.
        const strangers = Array.from({ length: 10 }, (_, i) =>
          Promise.resolve(security.authenticate(basic(`stranger${i}`, 'x'), `192.0.2.${i}`)),
        );
        await new Promise(setImmediate);
        await expect(
          Promise.resolve(security.authenticate(basic('stranger10', 'x'), '192.0.2.10')),
        ).rejects.toMatchObject({ statusCode: 503 });
        await expect(
          Promise.resolve(security.authenticate(basic('admin', 'changed-password'), '10.0.0.2')),
        ).rejects.toMatchObject({ statusCode: 503 });
        const known = Promise.resolve(
          security.authenticate(basic('admin', 'changed-password'), '10.0.0.1'),
        );
        release();
        await expect(known).resolves.toMatchObject({ username: 'admin' });
        await expect(Promise.all(strangers)).resolves.toEqual(Array(10).fill(null));
      } finally {
        verify.mockRestore();
      }
    });

    it('forgets a removed user at once', async () => {
      await security.users.add({ username: 'bot', password: 'bot-password', roles: ['user'] });
      await expect(
        Promise.resolve(security.authenticate(basic('bot', 'bot-password'), '10.0.0.1')),
      ).resolves.toEqual({
        username: 'bot',
        roles: ['user'],
      });
      await security.users.remove('bot');
      await expect(
        Promise.resolve(security.authenticate(basic('bot', 'bot-password'), '10.0.0.1')),
      ).resolves.toBeNull();
    });

    it('sees role changes at once', async () => {
      await security.users.add({ username: 'bot', password: 'bot-password', roles: ['user'] });
      await security.authenticate(basic('bot', 'bot-password'), '10.0.0.1');
      await security.users.update('bot', { roles: ['admin'] });
      await expect(
        Promise.resolve(security.authenticate(basic('bot', 'bot-password'), '10.0.0.1')),
      ).resolves.toEqual({
        username: 'bot',
        roles: ['admin'],
      });
    });
  });

  it('is unusable before start', () => {
    const logger = createRecordingLogger();
    const savedObjects = createSavedObjectsService({ dataDir, logger });
    const security = createSecurityService({
      savedObjects,
      config: { basePath: '', session: { ttlMinutes: 1, idleTimeoutMinutes: 1 } },
      logger,
      dataDir,
    });
    expect(() => security.authenticate({}, '10.0.0.1')).toThrow(
      'The security service is not started.',
    );
    expect(() => security.users).toThrow('The security service is not started.');
  });
});
