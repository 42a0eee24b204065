/** Plugin discovery, ordering, lifecycle, configuration and route contexts, through a running dashboard. */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestDashboard, type TestDashboard } from '../harness';
import { lifecycleLog } from './fixtures/lifecycle-log';

// Real servers, scrypt hashing and a shared 2-core machine: generous limits, no timing assertions.
jest.setTimeout(60_000);

const FIXTURE_PLUGINS = join(__dirname, 'fixtures', 'plugins');

async function startFailure(options: Parameters<typeof startTestDashboard>[0]): Promise<string> {
  try {
    const dashboard = await startTestDashboard(options);
    await dashboard.stop();
  } catch (error) {
    return (error as Error).message;
  }
  return 'started';
}

describe('plugins in a running dashboard', () => {
  let dashboard: TestDashboard;

  beforeAll(async () => {
    lifecycleLog.length = 0;
    dashboard = await startTestDashboard({
      pluginsDir: FIXTURE_PLUGINS,
      config: { test_alpha: { greeting: 'bonjour' } },
    });
  });
  afterAll(async () => {
    await dashboard?.stop();
  });

  it('sets up and starts in dependency order, passing dependency contracts by id', () => {
    expect(lifecycleLog).toEqual([
      'setup:testAlpha',
      'setup:testBeta deps={"testAlpha":{"alphaSetup":true}}',
      'setup:testGamma',
      'start:testAlpha',
      'start:testBeta deps={"testAlpha":{"alphaStart":true}}',
      'start:testGamma',
    ]);
  });

  it('resolves getStartServices with the dependencies’ start contracts and the plugin’s own', async () => {
    const admin = await dashboard.login();
    expect((await admin.get('/api/test/beta/start-services')).json()).toEqual({
      depsStart: { testAlpha: { alphaStart: true } },
      own: { betaStart: true },
    });
  });

  it('shows each plugin core, its own contexts and its direct dependencies’ ones only', async () => {
    const admin = await dashboard.login();
    const alpha = (await admin.get('/api/test/alpha/context')).json<{
      contexts: string[];
      alpha: unknown;
      user: unknown;
    }>();
    expect(alpha).toEqual({
      contexts: ['alpha', 'core'],
      alpha: { greeting: 'bonjour', sawCore: true },
      user: { username: 'admin', roles: ['admin'] },
    });
    // beta's provider runs after alpha's and sees it, since testAlpha is a direct dependency of testBeta.
    expect((await admin.get('/api/test/beta/context')).json()).toEqual({
      contexts: ['alpha', 'beta', 'core'],
      beta: { sawAlpha: true },
    });
    // gamma depends on beta only: alpha's context is not visible (visibility is not transitive).
    expect((await admin.get('/api/test/gamma/context')).json()).toEqual({
      contexts: ['beta', 'core'],
    });
  });

  it('merges pre-response headers of plugins into every answer, errors included', async () => {
    const admin = await dashboard.login();
    for (const response of [
      await admin.get('/api/test/noop'),
      await admin.get('/api/test/throw'),
      await dashboard.anonymous().get('/api/test/noop'),
    ]) {
      expect(response.headers['x-test-gamma']).toBe('seen');
    }
  });

  it('logs through a plugins.<id> logger', () => {
    const record = dashboard
      .logs()
      .map((line) => JSON.parse(line))
      .find((entry) => entry.message === 'testAlpha set up with limit 3');
    expect(record.context).toBe('plugins.testAlpha');
  });

  it('stops plugins in reverse order', async () => {
    await dashboard.stop();
    expect(lifecycleLog.slice(-3)).toEqual(['stop:testGamma', 'stop:testBeta', 'stop:testAlpha']);
  });
});

