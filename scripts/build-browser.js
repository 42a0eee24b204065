#!/usr/bin/env node
/**
 * Browser bundles: one Vite build holding the host shell (`host/public/index.ts`), the login page
 * (`host/public/login/index.tsx`, React alone) and one entry per UI plugin (`plugins/<dir>/public/index.ts(x)` of every manifest with `ui: true`), written to
 * `build/public/` with hashed names. Shared dependencies land in shared chunks (React, EUI, its icons),
 * and every `import()` an app does in its `mount` becomes its own lazily loaded chunk.
 *
 * `build/public/manifest.json` (written here, read by `host/server/rendering`) names the entry files
 * and the chunk graph; `build/public/build-stamp.json` records the sources the build read, so
 * `buildBrowser({ ifStale: true })` rebuilds only when one of them changed.
 *
 *   node scripts/build-browser.js [--dev] [--if-stale] [--out <dir>] [--plugins <dir>]
 */
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { promisify } = require('node:util');
const zlib = require('node:zlib');

const ROOT = path.resolve(__dirname, '..');
const DEFAULT_OUT_DIR = path.join(ROOT, 'build', 'public');
const SHELL_ENTRY = path.join(ROOT, 'host', 'public', 'index.ts');
const LOGIN_ENTRY = path.join(ROOT, 'host', 'public', 'login', 'index.tsx');
const MANIFEST_FILE = 'manifest.json';
const STAMP_FILE = 'build-stamp.json';
/** Folder of `outDir` the server serves (under `/bundles`). */
const BUNDLES_DIR = 'bundles';
const PLUGIN_ENTRY_PREFIX = 'osd-plugin-entry:';
/** Files the server may send compressed: a `.br` and a `.gz` is written beside each. */
const COMPRESSIBLE = /\.(js|css|svg|json)$/;
/** Formats of the pre-compressed siblings, at their strongest levels: compressed once, sent many times. */
const PRECOMPRESSED_FORMATS = [
  {
    extension: '.br',
    compress: promisify(zlib.brotliCompress),
    options: (size) => ({
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    }),
  },
  {
    extension: '.gz',
    compress: promisify(zlib.gzip),
    options: () => ({ level: zlib.constants.Z_BEST_COMPRESSION }),
  },
];
/** Browsers the product supports (Chrome 90+, Firefox 88+). */
const TARGETS = ['chrome90', 'firefox88'];

/** The file a UI plugin's bundle starts from (`public/index.ts(x)`). */
function uiEntry(id, dir, manifestPath) {
  const entry = ['index.ts', 'index.tsx']
    .map((name) => path.join(dir, 'public', name))
    .find((file) => fs.existsSync(file));
  if (!entry)
    throw new Error(`Plugin "${id}" has "ui": true in ${manifestPath} but no public/index.ts(x).`);
  return entry;
}

/**
 * UI plugins by a quick look at their manifests (id and `ui` only), for the staleness check `npm
 * start` runs before deciding to build: it must not load a compiler. A build uses
 * `validatedUiPlugins` instead.
 */
