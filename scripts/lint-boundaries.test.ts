/**
 * The walls between host, plugins, simulator and tests hold under `npm run lint`: breaches planted in
 * temporary files at the places they would be written are refused by ESLint with the repository's
 * own config, and the imports each wall lets through pass. ESLint's Node API runs in a child
 * process: the config is an ES module, which Jest's CommonJS runtime cannot load.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

interface Planted {
  /** Where the temporary file sits (it is linted from memory, never written into the tree). */
  filePath: string;
  code: string;
}

interface Verdict {
  filePath: string;
  messages: Array<{ ruleId: string | null; message: string }>;
}

/** Lints every planted file in one ESLint run of the repository's config. */
function lint(files: Planted[]): Verdict[] {
  const script = `
    const { ESLint } = require('eslint');
    const files = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
    (async () => {
      const eslint = new ESLint({ cwd: process.cwd() });
      const verdicts = [];
      for (const { filePath, code } of files) {
        const [result] = await eslint.lintText(code, { filePath });
        verdicts.push({ filePath, messages: result.messages.map(({ ruleId, message }) => ({ ruleId, message })) });
      }
      process.stdout.write(JSON.stringify(verdicts));
    })().catch((error) => { console.error(error); process.exit(1); });
  `;
  const output = execFileSync(process.execPath, ['-e', script], {
    cwd: ROOT,
    input: JSON.stringify(files),
    encoding: 'utf8',
  });
  return JSON.parse(output) as Verdict[];
}

const importing = (specifier: string) =>
  `import * as planted from '${specifier}';\nexport { planted };\n`;
const reExporting = (specifier: string) => `export * from '${specifier}';\n`;

const breaches: Array<[string, Planted, RegExp]> = [
  [
    'a plugin importing host internals',
    {
      filePath: 'plugins/main/server/services/planted.ts',
      code: importing('../../../../host/server/http/router'),
    },
    /imports from the host only/,
  ],
  [
    'a plugin re-exporting host internals',
    {
      filePath: 'plugins/check-updates/public/planted.ts',
      code: reExporting('../../../host/public/http/http-client'),
    },
    /imports from the host only/,
  ],
  [
    "a plugin's product code importing the host's test support",
    {
      filePath: 'plugins/main/server/services/planted.ts',
      code: importing('../../../../host/server/saved-objects/testing'),
    },
    /imports from the host only/,
  ],
  [
    "main's browser code importing update-checker internals",
    {
      filePath: 'plugins/main/public/apps/agents/planted.ts',
      code: importing('../../../../check-updates/common/constants'),
    },
    /only through its public index/,
  ],
  [
    'the simulator importing plugin code',
    {
      filePath: 'simulator/http/planted.ts',
      code: importing('../../plugins/main/common/constants'),
    },
    /imports no host or plugin code/,
  ],
  [
    'the simulator importing host code',
    { filePath: 'simulator/planted.ts', code: importing('../host/server/types') },
    /imports no host or plugin code/,
  ],
  [
    'the host importing a plugin',
    {
      filePath: 'host/server/http/planted.ts',
      code: importing('../../../plugins/main/server/types'),
    },
    /never imports a plugin/,
  ],
  [
    'a plugin importing host internals by alias',
    {
      filePath: 'plugins/main/server/services/planted.ts',
      code: importing('@host/server/http/router'),
    },
    /imports from the host only/,
  ],
  [
    'a plugin re-exporting host internals by alias',
    {
      filePath: 'plugins/check-updates/public/planted.ts',
      code: reExporting('@host/public/http/http-client'),
    },
    /imports from the host only/,
  ],
  [
    "a plugin's product code importing the host's test support by alias",
    {
      filePath: 'plugins/main/server/services/planted.ts',
      code: importing('@host/server/saved-objects/testing'),
    },
    /imports from the host only/,
  ],
  [
    "main's browser code importing update-checker internals by alias",
    {
      filePath: 'plugins/main/public/apps/agents/planted.ts',
      code: importing('@check-updates/common/constants'),
    },
    /only through its public index/,
  ],
  [
    'the simulator importing plugin code by alias',
    { filePath: 'simulator/http/planted.ts', code: importing('@main/common/constants') },
    /imports no host or plugin code/,
  ],
  [
    'the simulator importing host code by alias',
    { filePath: 'simulator/planted.ts', code: importing('@host/server/types') },
    /imports no host or plugin code/,
  ],
  [
    'the host importing a plugin by alias',
    { filePath: 'host/server/http/planted.ts', code: importing('@main/server/types') },
    /never imports a plugin/,
  ],
  [
    "browser code importing its plugin's server code",
    {
      filePath: 'plugins/main/public/apps/agents/planted.ts',
      code: importing('../../../server/services/csv/csv-text'),
    },
    /Browser code never imports server code/,
  ],
  [
    "browser code importing a plugin's server code by alias",
    {
      filePath: 'plugins/check-updates/public/planted.ts',
      code: importing('@check-updates/server/types'),
    },
    /Browser code never imports server code/,
  ],
  [
    'common code importing server code',
    {
      filePath: 'plugins/main/common/alerts/planted.ts',
      code: importing('../../server/services/alerts/search'),
    },
    /imports neither/,
  ],
  [
    'common code re-exporting browser code by alias',
    { filePath: 'plugins/main/common/planted.ts', code: reExporting('@main/public/plugin') },
    /imports neither/,
  ],
  [
    'product code starting the simulator outside demo mode',
    {
      filePath: 'plugins/main/server/services/alerts/planted.ts',
      code: "export const planted = () => import('@simulator/indexer');\n",
    },
    /only in demo mode/,
  ],
  [
    "a unit test importing the integration tests' support",
    {
      filePath: 'plugins/main/server/services/planted.test.ts',
      code: importing('../../../../test/integration/harness'),
    },
    /does not import the integration tests' support/,
  ],
];

