/**
 * The browser build with a small fixture plugin: hashed entries and their manifest, the plugin's
 * registration in `window.__osdBundles__`, an app's code in its own lazy chunk, and the staleness
 * check `npm start` relies on.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const { staleReason } = require('./build-browser.js') as {
  staleReason(options: { outDir: string; pluginsDir: string; mode?: string }): string | null;
};

const FIXTURE_PLUGINS = join(__dirname, '..', 'test', 'e2e', 'support', 'fixtures', 'plugins');
const FIXTURE_APP = 'test/e2e/support/fixtures/plugins/shell-fixture/public/apps/fixture-app.tsx';

interface Manifest {
  entries: Record<string, string>;
  chunks: Record<string, { imports: string[]; dynamicImports: string[]; modules: string[] }>;
}

describe('browser build', () => {
  let outDir: string;
  let manifest: Manifest;

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'svc-browser-build-'));
    await promisify(execFile)(process.execPath, [
      join(__dirname, 'build-browser.js'),
      '--out',
      outDir,
      '--plugins',
      FIXTURE_PLUGINS,
    ]);
    manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
  }, 300_000);

  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('writes hashed entries for the login page, the shell and each UI plugin', () => {
    expect(Object.keys(manifest.entries).sort()).toEqual(['login', 'plugin-shellFixture', 'shell']);
    expect(manifest.entries.login).toMatch(/^bundles\/login-[\w-]{8}\.js$/);
    expect(manifest.entries.shell).toMatch(/^bundles\/shell-[\w-]{8}\.js$/);
    expect(manifest.entries['plugin-shellFixture']).toMatch(
      /^bundles\/plugin-shellFixture-[\w-]{8}\.js$/,
    );
  });

  it('registers the plugin where the shell reads it', () => {
    const entry = readFileSync(join(outDir, manifest.entries['plugin-shellFixture']), 'utf8');
    expect(entry).toContain('plugin/shellFixture/public');
    expect(entry).toContain('__osdBundles__');
  });

  it("puts an app's code in its own lazily loaded chunk, and React in a shared one", () => {
    const entry = manifest.chunks[manifest.entries['plugin-shellFixture']];
    expect(entry.modules).not.toContain(FIXTURE_APP);
    const appChunks = entry.dynamicImports.filter((file) =>
      manifest.chunks[file]?.modules.includes(FIXTURE_APP),
    );
    expect(appChunks).toHaveLength(1);
    const shared = Object.keys(manifest.chunks).filter((file) => /vendor-react-/.test(file));
    expect(shared).toHaveLength(1);
    expect(manifest.chunks[manifest.entries.shell].imports).toContain(shared[0]);
  });

  it("writes a few dozen script files, EUI's icons grouped in a handful of chunks", () => {
    const scripts = readdirSync(join(outDir, 'bundles'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => file.replace(/\\/g, '/'));
    // EUI's icon map reaches about 520 icon modules: one file each would be over 500 files. Grouped,
    // they are one chunk of the icons the code names plus 8 of the others, so no page loads the set.
    const iconChunks = scripts.filter((file) => /^chunks\/icons-/.test(file));
    expect(iconChunks.filter((file) => /^chunks\/icons-[\w-]{8}\.js$/.test(file))).toHaveLength(1);
    expect(iconChunks.length).toBeLessThanOrEqual(1 + 8);
    // Bound: the 9 icon chunks, the entries, the vendor chunks and the fixture's app and shell chunks
    // (18 today) with room to grow, and far below a file per module.
    expect(scripts.length).toBeLessThanOrEqual(30);
  });

  it('is up to date right after a build, and stale when a source or the mode changes', () => {
    const options = { outDir, pluginsDir: FIXTURE_PLUGINS };
    expect(staleReason(options)).toBeNull();
    expect(staleReason({ ...options, mode: 'development' })).toBe(
      'the last build was for production',
    );

    const stampFile = join(outDir, 'build-stamp.json');
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    expect(Object.keys(stamp.sources)).toContain(FIXTURE_APP);
    writeFileSync(
      stampFile,
      JSON.stringify({
        ...stamp,
        sources: { ...stamp.sources, [FIXTURE_APP]: 'hash of an older version' },
      }),
    );
    expect(staleReason(options)).toBe(`${FIXTURE_APP} changed`);
  });
});
