#!/usr/bin/env node
/**
 * `npm start`: builds what is missing or stale (server and browser bundles, each checked against the
 * stamp of its last build), then runs the compiled server in this process.
 *
 * The staleness check runs here (file stats and hashes only); a build, when one is needed, runs in a
 * child process so its tools (esbuild, Vite) do not stay in the server's memory.
 */
'use strict';

const { spawnSync } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CLI = path.join(ROOT, 'build', 'host', 'server', 'cli.js');

const { staleParts } = require('./build.js');

const stale = staleParts();
if (stale.length > 0) {
  console.log(`Building: ${stale.join(', ')}`);
  const build = spawnSync(process.execPath, [path.join(__dirname, 'build.js'), '--if-stale'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The dashboard was not started because the build failed (see above).');
    process.exit(build.status ?? 1);
  }
}

// Stack traces of the compiled server point at the TypeScript sources.
process.setSourceMapsEnabled(true);
require(CLI).main();
