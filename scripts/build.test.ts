/**
 * What the server build compiles and copies: product sources only, never tests, spawned fixtures or
 * test helpers kept beside the code.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

const { listFiles, serverInputs, ROOT } = require('./build.js') as {
  listFiles(dir: string, keep: (file: string) => boolean): string[];
  serverInputs(): { compiled: string[]; copied: string[] };
  ROOT: string;
};

const TEST_ONLY = /(^|\/)(test-[^/]*|testing\.tsx?|[^/]*\.(test|fixture)\.tsx?)(\/|$)/;

describe('server build file selection', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-build-files-'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function write(...files: string[]): void {
    for (const file of files) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), '');
    }
  }

  it('keeps product modules and leaves out tests, fixtures and test helpers', () => {
    write(
      'server/plugin.ts',
      'server/services/logtest.ts',
      'public/view.tsx',
      'server/plugin.test.ts',
      'public/view.test.tsx',
      'server/crash-writer.fixture.ts',
      'server/test-support/fake-store.ts',
      'server/test-server.ts',
      'server/testing.ts',
      'server/types.d.ts',
    );
    const kept = listFiles(dir, () => true).map((file) => relative(dir, file));
    expect(kept.sort()).toEqual([
      'public/view.tsx',
      'server/plugin.ts',
      'server/services/logtest.ts',
    ]);
  });

  it('selects no test-only file of this repository', () => {
    const { compiled, copied } = serverInputs();
    const selected = [...compiled, ...copied].map((file) => relative(ROOT, file));
    expect(selected).toContain('host/server/cli.ts');
    expect(selected.filter((file) => TEST_ONLY.test(file) || file.startsWith('test/'))).toEqual([]);
  });
});
