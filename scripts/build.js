#!/usr/bin/env node
/**
 * `npm run build`: compiles the server into `build/` and the browser bundles into `build/public/`.
 *
 * Server: every .ts/.tsx of `host/`, `plugins/<id>/server`, `plugins/<id>/common`, `catalogue/`,
 * `simulator` and `scripts/` is transpiled by esbuild to CommonJS with source maps, keeping the folder layout, and
 * the plugin manifests and JSON data files are copied next to it. `build/build-info.json` records the
 * version and commit, and tells the server it runs from a build. Imports by tsconfig.json's aliases
 * (`@host/…`) become relative paths. Browser: `scripts/build-browser.js`.
 *
 *   node scripts/build.js [--if-stale] [--server-only] [--browser-only]
 *
 * With `--if-stale`, a part is rebuilt only when its sources changed since its last build (the server
 * part keeps a stamp of the paths, sizes and modification times it read; the browser part its own).
 */
'use strict';

const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { pathAliases } = require('./path-aliases.js');

const ROOT = path.resolve(__dirname, '..');
const BUILD_DIR = path.join(ROOT, 'build');
const SERVER_STAMP_FILE = path.join(BUILD_DIR, 'server-stamp.json');
const BUILD_INFO_FILE = path.join(BUILD_DIR, 'build-info.json');
/** Output folders of the server part (everything in build/ except public/). */
const SERVER_OUTPUT_DIRS = ['host', 'plugins', 'catalogue', 'simulator', 'scripts'];
const COMPILED = /\.tsx?$/;
/** Plugins' JavaScript modules (the DQL parser peggy generates as an ES module) are transpiled too. */
const PLUGIN_JS = /[\\/]plugins[\\/][^\\/]+[\\/](server|common)[\\/].+\.js$/;
const COPIED = /\.json$/;
/**
 * Test-only modules beside the product code: tests, spawned fixtures and type declarations by suffix,
 * and test helpers by name (`test-support/` folders, `test-*.ts`, `testing.ts`).
 */
const SKIPPED = /(\.test\.tsx?|\.fixture\.ts|\.e2e\.ts|\.bench\.ts|\.d\.ts)$/;
const TEST_HELPER_NAME = /^(test-.*|testing\.tsx?)$/;
const SKIPPED_DIRS = new Set(['node_modules', '__fixtures__', 'target']);

/** Whether a file or folder name is part of the product rather than of its tests. */
function isProductName(name) {
  return !SKIPPED.test(name) && !TEST_HELPER_NAME.test(name) && !SKIPPED_DIRS.has(name);
}

/** Product files under `dir` (recursively) accepted by `keep`. */
function listFiles(dir, keep) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!isProductName(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(full, keep);
    return entry.isFile() && keep(full) ? [full] : [];
  });
}

