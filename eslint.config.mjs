import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { pathAliases } from './scripts/path-aliases.js';
import layers from './scripts/eslint-layer-walls.js';

/**
 * The start of an import of a folder of the tree, by `../` or by its tsconfig.json alias: `relative`
 * is a regex for what follows the `../` (`host/`), `folder` one for the folders whose aliases count
 * (`host` for `@host/`).
 */
function reaching(relative, folder) {
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const aliases = pathAliases()
    .filter((alias) => new RegExp(`^(${folder})$`).test(alias.folder))
    .map(({ prefix }) => escape(prefix));
  return `^((\\.\\./)+${relative}|${aliases.join('|')})`;
}

/**
 * The walls between the parts of the tree (docs/architecture.md), checked on every import and
 * re-export: a plugin reaches the host only through its public types and schema (its tests may also
 * use the host's test support, by its test-support name); the main plugin's browser code reaches the
 * update checker only through its public index; the simulator imports neither host nor plugins (the
 * route catalogue both read is in catalogue/); the host never imports a plugin.
 */
function boundaries() {
  const HOST_PUBLIC = '(server/types|public/types|schema)$';
  const HOST_TEST_SUPPORT = '.*/(testing|test-[^/]+)$|(.*/)?test-support/';
  const pluginToHost = (allowed) => ({
    regex: `${reaching('host/', 'host')}(?!${allowed})`,
    message:
      'A plugin imports from the host only host/server/types, host/public/types and host/schema.',
  });
  const mainBrowserToCheckUpdates = {
    regex: `${reaching('check-updates/', 'plugins/check-updates')}(?!public$)`,
    message:
      "The main plugin's browser code uses the update checker only through its public index.",
  };
  const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
  const PLUGIN_TESTS = [
    'plugins/**/*.test.{ts,tsx}',
    'plugins/**/test-support/**',
    'plugins/**/test-*.{ts,tsx}',
    'plugins/**/testing.{ts,tsx}',
  ];
  return [
    { files: ['plugins/**'], rules: restrict(pluginToHost(HOST_PUBLIC)) },
    {
      files: ['plugins/main/public/**'],
      rules: restrict(pluginToHost(HOST_PUBLIC), mainBrowserToCheckUpdates),
    },
    {
      files: PLUGIN_TESTS,
      rules: restrict(pluginToHost(`${HOST_PUBLIC}|${HOST_TEST_SUPPORT}`)),
    },
    {
      files: PLUGIN_TESTS.map((glob) => glob.replace('plugins/**', 'plugins/main/public/**')),
      rules: restrict(
        pluginToHost(`${HOST_PUBLIC}|${HOST_TEST_SUPPORT}`),
        mainBrowserToCheckUpdates,
      ),
    },
    {
      files: ['simulator/**'],
      rules: restrict({
        regex: reaching('(host|plugins)(/|$)', 'host|plugins/.+'),
        message:
          'The simulator imports no host or plugin code; what it shares with them lives in catalogue/.',
      }),
    },
    {
      files: ['host/**'],
      rules: restrict({
        // A plugin's own folders, not the host's plugins/ (its plugin service).
        regex: `${reaching('plugins/[^/]+/', 'plugins/.+')}(server|public|common)(/|$)`,
        message: 'The host never imports a plugin: it finds plugins by their manifests.',
      }),
    },
  ];
}

/** Test files and test support, which may reach what product code may not. */
const TEST_FILES = String.raw`(\.test\.tsx?|/testing\.tsx?|/test-[^/]+)$|/test-support/`;

/**
 * The walls that depend on where an import lands (scripts/eslint-layer-walls.js): the two sides of a
 * plugin meet only in common/; product code runs the simulator only in demo mode; unit tests do not
 * lean on the integration tests' support.
 */
const LAYER_WALLS = [
  {
    files: '^plugins/[^/]+/public/',
    target: '^plugins/[^/]+/server(/|$)',
    message: 'Browser code never imports server code: what both sides need lives in common/.',
  },
  {
    files: '^plugins/[^/]+/common/',
    target: '^plugins/[^/]+/(server|public)(/|$)',
    message: 'common/ is shared by the browser and the server and imports neither.',
  },
  {
    files: '^plugins/',
    exceptFiles: `^plugins/main/server/services/demo/|${TEST_FILES}`,
    target: '^simulator(/|$)',
    message: 'Product code runs the simulator only in demo mode (services/demo/).',
  },
  {
    files: String.raw`^(plugins|host|simulator|scripts|catalogue)/.*\.test\.tsx?$`,
    target: '^test/integration(/|$)',
    message:
      "A unit test does not import the integration tests' support: shared helpers live in test/support/.",
  },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'build/**', 'data/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  ...boundaries(),
  { plugins: { layers }, rules: { 'layers/walls': ['error', LAYER_WALLS] } },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
      },
    },
  },
);
