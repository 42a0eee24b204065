/**
 * The browser build finds its UI plugins through the server's own plugin discovery, so a manifest
 * the server would refuse fails the build with the same message, and a valid one gives its entry.
 * The build script runs in a child process, as it does under `npm run build`.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What `validatedUiPlugins` resolves with for `pluginsDir`, or the message it rejects with. */
async function uiPlugins(pluginsDir: string): Promise<unknown> {
  const script = `
    require(${JSON.stringify(join(__dirname, 'build-browser.js'))})
      .validatedUiPlugins(${JSON.stringify(pluginsDir)})
      .then((plugins) => process.stdout.write(JSON.stringify({ plugins })))
      .catch((error) => process.stdout.write(JSON.stringify({ error: error.message })));
  `;
  const { stdout } = await run(process.execPath, ['-e', script]);
  return JSON.parse(stdout);
}

function plugin(root: string, folder: string, manifest: Record<string, unknown>): string {
  const dir = join(root, folder);
  mkdirSync(join(dir, 'public'), { recursive: true });
  writeFileSync(join(dir, 'opensearch_dashboards.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'public', 'index.ts'), 'export function plugin() {}\n');
  return dir;
}

describe('UI plugins of the browser build', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'svc-ui-plugins-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('are the plugins with a browser part, with the file their bundle starts from', async () => {
    const dir = plugin(root, 'probe', { id: 'probe', version: '1.0.0', ui: true });
    plugin(root, 'server-only', { id: 'serverOnly', version: '1.0.0', server: true });
    expect(await uiPlugins(root)).toEqual({
      plugins: [
        {
          id: 'probe',
          entry: join(dir, 'public', 'index.ts'),
          manifestPath: join(dir, 'opensearch_dashboards.json'),
        },
      ],
    });
  }, 30_000);

  it('refuse a manifest the server refuses, with its message', async () => {
    plugin(root, 'probe', { id: 'probe', version: '1.0.0', ui: true, uiExtras: true });
    plugin(root, 'needy', {
      id: 'needy',
      version: '1.0.0',
      ui: true,
      requiredBundles: ['absent'],
    });
    const { error } = (await uiPlugins(root)) as { error: string };
    expect(error).toContain(
      'Manifest for plugin "probe" contains the following unrecognized properties: uiExtras.',
    );
    expect(error).toContain('Plugin "needy" lists "absent" in "requiredBundles"');
  }, 30_000);
});