/** Folders whose sources make up the server part. */
function serverSourceDirs() {
  const pluginsDir = path.join(ROOT, 'plugins');
  const pluginDirs = fs.existsSync(pluginsDir)
    ? fs
        .readdirSync(pluginsDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .flatMap((entry) =>
          ['server', 'common'].map((part) => path.join(pluginsDir, entry.name, part)),
        )
    : [];
  return [
    path.join(ROOT, 'host'),
    ...pluginDirs,
    path.join(ROOT, 'catalogue'),
    path.join(ROOT, 'simulator'),
    path.join(ROOT, 'scripts'),
  ];
}

function serverInputs() {
  const dirs = serverSourceDirs();
  const compiled = dirs.flatMap((dir) =>
    listFiles(dir, (file) => COMPILED.test(file) || PLUGIN_JS.test(file)),
  );
  const copied = dirs.flatMap((dir) => listFiles(dir, (file) => COPIED.test(file)));
  const manifests = listFiles(
    path.join(ROOT, 'plugins'),
    (file) => path.basename(file) === 'opensearch_dashboards.json',
  );
  return { compiled, copied: [...new Set([...copied, ...manifests])] };
}

function git(args) {
  try {
    return execFileSync('git', args, {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
}

/** Fingerprint of the server part: every input's path, size and mtime, and this script. */
function serverFingerprint(inputs) {
  const hash = crypto.createHash('sha256');
  const files = [
    ...inputs.compiled,
    ...inputs.copied,
    path.join(__dirname, 'build.js'),
    path.join(__dirname, 'path-aliases.js'),
    path.join(ROOT, 'package.json'),
    path.join(ROOT, 'tsconfig.json'),
  ].sort();
  for (const file of files) {
    const stat = fs.statSync(file);
    hash.update(`${path.relative(ROOT, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/**
 * Writes `build-info.json` (version and commit) when it differs: a commit that changed no server
 * source (docs, tests) updates what `/api/status` reports without recompiling anything.
 */
function writeBuildInfo() {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const content = `${JSON.stringify({ version, buildHash: git(['rev-parse', 'HEAD']), buildNumber: Number(git(['rev-list', '--count', 'HEAD'])) || 0 }, null, 2)}\n`;
  const current = fs.existsSync(BUILD_INFO_FILE) ? fs.readFileSync(BUILD_INFO_FILE, 'utf8') : '';
  if (current !== content) fs.writeFileSync(BUILD_INFO_FILE, content);
}

function serverIsFresh(fingerprint) {
  try {
    const stamp = JSON.parse(fs.readFileSync(SERVER_STAMP_FILE, 'utf8'));
    return (
      stamp.fingerprint === fingerprint &&
      fs.existsSync(path.join(BUILD_DIR, 'host', 'server', 'cli.js'))
    );
  } catch {
    return false;
  }
}

/**
 * Rewrites a module compiled into `outDir` so its `require()`s of tsconfig.json's aliases
 * (`@host/server/types`) name the relative paths they stand for (`../../host/server/types`): Node
 * knows no aliases, and the build keeps the sources' layout. esbuild writes every import as
 * `require("…")`.
 */
function aliasesMadeRelative(outDir) {
  const aliases = pathAliases();
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const aliased = new RegExp(
    `\\brequire\\("(${aliases.map(({ prefix }) => escape(prefix)).join('|')})([^"]*)"\\)`,
    'g',
  );
  return (code, outFile) =>
    code.replace(aliased, (_call, prefix, rest) => {
      const { folder } = aliases.find((alias) => alias.prefix === prefix);
      const target = path.join(outDir, folder, rest);
      const relative = path.relative(path.dirname(outFile), target).split(path.sep).join('/');
      return `require(${JSON.stringify(relative.startsWith('.') ? relative : `./${relative}`)})`;
    });
}

/**
 * Transpiles `compiled` (TypeScript) to CommonJS with source maps and copies `copied` as they are,
 * all under `outDir` with their paths relative to the repository. Also used by the host benchmark
 * to run the server compiled, as `npm start` does.
 */
async function compileServerFiles({ compiled, copied = [], outDir }) {
  const esbuild = require('esbuild');
  // File by file, not bundled: bundling would also rewrite each module's code (top-level classes
  // renamed, `const` turned to `var`). The aliases are resolved on the written code instead.
  const { outputFiles } = await esbuild.build({
    entryPoints: compiled,
    outdir: outDir,
    outbase: ROOT,
    bundle: false,
    write: false,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    jsx: 'automatic',
    // `import()` becomes a lazy `require()`, as tsc compiles it for `module: commonjs` (a native import() cannot load CommonJS folders).
    supported: { 'dynamic-import': false },
    logLevel: 'warning',
  });
  const madeRelative = aliasesMadeRelative(outDir);
  for (const file of outputFiles) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    fs.writeFileSync(
      file.path,
      file.path.endsWith('.js') ? madeRelative(file.text, file.path) : file.contents,
    );
  }
  for (const file of copied) {
    const target = path.join(outDir, path.relative(ROOT, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file, target);
  }
}

async function buildServer({ ifStale = false } = {}) {
  const inputs = serverInputs();
  const fingerprint = serverFingerprint(inputs);
  if (ifStale && serverIsFresh(fingerprint)) {
    writeBuildInfo();
    console.log('server: up to date');
    return { built: false };
  }
  const started = Date.now();
  // A full rebuild (esbuild takes about a second) so files deleted from the sources leave the build too.
  for (const dir of SERVER_OUTPUT_DIRS)
    fs.rmSync(path.join(BUILD_DIR, dir), { recursive: true, force: true });
  fs.rmSync(SERVER_STAMP_FILE, { force: true });
  await compileServerFiles({ compiled: inputs.compiled, copied: inputs.copied, outDir: BUILD_DIR });
  writeBuildInfo();
  fs.writeFileSync(
    SERVER_STAMP_FILE,
    `${JSON.stringify({ fingerprint, builtAt: new Date().toISOString() }, null, 2)}\n`,
  );
  console.log(
    `server: built ${inputs.compiled.length} modules into build/ in ${Date.now() - started} ms`,
  );
  return { built: true };
}

async function buildBrowserPart({ ifStale = false } = {}) {
  const { buildBrowser } = require('./build-browser.js');
  await buildBrowser({ ifStale });
}

/**
 * The parts whose sources changed since their last build (or that were never built), checked without
 * loading the compilers: `npm start` calls this before deciding to run a build at all.
 */
function staleParts() {
  const { staleReason } = require('./build-browser.js');
  const parts = [];
  if (!serverIsFresh(serverFingerprint(serverInputs()))) parts.push('server');
  if (staleReason()) parts.push('browser');
  if (parts.length === 0) writeBuildInfo();
  return parts;
}

/** Builds the parts asked for (both by default); with `ifStale`, only those whose sources changed. */
async function build({ ifStale = false, server = true, browser = true } = {}) {
  if (server) await buildServer({ ifStale });
  if (browser) await buildBrowserPart({ ifStale });
}

module.exports = {
  build,
  buildServer,
  compileServerFiles,
  staleParts,
  listFiles,
  serverInputs,
  BUILD_DIR,
  ROOT,
};

if (require.main === module) {
  const args = process.argv.slice(2);
  build({
    ifStale: args.includes('--if-stale'),
    server: !args.includes('--browser-only'),
    browser: !args.includes('--server-only'),
  }).catch((error) => {
    console.error(`Build failed: ${error.stack || error.message}`);
    process.exit(1);
  });
}
