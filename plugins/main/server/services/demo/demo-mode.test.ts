import { randomBytes } from 'node:crypto';
import {
  createRecordingLogger,
  startTestSavedObjects,
  type TestSavedObjects,
} from '@host/server/saved-objects/testing';
import { API_HOST_SAVED_OBJECT_TYPE } from '../../../common/api-hosts';
import { ApiHostStore } from '../api-hosts/api-host-store';
import { SecretCipher } from '../secrets/secret-cipher';
import { apiHostSavedObjectType } from '../api-hosts/saved-object-type';
import { DEMO_HOST_ID, DemoMode, type DemoManagedApi, type DemoModeOptions } from './demo-mode';

const CREDENTIALS = { username: 'wazuh-wui', password: 'Demo-Password.1' };
const REAL_HOST = {
  id: 'prod',
  url: 'https://manager.example.org',
  port: 55000,
  username: 'api-user',
  password: 'Real-Password.1',
  run_as: false,
};

/** Stand-in for the simulator: each start gets the next port; starts and stops are counted. */
function fakeManagedApis() {
  let nextPort = 41000;
  const running = new Set<number>();
  const started: number[] = [];
  const start = async (): Promise<DemoManagedApi> => {
    const port = nextPort++;
    running.add(port);
    started.push(port);
    return {
      url: `http://127.0.0.1:${port}`,
      credentials: CREDENTIALS,
      stop: async () => void running.delete(port),
    };
  };
  return { start, running, started };
}

describe('DemoMode', () => {
  let savedObjects: TestSavedObjects;
  let hosts: ApiHostStore;
  let apis: ReturnType<typeof fakeManagedApis>;
  let logger: ReturnType<typeof createRecordingLogger>;
  const demos: DemoMode[] = [];

  function demoMode(
    setting: DemoModeOptions['setting'],
    overrides: Partial<DemoModeOptions> = {},
  ): DemoMode {
    const demo = new DemoMode({
      setting,
      hosts,
      startManagedApi: apis.start,
      logger,
      ...overrides,
    });
    demos.push(demo);
    return demo;
  }

  beforeEach(async () => {
    savedObjects = await startTestSavedObjects((setup) =>
      setup.registerType(apiHostSavedObjectType),
    );
    hosts = new ApiHostStore(
      savedObjects.start.createInternalRepository([API_HOST_SAVED_OBJECT_TYPE]),
      new SecretCipher(randomBytes(32)),
    );
    apis = fakeManagedApis();
    logger = createRecordingLogger();
  });
  afterEach(async () => {
    for (const demo of demos.splice(0)) await demo.stop();
    await savedObjects.cleanup();
  });

  describe('auto', () => {
    it('with no API host stored, starts the managed API and stores it as the demo host with an encrypted password', async () => {
      const outcome = await demoMode('auto').start();
      expect(outcome).toEqual({
        running: true,
        notice:
          'Demo mode: on — built-in managed API at http://127.0.0.1:41000 stored as host "demo"',
      });
      expect(await hosts.list()).toEqual([
        {
          id: DEMO_HOST_ID,
          url: 'http://127.0.0.1',
          port: 41000,
          username: 'wazuh-wui',
          run_as: true,
          tls_verify: true,
          demo: true,
          version: expect.any(String),
        },
      ]);
      expect((await hosts.resolve(DEMO_HOST_ID))?.readPassword()).toBe(CREDENTIALS.password);
      const raw = await savedObjects.start
        .createInternalRepository([API_HOST_SAVED_OBJECT_TYPE])
        .get(API_HOST_SAVED_OBJECT_TYPE, DEMO_HOST_ID);
      expect(JSON.stringify(raw)).not.toContain(CREDENTIALS.password);
      expect([...apis.running]).toEqual([41000]);
    });

    it('on a later start with only the demo host stored, points the demo host at the new port', async () => {
      const first = demoMode('auto');
      await first.start();
      await first.stop();
      const outcome = await demoMode('auto').start();
      expect(outcome.running).toBe(true);
      expect(await hosts.list()).toEqual([
        expect.objectContaining({ id: DEMO_HOST_ID, port: 41001, demo: true }),
      ]);
      expect([...apis.running]).toEqual([41001]);
    });

    it('with another API host stored, starts nothing and removes a demo host left from an earlier start', async () => {
      const first = demoMode('auto');
      await first.start();
      await first.stop();
      await hosts.create(REAL_HOST);
      const outcome = await demoMode('auto').start();
      expect(outcome).toEqual({
        running: false,
        notice: 'Demo mode: off (API hosts are stored; SVC_DEMO=true starts it anyway)',
      });
      expect((await hosts.list()).map((host) => host.id)).toEqual(['prod']);
      expect(apis.started).toEqual([41000]);
      expect(apis.running.size).toBe(0);
    });
  });

  describe('true', () => {
    it('starts the managed API even when other API hosts are stored', async () => {
      await hosts.create(REAL_HOST);
      const outcome = await demoMode(true).start();
      expect(outcome.running).toBe(true);
      expect((await hosts.list()).map((host) => [host.id, Boolean(host.demo)])).toEqual([
        ['demo', true],
        ['prod', false],
      ]);
      expect([...apis.running]).toEqual([41000]);
    });

    it('leaves a host of the user named "demo" alone and says why demo mode is off', async () => {
      await hosts.create({ ...REAL_HOST, id: DEMO_HOST_ID });
      const outcome = await demoMode(true).start();
      expect(outcome).toEqual({
        running: false,
        notice: 'Demo mode: off (API host "demo" is a host of yours)',
      });
      expect(await hosts.get(DEMO_HOST_ID)).toEqual(
        expect.objectContaining({ url: REAL_HOST.url, port: REAL_HOST.port }),
      );
      expect(await hosts.get(DEMO_HOST_ID)).not.toHaveProperty('demo');
      expect(apis.started).toEqual([]);
      expect(logger.records).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            level: 'warn',
            message: expect.stringContaining('is not the demo host'),
          }),
        ]),
      );
    });
  });

  describe('false', () => {
    it('starts nothing and touches no host, not even a demo host from an earlier start', async () => {
      const first = demoMode(true);
      await first.start();
      await first.stop();
      const before = await hosts.list();
      const outcome = await demoMode(false).start();
      expect(outcome).toEqual({ running: false, notice: 'Demo mode: off (SVC_DEMO=false)' });
      expect(await hosts.list()).toEqual(before);
      expect(apis.started).toEqual([41000]);
      expect(apis.running.size).toBe(0);
    });
  });

  it('stops the managed API with the plugin, and once the demo host is removed', async () => {
    const withPlugin = demoMode('auto');
    await withPlugin.start();
    await withPlugin.stop();
    expect(apis.running.size).toBe(0);

    await demoMode('auto').start();
    expect([...apis.running]).toEqual([41001]);
    await hosts.delete(DEMO_HOST_ID);
    await new Promise((resolve) => setImmediate(resolve));
    expect(apis.running.size).toBe(0);
    expect(logger.records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          message: 'Demo mode: the built-in managed API stopped (the demo host was removed).',
        }),
      ]),
    );
  });

  it('stops the managed API it started when the demo host cannot be stored', async () => {
    const failing: typeof hosts = Object.assign(Object.create(hosts) as ApiHostStore, {
      create: () => Promise.reject(new Error('database is read-only')),
    });
    await expect(demoMode('auto', { hosts: failing }).start()).rejects.toThrow(
      'database is read-only',
    );
    expect(apis.started).toEqual([41000]);
    expect(apis.running.size).toBe(0);
  });
});
