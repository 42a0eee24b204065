import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { HttpService } from '../http';
import { createRecordingLogger } from '../logging/test-recording-logger';
import type { CoreStart, LoggerFactory } from '../types';
import { PluginsService, type PluginsServiceOptions } from './plugins-service';
import type { InternalCoreSetup } from './plugin-context';

const SCHEMA_MODULE = JSON.stringify(resolve(__dirname, '../../schema'));

interface FixturePlugin {
  manifest: Record<string, unknown>;
  /** Body of server/index.js; `record(event)` pushes to the shared event list. */
  server?: string;
}

declare global {
  var pluginEvents: unknown[];
}

/** A plugin that records its lifecycle and returns `<id>-setup` / `<id>-start` contracts. */
function recordingPlugin(
  id: string,
  manifest: Record<string, unknown> = {},
  extra = '',
): FixturePlugin {
  return {
    manifest: { id, version: '1.0.0', server: true, ...manifest },
    server: `
      const record = (event) => globalThis.pluginEvents.push(event);
      ${extra}
      exports.plugin = (context) => {
        record({ id: '${id}', phase: 'init', context });
        return {
          setup(core, deps) { record({ id: '${id}', phase: 'setup', deps, core }); return '${id}-setup'; },
          start(core, deps) { record({ id: '${id}', phase: 'start', deps }); return '${id}-start'; },
          stop() { record({ id: '${id}', phase: 'stop' }); },
        };
      };`,
  };
}

async function writePlugins(root: string, plugins: Record<string, FixturePlugin>): Promise<void> {
  for (const [folder, { manifest, server }] of Object.entries(plugins)) {
    await mkdir(join(root, folder, 'server'), { recursive: true });
    await writeFile(
      join(root, folder, 'opensearch_dashboards.json'),
      typeof manifest === 'string' ? manifest : JSON.stringify(manifest),
    );
    if (server !== undefined) await writeFile(join(root, folder, 'server', 'index.js'), server);
  }
}