function discoverUiPlugins(pluginsDir) {
  if (!fs.existsSync(pluginsDir)) return [];
  return fs
    .readdirSync(pluginsDir, { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() &&
        fs.existsSync(path.join(pluginsDir, entry.name, 'opensearch_dashboards.json')),
    )
    .map((entry) => {
      const dir = path.join(pluginsDir, entry.name);
      const manifestPath = path.join(dir, 'opensearch_dashboards.json');
      const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
      return { id: manifest.id, ui: manifest.ui === true, dir, manifestPath };
    })
    .filter((plugin) => plugin.ui)
    .map((plugin) => ({
      id: plugin.id,
      entry: uiEntry(plugin.id, plugin.dir, plugin.manifestPath),
      manifestPath: plugin.manifestPath,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * UI plugins as the server finds them: the host's own discovery (`host/server/plugins`, loaded
 * through tsx), so a manifest the server would refuse (an unknown key, a duplicate id, a missing
 * required bundle, an incompatible version) fails the build with the server's message.
 */
async function validatedUiPlugins(pluginsDir) {
  const { require: requireTs } = require('tsx/cjs/api');
  const { discoverPlugins } = requireTs(
    path.join(ROOT, 'host', 'server', 'plugins', 'discovery.ts'),
    path.join(__dirname, 'build-browser.js'),
  );
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const discovered = fs.existsSync(pluginsDir) ? await discoverPlugins(pluginsDir, version) : [];
  return discovered
    .filter(({ manifest }) => manifest.ui)
    .map(({ manifest, path: dir }) => {
      const manifestPath = path.join(dir, 'opensearch_dashboards.json');
      return { id: manifest.id, entry: uiEntry(manifest.id, dir, manifestPath), manifestPath };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** Code of a plugin's entry chunk: registers the initializer where the shell looks for it. */
function pluginEntryCode(plugin) {
  return [
    `import { plugin } from ${JSON.stringify(plugin.entry)};`,
    'const bundles = (window.__osdBundles__ = window.__osdBundles__ || {});',
    `bundles[${JSON.stringify(`plugin/${plugin.id}/public`)}] = { plugin };`,
  ].join('\n');
}

/** Vite plugin: virtual entry modules for the UI plugins, and the manifest of what was emitted. */
function osdBundlesPlugin(plugins, sourceFiles) {
  const byId = new Map(plugins.map((plugin) => [plugin.id, plugin]));
  return {
    name: 'osd-bundles',
    resolveId(id) {
      return id.startsWith(PLUGIN_ENTRY_PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PLUGIN_ENTRY_PREFIX}`)) return null;
      return pluginEntryCode(byId.get(id.slice(PLUGIN_ENTRY_PREFIX.length + 1)));
    },
    generateBundle(_options, bundle) {
      for (const id of this.getModuleIds()) {
        if (
          path.isAbsolute(id) &&
          !id.includes(`${path.sep}node_modules${path.sep}`) &&
          fs.existsSync(id)
        )
          sourceFiles.add(id);
      }
      this.emitFile({
        type: 'asset',
        fileName: MANIFEST_FILE,
        source: JSON.stringify(describeBundle(bundle), null, 2),
      });
    },
  };
}

/**
 * `import { uniqueId } from 'lodash'` (in EUI's theme package) would pull the whole 70 kB library;
 * per-function imports pull only what is used. Hand-written: the usual Babel plugin has no Vite twin.
 */
function lodashPerFunctionPlugin() {
  const namedImport = /import\s*\{([^}]+)\}\s*from\s*['"]lodash['"];?/g;
  return {
    name: 'lodash-per-function',
    transform(code) {
      if (!code.includes('lodash')) return null;
      const rewritten = code.replace(namedImport, (_statement, names) =>
        names
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
          .map((name) => {
            const [imported, local = imported] = name.split(/\s+as\s+/);
            return `import ${local} from 'lodash/${imported}';`;
          })
          .join('\n'),
      );
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}

/**
 * EUI's code blocks import every grammar Prism has (about 250 kB gzip in each page that shows one);
 * the product highlights JSON, XML, YAML, shell and INI, so EUI gets refractor with those alone.
 * Other languages render as plain text (EUI's fallback for a language refractor does not list).
 */
const REFRACTOR_GRAMMARS = ['json', 'yaml', 'bash', 'ini'];
function refractorSubsetPlugin() {
  const id = '\0refractor-subset';
  return {
    name: 'refractor-subset',
    enforce: 'pre',
    resolveId: (source) => (source === 'refractor' ? id : null),
    load(loaded) {
      if (loaded !== id) return null;
      return [
        "import refractor from 'refractor/core.js';",
        ...REFRACTOR_GRAMMARS.map(
          (grammar) => `import ${grammar} from 'refractor/lang/${grammar}.js';`,
        ),
        `for (const grammar of [${REFRACTOR_GRAMMARS.join(', ')}]) refractor.register(grammar);`,
        'export const { highlight, register, listLanguages, registered, alias } = refractor;',
        'export default refractor;',
      ].join('\n');
    },
  };
}

/** Entry files per name (`shell`, `plugin/<id>`) plus every JS chunk's imports, for the server and the bench. */
function describeBundle(bundle) {
  const chunks = {};
  const entries = {};
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue;
    chunks[output.fileName] = {
      imports: output.imports,
      dynamicImports: output.dynamicImports,
      css: [...(output.viteMetadata?.importedCss ?? [])],
      modules: Object.keys(output.modules)
        .filter((id) => path.isAbsolute(id) && !id.includes(`${path.sep}node_modules${path.sep}`))
        .map((id) => path.relative(ROOT, id)),
    };
    if (output.isEntry) entries[output.name] = output.fileName;
  }
  return { entries, chunks };
}

/**
 * EUI draws an icon by `import()`ing its module, one module per icon (about 520): left alone, the
 * build writes a file for each. The icons named in the code the build reads (the apps' and EUI's
 * components') travel as one chunk, which the first icon a page draws loads; the others, reachable
 * only through a name made at run time, in a few chunks by name, so no page loads the whole set.
 */
const EUI_ICON_DIR = path.join(
  path.dirname(require.resolve('@elastic/eui/package.json')),
  'es',
  'components',
  'icon',
);
const EUI_ICON_MAP = path.join(EUI_ICON_DIR, 'icon_map.js');
const EUI_ICON_ASSETS = path.join(EUI_ICON_DIR, 'assets') + path.sep;
/** Chunks for the icons no code names; each holds about 1/8 of them (a few tens of kB before compression). */
const RARE_ICON_CHUNKS = 8;

/** Icon name → its module's file name in EUI's assets folder, read from EUI's own icon map. */
function euiIconFiles() {
  const iconMap = fs.readFileSync(EUI_ICON_MAP, 'utf8');
  const entry =
    /^ {2}(\w+): (?:withMetadata\()?function[^{]*\{\s*return import\('\.\/assets\/([\w-]+)'\);/gm;
  return new Map([...iconMap.matchAll(entry)].map(([, name, file]) => [name, `${file}.js`]));
}

/** Vite plugin noting which icon modules the code names (as a quoted icon name), for `iconChunkName`. */
function euiIconUsePlugin(namedIconFiles) {
  const fileByName = euiIconFiles();
  if (fileByName.size === 0)
    throw new Error(`No icon found in ${EUI_ICON_MAP}: its format changed.`);
  const quoted = /["'`](\w+)["'`]/g;
  return {
    name: 'eui-icon-use',
    transform(code, id) {
      if (id === EUI_ICON_MAP || id.startsWith(EUI_ICON_ASSETS)) return null;
      for (const [, word] of code.replace(/\.oneOf\(\[[^\]]*\]\)/g, '').matchAll(quoted)) {
        const file = fileByName.get(word);
        if (file) namedIconFiles.add(file);
      }
      return null;
    },
  };
}

/** The chunk of an EUI icon module: `icons` when some code names it, else one of the rare-icon chunks. */
function iconChunkName(namedIconFiles, allIconFiles) {
  return (id) => {
    if (!id.startsWith(EUI_ICON_ASSETS)) return null;
    const file = path.basename(id);
    if (namedIconFiles.has(file)) return 'icons';
    const rank = allIconFiles.indexOf(file);
    return `icons-rare-${Math.floor((rank * RARE_ICON_CHUNKS) / allIconFiles.length) + 1}`;
  };
}

/**
 * Vendor code in a few long-lived chunks: compiler helpers, React, then what the first page needs of
 * EUI (with the styling, date and colour libraries it uses), then EUI's icons (see above). Higher
 * priority claims a module first.
 */
const REACT_AND_RUNTIME = [
  /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
  /@oxc-project[+\\/]runtime/,
  /^\0rolldown[\\/]runtime/,
];
function chunkGroups(namedIconFiles) {
  const allIconFiles = fs.readdirSync(EUI_ICON_ASSETS).sort();
  return [
    // React with the bundler's runtime and the compiler's helpers (class fields for Firefox 88): every
    // page, the login page included, needs all three, so they travel as one file.
    {
      name: 'vendor-react',
      test: (id) => REACT_AND_RUNTIME.some((pattern) => pattern.test(id)),
      priority: 30,
    },
    {
      debugName: 'eui-icons',
      name: iconChunkName(namedIconFiles, allIconFiles),
      test: (id) => id.startsWith(EUI_ICON_ASSETS),
      priority: 25,
    },
    {
      name: 'vendor-eui',
      test: /node_modules[\\/](@elastic[\\/]eui[^\\/]*|@emotion[\\/][^\\/]+|moment|chroma-js|@elastic[\\/]datemath)[\\/]/,
      priority: 20,
      tags: ['$initial'],
    },
  ];
}

function viteConfig({ outDir, mode, plugins, sourceFiles }) {
  const namedIconFiles = new Set();
  const input = { shell: SHELL_ENTRY, login: LOGIN_ENTRY };
  for (const plugin of plugins) input[`plugin-${plugin.id}`] = `${PLUGIN_ENTRY_PREFIX}${plugin.id}`;
  return {
    configFile: false,
    root: ROOT,
    // Relative URLs between chunks: the same files work under any SVC_BASE_PATH.
    base: './',
    mode,
    logLevel: 'warn',
    publicDir: false,
    // Imports by tsconfig.json's aliases (`@host/…`) resolve as tsc resolves them.
    resolve: { tsconfigPaths: true },
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    oxc: {
      jsx: { runtime: 'automatic', importSource: 'react', development: mode !== 'production' },
    },
    plugins: [
      osdBundlesPlugin(plugins, sourceFiles),
      lodashPerFunctionPlugin(),
      refractorSubsetPlugin(),
      euiIconUsePlugin(namedIconFiles),
    ],
    build: {
      outDir,
      emptyOutDir: true,
      target: TARGETS,
      sourcemap: mode !== 'production',
      minify: mode === 'production',
      reportCompressedSize: false,
      chunkSizeWarningLimit: 4096,
      rolldownOptions: {
        input,
        preserveEntrySignatures: 'allow-extension',
        output: {
          entryFileNames: 'bundles/[name]-[hash].js',
          chunkFileNames: 'bundles/chunks/[name]-[hash].js',
          assetFileNames: 'bundles/assets/[name]-[hash][extname]',
          codeSplitting: { groups: chunkGroups(namedIconFiles) },
        },
      },
    },
  };
}

/** Files under `dir`, recursively. */
function filesUnder(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file the server serves from `dir`. */
async function writePrecompressed(dir) {
  const files = filesUnder(dir).filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(
    files.map(async (file) => {
      const content = await fs.promises.readFile(file);
      for (const format of PRECOMPRESSED_FORMATS)
        await fs.promises.writeFile(
          `${file}${format.extension}`,
          await format.compress(content, format.options(content.length)),
        );
    }),
  );
  return files.length;
}

/** Hash of a file's contents, or null when it is gone. */
function fileHash(file) {
  try {
    return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  } catch {
    return null;
  }
}

/** Everything besides module sources that changes the output: the build itself, the installed packages, the import aliases, which plugins exist. */
function buildInputs(plugins, mode) {
  return {
    mode,
    plugins: plugins.map((plugin) => `${plugin.id}:${path.relative(ROOT, plugin.entry)}`),
    files: Object.fromEntries(
      [
        path.join(ROOT, 'scripts', 'build-browser.js'),
        path.join(ROOT, 'package-lock.json'),
        path.join(ROOT, 'tsconfig.json'),
        ...plugins.map((plugin) => plugin.manifestPath),
      ].map((file) => [path.relative(ROOT, file), fileHash(file)]),
    ),
  };
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Why the bundles in `outDir` must be rebuilt, or null when they are up to date. */
function staleReason({
  outDir = DEFAULT_OUT_DIR,
  mode = 'production',
  pluginsDir = path.join(ROOT, 'plugins'),
} = {}) {
  const stamp = readJson(path.join(outDir, STAMP_FILE));
  if (!stamp || !fs.existsSync(path.join(outDir, MANIFEST_FILE))) return 'no previous build';
  const inputs = buildInputs(discoverUiPlugins(pluginsDir), mode);
  if (JSON.stringify(inputs.plugins) !== JSON.stringify(stamp.inputs.plugins))
    return 'the set of UI plugins changed';
  if (inputs.mode !== stamp.inputs.mode) return `the last build was for ${stamp.inputs.mode}`;
  const changedInput = Object.keys({ ...stamp.inputs.files, ...inputs.files }).find(
    (file) => stamp.inputs.files[file] !== inputs.files[file],
  );
  if (changedInput) return `${changedInput} changed`;
  const changedSource = Object.entries(stamp.sources).find(
    ([file, hash]) => fileHash(path.join(ROOT, file)) !== hash,
  );
  return changedSource ? `${changedSource[0]} changed` : null;
}

/**
 * Builds the browser bundles into `outDir`. With `ifStale`, does nothing when the last build read
 * the same sources. Resolves `{ built, reason, outDir, manifest }`.
 */
async function buildBrowser({
  outDir = DEFAULT_OUT_DIR,
  mode = 'production',
  pluginsDir = path.join(ROOT, 'plugins'),
  ifStale = false,
} = {}) {
  outDir = path.resolve(outDir);
  const reason = ifStale ? staleReason({ outDir, mode, pluginsDir }) : 'requested';
  if (!reason)
    return {
      built: false,
      reason: 'up to date',
      outDir,
      manifest: readJson(path.join(outDir, MANIFEST_FILE)),
    };

  const plugins = await validatedUiPlugins(pluginsDir);
  const sourceFiles = new Set();
  const { build } = await import('vite');
  await build(viteConfig({ outDir, mode, plugins, sourceFiles }));
  await writePrecompressed(path.join(outDir, BUNDLES_DIR));

  const sources = Object.fromEntries(
    [...sourceFiles].sort().map((file) => [path.relative(ROOT, file), fileHash(file)]),
  );
  const stamp = { builtAt: new Date().toISOString(), inputs: buildInputs(plugins, mode), sources };
  fs.writeFileSync(path.join(outDir, STAMP_FILE), JSON.stringify(stamp, null, 2));
  return { built: true, reason, outDir, manifest: readJson(path.join(outDir, MANIFEST_FILE)) };
}

module.exports = {
  buildBrowser,
  staleReason,
  discoverUiPlugins,
  validatedUiPlugins,
  euiIconFiles,
  DEFAULT_OUT_DIR,
  MANIFEST_FILE,
};

if (require.main === module) {
  const args = process.argv.slice(2);
  const valueOf = (flag) =>
    args.includes(flag) ? path.resolve(args[args.indexOf(flag) + 1]) : undefined;
  const options = {
    mode: args.includes('--dev') ? 'development' : 'production',
    ifStale: args.includes('--if-stale'),
    ...(valueOf('--out') ? { outDir: valueOf('--out') } : {}),
    ...(valueOf('--plugins') ? { pluginsDir: valueOf('--plugins') } : {}),
  };
  const started = Date.now();
  buildBrowser(options).then(
    (result) =>
      console.log(
        result.built
          ? `browser bundles built in ${((Date.now() - started) / 1000).toFixed(1)} s (${result.reason}) → ${path.relative(ROOT, result.outDir)}`
          : `browser bundles up to date in ${path.relative(ROOT, result.outDir)}`,
      ),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
