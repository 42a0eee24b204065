/**
 * Tests wait for the event itself or run on fake timers, never on a fixed pause or the wall clock: a
 * pause long enough on a quiet machine is too short on a loaded one, and a longer one only slows every
 * run. This scans the tests and their support code and names each line that pauses or reads the clock.
 * A line that must (a deadline that turns a hang into a clear failure, a wait on another process that
 * offers no event) carries `sleep-ok: <reason>` on it or on the line above.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..');
const SKIPPED_FOLDERS = new Set(['node_modules', 'build', '.git', 'bench']);
const MARKER = /sleep-ok:\s*\S/;

const PATTERNS: Array<{ pattern: RegExp; what: string }> = [
  // A zero delay only lets queued work run first; the test's own `jest.setTimeout` is a budget.
  { pattern: /(?<!jest\.)\bset(Timeout|Interval)\((?![^)]*,\s*0\s*\))/, what: 'timer' },
  { pattern: /\b(sleep|wait|delay|pause)\(\s*[\d_]+\s*\)/, what: 'fixed pause' },
  { pattern: /\bwaitForTimeout\(/, what: 'fixed pause' },
  // Elapsed times, margins and deadlines (reading the clock to stamp or compare a date is fine).
  {
    pattern: /\b(Date|performance)\.now\(\)\s*[-+]|-\s*(Date|performance)\.now\(\)/,
    what: 'wall clock',
  },
];

/** Test files, and the support code of the integration and browser tests. */
function isScanned(path: string): boolean {
  return (
    /\.(test\.tsx?|e2e\.ts)$/.test(path) || /^test\/(support|integration|e2e)\/.*\.tsx?$/.test(path)
  );
}

function* files(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) yield* files(join(folder, entry.name));
    } else if (isScanned(relative(ROOT, join(folder, entry.name)))) {
      yield join(folder, entry.name);
    }
  }
}

/** `line: what` for each line of `text` that pauses or reads the clock without a marker. */
export function fixedSleeps(text: string): string[] {
  const lines = text.split('\n');
  return lines.flatMap((line, index) => {
    const found = PATTERNS.find(({ pattern }) => pattern.test(line));
    if (!found || MARKER.test(line) || MARKER.test(lines[index - 1] ?? '')) return [];
    return [`${index + 1}: ${found.what}: ${line.trim()}`];
  });
}

describe('tests without fixed sleeps', () => {
  it('finds none in the tree', () => {
    const found = [...files(ROOT)]
      .filter((path) => path !== __filename)
      .flatMap((path) =>
        fixedSleeps(readFileSync(path, 'utf8')).map((hit) => `${relative(ROOT, path)}:${hit}`),
      );
    expect(found).toEqual([]);
  });

  it('names pauses, timers and clock reads, and lets a marked line pass', () => {
    const text = [
      'await new Promise((resolve) => setTimeout(resolve, 100));',
      'await page.waitForTimeout(500);',
      'await wait(3_000);',
      'expect(Date.now() - started).toBeLessThan(50);',
      'jest.setTimeout(60_000);',
      'await new Promise((resolve) => setTimeout(resolve, 0));',
      '// sleep-ok: the deadline of a wait on another process',
      'const deadline = performance.now() + 5_000;',
    ].join('\n');
    expect(fixedSleeps(text)).toEqual([
      '1: timer: await new Promise((resolve) => setTimeout(resolve, 100));',
      '2: fixed pause: await page.waitForTimeout(500);',
      '3: fixed pause: await wait(3_000);',
      '4: wall clock: expect(Date.now() - started).toBeLessThan(50);',
    ]);
  });
});
