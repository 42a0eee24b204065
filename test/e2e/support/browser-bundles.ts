/**
 * Builds the browser bundles before browser tests when their sources changed since the last build.
 * The build runs in a child process (Vite is an ES module and heavy; the test process stays lean)
 * under a lock folder, so test runs started side by side never rebuild `build/public` at once.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '..', '..', '..');
const BUILD_SCRIPT = join(ROOT, 'scripts', 'build-browser.js');
const LOCK_DIR = join(ROOT, 'build', '.browser-build.lock');
/** A lock older than this was left by a build that died. */
const STALE_LOCK_MS = 10 * 60_000;

let ensured: Promise<void> | undefined;

/** Resolves once `build/public` matches the sources (built at most once per test process). */
export function ensureBrowserBundles(): Promise<void> {
  ensured ??= withBuildLock(async () => {
    await promisify(execFile)(process.execPath, [BUILD_SCRIPT, '--if-stale'], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
  });
  return ensured;
}

async function withBuildLock(build: () => Promise<void>): Promise<void> {
  mkdirSync(join(ROOT, 'build'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      break;
    } catch {
      if (lockAgeMs() > STALE_LOCK_MS) rmSync(LOCK_DIR, { recursive: true, force: true });
      // sleep-ok: the build of another test process holds the lock and sends no word when done
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    await build();
  } finally {
    rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

function lockAgeMs(): number {
  try {
    // sleep-ok: a lock left by a crashed build is told by its age
    return Date.now() - statSync(LOCK_DIR).mtimeMs;
  } catch {
    return 0;
  }
}
