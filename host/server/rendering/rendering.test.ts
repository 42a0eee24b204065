import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORE_OWNER } from '../http';
import { startTestHttpServer, type TestHttpServer } from '../http/test-utils';
import type { InjectedMetadata } from '../../common/injected-metadata';
import { registerRendering, type UiPluginInfo } from '.';

const MANIFEST = {
  entries: {
    shell: 'bundles/shell-Ab12Cd34.js',
    login: 'bundles/login-Zz12Yy34.js',
    'plugin-svc': 'bundles/plugin-svc-Ef56Gh78.js',
    'plugin-svcCheckUpdates': 'bundles/plugin-svcCheckUpdates-Ij90Kl12.js',
  },
  chunks: {
    'bundles/shell-Ab12Cd34.js': {
      imports: ['bundles/chunks/vendor-react-Mn34Op56.js'],
      dynamicImports: [],
      css: [],
    },
    'bundles/login-Zz12Yy34.js': {
      imports: ['bundles/chunks/vendor-react-Mn34Op56.js'],
      dynamicImports: [],
      css: ['bundles/assets/login-Cd90Ef12.css'],
    },
    'bundles/plugin-svc-Ef56Gh78.js': {
      imports: ['bundles/chunks/vendor-react-Mn34Op56.js', 'bundles/chunks/shared-Qr78St90.js'],
      dynamicImports: ['bundles/chunks/agents-Uv12Wx34.js'],
      css: [],
    },
    'bundles/plugin-svcCheckUpdates-Ij90Kl12.js': {
      imports: ['bundles/chunks/shared-Qr78St90.js'],
      dynamicImports: [],
      css: ['bundles/assets/updates-Yz56Ab78.css'],
    },
    'bundles/chunks/vendor-react-Mn34Op56.js': { imports: [], dynamicImports: [], css: [] },
    'bundles/chunks/shared-Qr78St90.js': { imports: [], dynamicImports: [], css: [] },
    'bundles/chunks/agents-Uv12Wx34.js': { imports: [], dynamicImports: [], css: [] },
  },
};

const UI_PLUGINS: UiPluginInfo[] = [
  {
    id: 'svc',
    requiredPlugins: [],
    optionalPlugins: ['notifications'],
    browserConfig: { telemetry: { enabled: false } },
  },
  {
    id: 'svcCheckUpdates',
    requiredPlugins: ['svc', 'serverOnly'],
    optionalPlugins: [],
    browserConfig: {},
  },
];

function metadataOf(html: string): InjectedMetadata {
  const match = /<script type="application\/json" id="osd-injected-metadata">(.*?)<\/script>/s.exec(
    html,
  );
  if (!match) throw new Error('no metadata block');
  return JSON.parse(match[1]) as InjectedMetadata;
}

describe('rendering', () => {
  let publicDir: string;
  let server: TestHttpServer;
  const alice = { authorization: 'user alice' };

  async function start(basePath = '', withBundles = true): Promise<void> {
    publicDir = mkdtempSync(join(tmpdir(), 'svc-rendering-'));
    if (withBundles) {
      mkdirSync(join(publicDir, 'bundles'), { recursive: true });
      writeFileSync(join(publicDir, 'manifest.json'), JSON.stringify(MANIFEST));
      writeFileSync(join(publicDir, 'bundles', 'shell-Ab12Cd34.js'), 'console.log("shell")');
    }
    server = await startTestHttpServer(
      (http) =>
        registerRendering(http, {
          owner: CORE_OWNER,
          version: '1.2.3',
          mode: 'production',
          getUiPlugins: () => UI_PLUGINS,
          publicDir,
        }),
      { basePath },
    );
  }

  afterEach(async () => {
    await server.stop();
    rmSync(publicDir, { recursive: true, force: true });
  });

  it('renders an app page with the ordered UI plugins, their UI dependencies and browser config', async () => {
    await start();
    const response = await fetch(`${server.url}/app/agents/details?x=1`, { headers: alice });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(metadataOf(html)).toEqual({
      page: 'app',
      version: '1.2.3',
      basePath: '',
      mode: 'production',
      uiPlugins: [
        {
          id: 'svc',
          requiredPlugins: [],
          optionalPlugins: [],
          config: { telemetry: { enabled: false } },
          bundleUrl: '/bundles/plugin-svc-Ef56Gh78.js',
        },
        {
          id: 'svcCheckUpdates',
          requiredPlugins: ['svc'],
          optionalPlugins: [],
          config: {},
          bundleUrl: '/bundles/plugin-svcCheckUpdates-Ij90Kl12.js',
        },
      ],
    });
    expect(html).toContain('<script type="module" src="/bundles/shell-Ab12Cd34.js"></script>');
    expect(html).toContain('<link rel="modulepreload" href="/bundles/chunks/shared-Qr78St90.js">');
    expect(html).not.toContain('agents-Uv12Wx34');
    expect(html).toContain('<link rel="stylesheet" href="/bundles/assets/updates-Yz56Ab78.css">');
    expect(html.match(/<script(?! type="module" src=| type="application\/json")/g)).toBeNull();
  });

  it('sends unauthenticated app pages to the login page with the way back', async () => {
    await start('/svc');
    const response = await fetch(`${server.url}/app/agents?q=status%3Dactive`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      `/svc/login?next=${encodeURIComponent('/svc/app/agents?q=status%3Dactive')}`,
    );
  });

  it('renders the login page without plugins, and sends logged-in users on', async () => {
    await start('/svc');
    const login = await fetch(`${server.url}/login?next=%2Fsvc%2Fapp%2Frules`);
    expect(login.status).toBe(200);
    const html = await login.text();
    expect(metadataOf(html)).toMatchObject({ page: 'login', basePath: '/svc', uiPlugins: [] });
    // The login page's own entry, React and its stylesheet: neither the shell nor any plugin.
    expect(html).toContain('<script type="module" src="/svc/bundles/login-Zz12Yy34.js">');
    expect(html).toContain('href="/svc/bundles/chunks/vendor-react-Mn34Op56.js"');
    expect(html).toContain('href="/svc/bundles/assets/login-Cd90Ef12.css"');
    expect(html).not.toMatch(/shell-|plugin-svc|shared-/);

    const loggedIn = await fetch(`${server.url}/login?next=%2Fsvc%2Fapp%2Frules`, {
      headers: alice,
      redirect: 'manual',
    });
    expect(loggedIn.headers.get('location')).toBe('/svc/app/rules');
    const elsewhere = await fetch(`${server.url}/login?next=https%3A%2F%2Fevil.example`, {
      headers: alice,
      redirect: 'manual',
    });
    expect(elsewhere.headers.get('location')).toBe('/svc/app');
  });

  it('redirects the root to the apps', async () => {
    await start('/svc');
    const response = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/svc/app');
  });

  it('serves bundles with a one-year immutable cache', async () => {
    await start('/svc');
    const response = await fetch(`${server.url}/bundles/shell-Ab12Cd34.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('console.log("shell")');
  });

  it('answers 503 naming the build command when the bundles are missing', async () => {
    await start('', false);
    const response = await fetch(`${server.url}/login`);
    expect(response.status).toBe(503);
    expect((await response.json()).message).toMatch(/browser bundles are missing .*npm run build/);
  });
});
