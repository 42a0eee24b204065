/**
 * The import aliases of tsconfig.json `paths` (`@host/*` for `host/*`…), for the tools that do not
 * read tsconfig.json themselves: Jest's module mapper, the server build (which writes them back as
 * relative paths) and the lint's boundary rules. tsc, tsx, Vite and knip read tsconfig.json directly.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const TSCONFIG = path.resolve(__dirname, '..', 'tsconfig.json');

/** Every alias as its prefix (`@host/`) and the folder it stands for, relative to the repository (`host`). */
function pathAliases() {
  const { paths } = JSON.parse(fs.readFileSync(TSCONFIG, 'utf8')).compilerOptions;
  return Object.entries(paths).map(([alias, [target]]) => ({
    prefix: alias.replace(/\*$/, ''),
    folder: path.posix.normalize(target.replace(/\/\*$/, '')),
  }));
}

/** The aliases as Jest's `moduleNameMapper` entries. */
function jestModuleNameMapper() {
  return Object.fromEntries(
    pathAliases().map(({ prefix, folder }) => [`^${prefix}(.*)$`, `<rootDir>/${folder}/$1`]),
  );
}

module.exports = { pathAliases, jestModuleNameMapper };