const allowed: Array<[string, Planted]> = [
  [
    'browser code importing a view folder named server',
    {
      filePath: 'plugins/main/public/apps/agents/planted.ts',
      code: importing('../server/server-view'),
    },
  ],
  [
    'demo mode starting the simulator',
    {
      filePath: 'plugins/main/server/services/demo/planted.ts',
      code: "export const planted = () => import('@simulator/index');\n",
    },
  ],
  [
    'a unit test using shared test support',
    {
      filePath: 'plugins/main/server/services/planted.test.ts',
      code: importing('@test/support/waiting'),
    },
  ],
  [
    "a plugin importing the host's public types and schema",
    {
      filePath: 'plugins/main/server/services/planted.ts',
      code:
        "import type { Logger } from '../../../../host/server/types';\n" +
        "import { schema } from '../../../../host/schema';\n" +
        'export const planted = [schema] as Array<Logger | typeof schema>;\n',
    },
  ],
  [
    "a plugin's test importing the host's test support",
    {
      filePath: 'plugins/main/server/services/planted.test.ts',
      code: importing('../../../../host/server/saved-objects/testing'),
    },
  ],
  [
    "main's browser code importing the update checker's public index",
    {
      filePath: 'plugins/main/public/apps/agents/planted.ts',
      code: importing('../../../../check-updates/public'),
    },
  ],
  [
    'the simulator reading the route catalogue',
    { filePath: 'simulator/http/planted.ts', code: importing('../../catalogue/types') },
  ],
  [
    'the host importing its own plugin service',
    { filePath: 'host/public/boot/planted.ts', code: importing('../plugins/plugins-service') },
  ],
  [
    "a plugin importing the host's public types and schema by alias",
    {
      filePath: 'plugins/main/server/services/planted.ts',
      code:
        "import type { Logger } from '@host/server/types';\n" +
        "import { schema } from '@host/schema';\n" +
        'export const planted = [schema] as Array<Logger | typeof schema>;\n',
    },
  ],
  [
    "a plugin's test importing the host's test support by alias",
    {
      filePath: 'plugins/main/server/services/planted.test.ts',
      code: importing('@host/server/saved-objects/testing'),
    },
  ],
  [
    "main's browser code importing the update checker's public index by alias",
    {
      filePath: 'plugins/main/public/apps/agents/planted.ts',
      code: importing('@check-updates/public'),
    },
  ],
  [
    'the simulator reading the route catalogue by alias',
    { filePath: 'simulator/http/planted.ts', code: importing('@catalogue/types') },
  ],
  [
    'the host importing its own plugin service by alias',
    {
      filePath: 'host/public/boot/planted.ts',
      code: importing('@host/public/plugins/plugins-service'),
    },
  ],
];

describe('layer boundaries in the lint', () => {
  let verdicts: Verdict[];
  beforeAll(() => {
    verdicts = lint([...breaches, ...allowed].map(([, planted]) => planted));
  }, 60_000);

  const WALL_RULES = ['no-restricted-imports', 'layers/walls'];
  const refused = (index: number) =>
    verdicts[index].messages.filter((message) => WALL_RULES.includes(message.ruleId ?? ''));

  it.each(breaches.map((breach, index) => [breach[0], index, breach[2]] as const))(
    'refuses %s',
    (_name, index, reason) => {
      const found = refused(index);
      expect(found).toHaveLength(1);
      expect(found[0].message).toMatch(reason);
    },
  );

  it.each(allowed.map((entry, index) => [entry[0], breaches.length + index] as const))(
    'lets through %s',
    (_name, index) => {
      expect(refused(index)).toEqual([]);
    },
  );
});
