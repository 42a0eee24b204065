/**
 * The login page of the real build loads React and its own form only: no EUI, none of its icons and
 * no plugin or app code, neither in the files the HTML names nor in anything those import, statically
 * or lazily.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBrowserBundles } from '../../e2e/support';
import { startTestDashboard, type TestDashboard } from '../harness';

const PUBLIC_DIR = join(__dirname, '..', '..', '..', 'build', 'public');
const LOGIN_SCRIPT_LIMIT = 4;

interface ManifestChunk {
  imports: string[];
  dynamicImports: string[];
  modules: string[];
}

interface Manifest {
  entries: Record<string, string>;
  chunks: Record<string, ManifestChunk>;
}

/** The files `files` reach through imports and `import()`, themselves included. */
function reachable(manifest: Manifest, files: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const chunk = manifest.chunks[file];
    [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])].forEach(visit);
  };
  files.forEach(visit);
  return [...seen];
}

/** `bundles/...` files the page's HTML names as scripts, module preloads and stylesheets. */
function referencedFiles(html: string, basePath: string): string[] {
  return [...html.matchAll(/(?:src|href)="([^"]+)"/g)]
    .map(([, url]) => url)
    .filter((url) => url.startsWith(`${basePath}/bundles/`))
    .map((url) => url.slice(basePath.length + 1));
}

jest.setTimeout(300_000);

let dashboard: TestDashboard;
let manifest: Manifest;

beforeAll(async () => {
  await ensureBrowserBundles();
  manifest = JSON.parse(readFileSync(join(PUBLIC_DIR, 'manifest.json'), 'utf8')) as Manifest;
  dashboard = await startTestDashboard();
});

afterAll(async () => {
  await dashboard?.stop();
});

it('names no EUI, icon, plugin or app chunk, and reaches none', async () => {
  const response = await dashboard.anonymous().get('/login');
  expect(response.status).toBe(200);
  const referenced = referencedFiles(
    response.text,
    new URL(dashboard.url).pathname.replace(/\/$/, ''),
  );
  const scripts = referenced.filter((file) => file.endsWith('.js'));
  expect(scripts).toContain(manifest.entries.login);
  expect(scripts.length).toBeLessThanOrEqual(LOGIN_SCRIPT_LIMIT);

  const loaded = reachable(manifest, scripts);
  expect(loaded).toEqual(expect.arrayContaining(scripts));
  expect(loaded.filter((file) => /vendor-eui|icons/.test(file))).toEqual([]);
  expect(loaded.filter((file) => file === manifest.entries.shell)).toEqual([]);
  const pluginModules = loaded.flatMap((file) =>
    (manifest.chunks[file]?.modules ?? []).filter((module) => module.startsWith('plugins/')),
  );
  expect(pluginModules).toEqual([]);
});