describe('plugins that stop the start', () => {
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'svc-it-plugins-'));
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  async function fixtureCopy(
    name: string,
    change: (dir: string) => Promise<void>,
  ): Promise<string> {
    const dir = join(scratch, name);
    await cp(FIXTURE_PLUGINS, dir, { recursive: true });
    await change(dir);
    return dir;
  }

  it('names the manifest file and the field of an invalid manifest', async () => {
    const pluginsDir = await fixtureCopy('bad-manifest', (dir) =>
      writeFile(
        join(dir, 'gamma', 'opensearch_dashboards.json'),
        JSON.stringify({
          id: 'testGamma',
          version: '1.0.0',
          server: true,
          requiredPlugins: 'testBeta',
        }),
      ),
    );
    expect(await startFailure({ pluginsDir })).toBe(
      `Failed to initialize plugins:\n\tThe "requiredPlugins" in plugin manifest for "testGamma" should be an array of strings. (invalid_manifest, ${join(pluginsDir, 'gamma', 'opensearch_dashboards.json')})`,
    );
  });

  it('refuses unknown manifest keys', async () => {
    const pluginsDir = await fixtureCopy('unknown-key', (dir) =>
      writeFile(
        join(dir, 'gamma', 'opensearch_dashboards.json'),
        JSON.stringify({ id: 'testGamma', version: '1.0.0', server: true, kibanaVersion: '7.10' }),
      ),
    );
    expect(await startFailure({ pluginsDir })).toContain(
      'Manifest for plugin "testGamma" contains the following unrecognized properties: kibanaVersion.',
    );
  });

  it('names the plugins of a dependency cycle', async () => {
    const pluginsDir = await fixtureCopy('cycle', (dir) =>
      writeFile(
        join(dir, 'alpha', 'opensearch_dashboards.json'),
        JSON.stringify({
          id: 'testAlpha',
          version: '1.0.0',
          opensearchDashboardsVersion: 'opensearchDashboards',
          requiredPlugins: ['testGamma'],
          server: true,
        }),
      ),
    );
    expect(await startFailure({ pluginsDir })).toBe(
      'Topological ordering of plugins did not complete, these plugins have cyclic or missing dependencies: ["testAlpha","testBeta","testGamma"]',
    );
  });

  it('names the key of a bad plugin configuration value', async () => {
    expect(
      await startFailure({ pluginsDir: FIXTURE_PLUGINS, config: { test_alpha: { limit: 0 } } }),
    ).toBe(
      'Invalid configuration for plugin "testAlpha": [test_alpha.limit]: Value must be equal to or greater than [1].',
    );
  });

  it('drops a disabled plugin with the plugins that need it', async () => {
    const dashboard = await startTestDashboard({
      pluginsDir: FIXTURE_PLUGINS,
      config: { test_beta: { enabled: false } },
    });
    try {
      const status = (await (await dashboard.login()).get('/api/status')).json<{
        plugins: Record<string, unknown>;
      }>();
      expect(Object.keys(status.plugins)).toEqual(['testAlpha']);
      expect(dashboard.logs().join('\n')).toContain(
        'Plugin \\"testGamma\\" has been disabled since the following direct or transitive dependencies are missing or disabled: [testBeta]',
      );
    } finally {
      await dashboard.stop();
    }
  });

  it('stops a start that hangs in a plugin after the time limit', async () => {
    const pluginsDir = join(scratch, 'hanging');
    await mkdir(join(pluginsDir, 'slow', 'server'), { recursive: true });
    await writeFile(
      join(pluginsDir, 'slow', 'opensearch_dashboards.json'),
      JSON.stringify({ id: 'testSlow', version: '1.0.0', server: true }),
    );
    await writeFile(
      join(pluginsDir, 'slow', 'server', 'index.js'),
      'exports.plugin = () => ({ setup() { return new Promise(() => undefined); }, start() {} });\n',
    );
    expect(await startFailure({ pluginsDir, lifecycleTimeoutMs: 300 })).toBe(
      `Setup lifecycle of "testSlow" plugin wasn't completed in 0.3sec. Consider disabling the plugin and re-start.`,
    );
  });
});
