import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { HOST_ID, leakedSecrets, startMainTestEnv, type MainTestEnv } from './support';

// Starting a dashboard and a simulator takes a while on a loaded machine.
jest.setTimeout(60_000);

const REPO = resolve(__dirname, '..', '..', '..');

/**
 * A plugins folder with the product's two plugins and this file's fixture plugins. Each entry is a
 * folder with the plugin's manifest and a server module re-exporting the real one (plugin discovery
 * only looks at real folders, and the plugins' relative imports must keep pointing into the repository).
 */
function pluginsWithFixtures(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-plugins-'));
  const sources = {
    main: join(REPO, 'plugins', 'main'),
    'check-updates': join(REPO, 'plugins', 'check-updates'),
    svcProbe: join(__dirname, 'fixtures', 'plugins', 'svcProbe'),
  };
  for (const [name, source] of Object.entries(sources)) {
    mkdirSync(join(dir, name, 'server'), { recursive: true });
    copyFileSync(
      join(source, 'opensearch_dashboards.json'),
      join(dir, name, 'opensearch_dashboards.json'),
    );
    writeFileSync(
      join(dir, name, 'server', 'index.ts'),
      `export * from ${JSON.stringify(join(source, 'server'))};\n`,
    );
  }
  return dir;
}

describe('svc plugin lifecycle: context and start contract', () => {
  let env: MainTestEnv;
  let pluginsDir: string;

  beforeAll(async () => {
    pluginsDir = pluginsWithFixtures();
    env = await startMainTestEnv({ dashboard: { pluginsDir } });
  });
  afterAll(async () => {
    expect(leakedSecrets(env)).toEqual([]);
    await env.stop();
    rmSync(pluginsDir, { recursive: true, force: true });
  });

  it('gives other plugins the svc context: internal user and run_as for the current user', async () => {
    const asUser = await env.user.get(`/api/test/svc-context/${HOST_ID}`);
    expect(asUser.status).toBe(200);
    expect(asUser.json()).toEqual({ internal: ['administrator'], current: ['readonly'] });
    const asAdmin = await env.admin.get(`/api/test/svc-context/${HOST_ID}`);
    expect(asAdmin.json()).toEqual({ internal: ['administrator'], current: ['administrator'] });
    expect(
      env.dashboard
        .logs()
        .some(
          (line) =>
            line.includes('svc context used by the probe') && line.includes('plugins.svc.routes'),
        ),
    ).toBe(true);
  });

  it('gives dependent plugins the start contract', async () => {
    const response = await env.user.get(`/api/test/svc-start/${HOST_ID}`);
    expect(response.json()).toEqual({ hosts: [HOST_ID], known: true, current: ['readonly'] });
  });

  it('sets X-Frame-Options on every response, errors and other plugins included', async () => {
    for (const response of [
      await env.user.get(`/api/test/svc-start/${HOST_ID}`),
      await env.user.get('/no/such/route'),
      await env.dashboard.anonymous().get('/api/status'),
    ]) {
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });
});

describe('svc plugin settings and logs', () => {
  let env: MainTestEnv;

  beforeAll(async () => {
    env = await startMainTestEnv({ dashboard: { env: { SVC_LOG_LEVEL: 'debug' } } });
  });
  afterAll(async () => {
    expect(leakedSecrets(env)).toEqual([]);
    await env.stop();
  });

  it('declares the usage-counts setting, off by default and changed only by admins', async () => {
    const path = '/api/opensearch-dashboards/settings';
    const declared = (await env.user.get(path)).json<{
      settings: Record<string, { value?: unknown; userValue?: unknown }>;
    }>();
    expect(declared.settings['svc:telemetry.enabled'].value).toBe(false);
    const byUser = await env.user.post(`${path}/svc:telemetry.enabled`, { body: { value: true } });
    expect(byUser.status).toBe(403);
    const byAdmin = await env.admin.post(`${path}/svc:telemetry.enabled`, {
      body: { value: true },
    });
    expect(byAdmin.status).toBe(200);
    const wrongType = await env.admin.post(`${path}/svc:telemetry.enabled`, {
      body: { value: 'yes' },
    });
    expect(wrongType.status).toBe(400);
  });

  it('never logs passwords or tokens, even at debug level', async () => {
    await env.admin.post('/api/request', {
      body: { id: HOST_ID, method: 'GET', path: '/agents?limit=1' },
    });
    await env.user.post('/api/login', { body: { idHost: HOST_ID, force: true } });
    await env.admin.post('/api/check-stored-api', { body: { id: HOST_ID } });
    const logs = env.dashboard.logs();
    expect(logs.some((line) => line.includes('GET /agents?limit=1 answered 200'))).toBe(true);
    expect(logs.filter((line) => /eyJ[\w-]+\.[\w-]+/.test(line))).toEqual([]);
  });
});
