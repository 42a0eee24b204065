/**
 * What the server build compiles and copies: product sources only, never tests, spawned fixtures or
 * test helpers kept beside the code.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

const { compileServerFiles, listFiles, serverInputs, ROOT } = require('./build.js') as {
  compileServerFiles(inputs: {
    compiled: string[];
    copied: string[];
    outDir: string;
  }): Promise<void>;
  listFiles(dir: string, keep: (file: string) => boolean): string[];
  serverInputs(): { compiled: string[]; copied: string[] };
  ROOT: string;
};

const TEST_ONLY = /(^|\/)(test-[^/]*|testing\.[jt]sx?|[^/]*\.(test|fixture)\.[jt]sx?)(\/|$)/;

/**
 * Test support that escaped the naming rule: a suite (jest globals) or a module reaching into test/.
 * Product code never calls these, so finding one means a test helper needs a test-support name.
 */
const TEST_CODE =
  /^\s*(describe|it|test|beforeAll|beforeEach)(\.each)?\(|\bexpect\(|from '((\.\.\/)+|@)test\//m;

function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

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

  it('selects no module whose code is test support under a product name', () => {
    const { compiled } = serverInputs();
    const testCode = compiled.filter((file) => TEST_CODE.test(readFileSync(file, 'utf8')));
    expect(testCode.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it('builds a server folder with nothing of test support in it', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'svc-build-out-'));
    try {
      await compileServerFiles({ ...serverInputs(), outDir });
      const built = allFiles(outDir).map((file) => relative(outDir, file));
      expect(built).toContain('host/server/cli.js');
      expect(built.filter((file) => TEST_ONLY.test(file) || /suite/.test(file))).toEqual([]);
      expect(built.filter((file) => file.startsWith('test/'))).toEqual([]);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