describe('PluginsService', () => {
  let root: string;
  const logger = createRecordingLogger();
  const loggers: LoggerFactory = {
    redactSecrets: (text) => text,
    get: (...parts) => Object.assign(Object.create(logger), { context: parts.join('.') }),
  };
  const coreStart = { marker: 'coreStart' } as unknown as CoreStart;

  function coreSetup(): InternalCoreSetup {
    return {
      http: new HttpService(
        { host: '127.0.0.1', port: 0, basePath: '', maxPayloadBytes: 1024 },
        logger,
      ).setup(),
      savedObjects: { registerType: () => undefined },
      uiSettings: { register: () => undefined },
      security: { getCurrentUser: () => null },
    };
  }

  async function service(
    plugins: Record<string, FixturePlugin>,
    options: Partial<PluginsServiceOptions> = {},
  ): Promise<PluginsService> {
    const pluginsDir = join(root, `case-${Math.random().toString(36).slice(2)}`);
    await mkdir(pluginsDir);
    await writePlugins(pluginsDir, plugins);
    return new PluginsService({
      pluginsDir,
      hostVersion: '1.0.0',
      env: {
        mode: { name: 'development', dev: true, prod: false },
        packageInfo: { version: '1.0.0', branch: 'main', buildNum: 0, buildSha: '', dist: false },
        instanceUuid: 'u',
      },
      loggers,
      pluginConfig: {},
      dataDir: '/data/dir',
      lifecycleTimeoutMs: 1000,
      ...options,
    });
  }

  async function failure(run: () => Promise<unknown>): Promise<string> {
    try {
      await run();
    } catch (error) {
      return (error as Error).message;
    }
    return 'no error';
  }

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'svc-plugins-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));
  beforeEach(() => {
    globalThis.pluginEvents = [];
  });

  it('sets up and starts in dependency order, passes contracts by id and stops in reverse', async () => {
    const plugins = await service({
      z_first: recordingPlugin('alpha'),
      a_second: recordingPlugin('beta', {
        requiredPlugins: ['alpha'],
        optionalPlugins: ['gamma', 'absent'],
      }),
      m_third: recordingPlugin('gamma'),
      uiOnly: { manifest: { id: 'delta', version: '1.0.0', ui: true } },
    });
    await plugins.discover();
    const setupContracts = await plugins.setup(coreSetup());
    const startContracts = await plugins.start(coreStart);
    await plugins.stop();
    const events = globalThis.pluginEvents as Array<{ id: string; phase: string; deps?: unknown }>;
    expect(events.map(({ id, phase }) => `${phase}:${id}`)).toEqual([
      'init:gamma',
      'setup:gamma',
      'init:alpha',
      'setup:alpha',
      'init:beta',
      'setup:beta',
      'start:gamma',
      'start:alpha',
      'start:beta',
      'stop:beta',
      'stop:alpha',
      'stop:gamma',
    ]);
    expect(events.find((event) => event.id === 'beta' && event.phase === 'setup')?.deps).toEqual({
      alpha: 'alpha-setup',
      gamma: 'gamma-setup',
    });
    expect(events.find((event) => event.id === 'beta' && event.phase === 'start')?.deps).toEqual({
      alpha: 'alpha-start',
      gamma: 'gamma-start',
    });
    expect([...setupContracts.keys()]).toEqual(['gamma', 'alpha', 'beta']);
    expect(startContracts.get('beta')).toBe('beta-start');
    expect(plugins.uiPlugins()).toEqual([
      {
        id: 'delta',
        requiredPlugins: [],
        optionalPlugins: [],
        requiredBundles: [],
        browserConfig: {},
      },
    ]);
  });

  it('gives each plugin its initializer context and resolves getStartServices after its start', async () => {
    const plugins = await service({
      one: recordingPlugin(
        'one',
        { configPath: ['custom', 'path'] },
        `exports.config = { schema: require(${SCHEMA_MODULE}).schema.object({ size: require(${SCHEMA_MODULE}).schema.number({ defaultValue: 5 }), label: require(${SCHEMA_MODULE}).schema.string({ defaultValue: 'x' }) }), exposeToBrowser: { label: true } };`,
      ),
    });
    await plugins.discover();
    await plugins.setup(coreSetup());
    const setupEvent = (
      globalThis.pluginEvents as Array<{ phase: string; context: never; core: never }>
    ).find((event) => event.phase === 'setup')!;
    const init = (globalThis.pluginEvents as Array<{ phase: string; context: unknown }>).find(
      (event) => event.phase === 'init',
    )!.context as {
      opaqueId: symbol;
      env: { instanceUuid: string };
      config: { get(): unknown; legacy: { globalConfig: unknown } };
      paths: { data: string };
      logger: LoggerFactory;
    };
    expect(typeof init.opaqueId).toBe('symbol');
    expect(init.env.instanceUuid).toBe('u');
    expect(init.config.get()).toEqual({ size: 5, label: 'x' });
    expect(init.paths.data).toBe('/data/dir');
    expect(init.config.legacy.globalConfig).toEqual({ path: { data: '/data/dir' } });
    expect(Object.isFrozen(init.config.legacy.globalConfig)).toBe(true);
    expect((init.logger.get('routes') as unknown as { context: string }).context).toBe(
      'plugins.one.routes',
    );
    expect(plugins.uiPlugins()).toEqual([]);
    const core = (
      setupEvent as {
        core: { getStartServices(): Promise<unknown[]>; http: { createRouter(): unknown } };
      }
    ).core;
    expect(core.http.createRouter()).toBe(core.http.createRouter());
    let resolved: unknown[] | undefined;
    void core.getStartServices().then((value) => (resolved = value));
    await new Promise((resolveLater) => setImmediate(resolveLater));
    expect(resolved).toBeUndefined();
    await plugins.start(coreStart);
    await new Promise((resolveLater) => setImmediate(resolveLater));
    expect(resolved).toEqual([coreStart, {}, 'one-start']);
  });

  it('validates plugin config with the exported schema and names the key', async () => {
    const plugins = await service(
      {
        one: recordingPlugin(
          'svcThing',
          {},
          `exports.config = { schema: require(${SCHEMA_MODULE}).schema.object({ timeout: require(${SCHEMA_MODULE}).schema.number() }) };`,
        ),
      },
      { pluginConfig: { svc_thing: { timeout: 'soon' } } },
    );
    expect(await failure(() => plugins.discover())).toBe(
      'Invalid configuration for plugin "svcThing": [svc_thing.timeout]: expected value of type [number] but got [string]',
    );
  });

  it('reads a key the plugin renamed under its old name, with one warning naming both in full', async () => {
    const configModule = `const { schema } = require(${SCHEMA_MODULE});
      exports.config = {
        schema: schema.object({ limits: schema.object({ timeout: schema.number({ defaultValue: 1 }) }) }),
        renames: [{ from: 'timeout', to: 'limits.timeout' }],
      };`;
    const plugins = await service(
      { one: recordingPlugin('svcThing', {}, configModule) },
      { pluginConfig: { svc_thing: { timeout: 7 } } },
    );
    await plugins.discover();
    await plugins.setup(coreSetup());
    const init = (
      globalThis.pluginEvents as Array<{ phase: string; context: { config: { get(): unknown } } }>
    ).find((event) => event.phase === 'init');
    expect(init?.context.config.get()).toEqual({ limits: { timeout: 7 } });
    expect(logger.records.map((record) => record.message)).toContain(
      'Config key [svc_thing.timeout] is deprecated: use [svc_thing.limits.timeout]',
    );
  });

  it('refuses configuration for a plugin without a schema', async () => {
    const plugins = await service(
      { one: recordingPlugin('plain') },
      { pluginConfig: { plain: { colour: 'red' } } },
    );
    expect(await failure(() => plugins.discover())).toBe(
      'Plugin "plain" does not accept configuration, but [plain] sets: colour.',
    );
  });

  it('drops a disabled plugin and the plugins that require it', async () => {
    const plugins = await service(
      {
        a: recordingPlugin('base'),
        b: recordingPlugin('middle', { requiredPlugins: ['base'] }),
        c: recordingPlugin('top', { requiredPlugins: ['middle'] }),
        d: recordingPlugin('other'),
      },
      { pluginConfig: { base: { enabled: false } } },
    );
    await plugins.discover();
    await plugins.setup(coreSetup());
    expect(
      (globalThis.pluginEvents as Array<{ phase: string; id: string }>)
        .filter((event) => event.phase === 'setup')
        .map((event) => event.id),
    ).toEqual(['other']);
    expect(logger.records.map((record) => record.message)).toEqual(
      expect.arrayContaining([
        'Plugin "base" is disabled.',
        'Plugin "middle" has been disabled since the following direct or transitive dependencies are missing or disabled: [base]',
        'Plugin "top" has been disabled since the following direct or transitive dependencies are missing or disabled: [middle]',
      ]),
    );
  });

  it('stops the start on cycles and missing required plugins, naming them', async () => {
    const cyclic = await service({
      a: recordingPlugin('a', { requiredPlugins: ['b'] }),
      b: recordingPlugin('b', { requiredPlugins: ['a'] }),
    });
    expect(await failure(() => cyclic.discover())).toBe(
      'Topological ordering of plugins did not complete, these plugins have cyclic or missing dependencies: ["a","b"]',
    );
    const missing = await service({ a: recordingPlugin('a', { requiredPlugins: ['ghost'] }) });
    expect(await failure(() => missing.discover())).toContain('["a"]');
  });

  it('reports every invalid manifest at once, each naming its file', async () => {
    const plugins = await service({
      broken: { manifest: '{ not json' as never },
      unknown: { manifest: { id: 'x', version: '1.0.0', server: true, colour: 'red' } },
      dupA: recordingPlugin('same'),
      dupB: recordingPlugin('same'),
      bundles: {
        manifest: { id: 'needsBundle', version: '1.0.0', ui: true, requiredBundles: ['nowhere'] },
      },
    });
    const message = await failure(() => plugins.discover());
    const lines = message.split('\n');
    expect(lines[0]).toBe('Failed to initialize plugins:');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        /^\tPlugin manifest must contain a JSON encoded object\. \(invalid_manifest, .*broken\/opensearch_dashboards\.json\)$/,
      ),
      expect.stringMatching(
        /^\tPlugin with id "same" is already registered! \(duplicate_id, .*dupB\/opensearch_dashboards\.json\)$/,
      ),
      expect.stringMatching(
        /^\tManifest for plugin "x" contains the following unrecognized properties: colour\. \(invalid_manifest, .*unknown\//,
      ),
      expect.stringMatching(/^\tPlugin "needsBundle" lists "nowhere" in "requiredBundles"/),
    ]);
  });

  it.each([
    [
      'no plugin export',
      'exports.other = 1;',
      /^Plugin "bad" does not export "plugin" definition \(.*server\)\.$/,
    ],
    [
      'non-function plugin',
      'exports.plugin = 5;',
      /^Definition of plugin "bad" should be a function/,
    ],
    [
      'a module that fails to load',
      'throw new Error("missing dependency");',
      /^Plugin "bad" could not be loaded from .*server: missing dependency$/,
    ],
    [
      'bad config export',
      'exports.plugin = () => ({ setup() {}, start() {} }); exports.config = { schema: {} };',
      /^Configuration schema expected to be an instance of Type/,
    ],
  ])('refuses a server module with %s', async (_case, server, message) => {
    const plugins = await service({
      bad: { manifest: { id: 'bad', version: '1.0.0', server: true }, server },
    });
    expect(await failure(() => plugins.discover())).toMatch(message);
  });

  it.each([
    [
      'a non-object instance',
      'exports.plugin = () => 42;',
      'Initializer for plugin "bad" is expected to return plugin instance, but returned "number".',
    ],
    [
      'no setup',
      'exports.plugin = () => ({ start() {} });',
      'Instance of plugin "bad" does not define "setup" function.',
    ],
    [
      'a throwing setup',
      'exports.plugin = () => ({ setup() { throw new Error("no database"); }, start() {} });',
      'Setup of plugin "bad" failed: no database',
    ],
    [
      'a hanging setup',
      'exports.plugin = () => ({ setup() { return new Promise(() => {}); }, start() {} });',
      `Setup lifecycle of "bad" plugin wasn't completed in 0.2sec. Consider disabling the plugin and re-start.`,
    ],
  ])('stops the setup on %s', async (_case, server, message) => {
    const plugins = await service(
      { bad: { manifest: { id: 'bad', version: '1.0.0', server: true }, server } },
      { lifecycleTimeoutMs: 200 },
    );
    await plugins.discover();
    expect(await failure(() => plugins.setup(coreSetup()))).toBe(message);
  });

  it('limits the time of start', async () => {
    const plugins = await service(
      {
        slow: {
          manifest: { id: 'slow', version: '1.0.0', server: true },
          server:
            'exports.plugin = () => ({ setup() {}, start() { return new Promise(() => {}); } });',
        },
      },
      { lifecycleTimeoutMs: 200 },
    );
    await plugins.discover();
    await plugins.setup(coreSetup());
    expect(await failure(() => plugins.start(coreStart))).toBe(
      `Start lifecycle of "slow" plugin wasn't completed in 0.2sec. Consider disabling the plugin and re-start.`,
    );
    expect(plugins.statuses()).toEqual({
      slow: { state: 'unavailable', summary: 'Not running (set up)' },
    });
  });
});
