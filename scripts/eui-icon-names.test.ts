/**
 * Every icon the browser code names is one EUI draws. EUI takes any other string for an image URL:
 * a renamed icon (`arrowDown` became `chevronSingleDown`) shows no icon at all and makes the browser
 * fetch `/app/arrowDown`, with no error anywhere. This scans the browser code for icon names.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..');
const BROWSER_FOLDERS = ['host/public', 'plugins/main/public', 'plugins/check-updates/public'];
const QUOTED_NAME = /['"]([a-zA-Z0-9]+)['"]/g;
/**
 * `iconType="x"`, `iconType={a ? 'x' : 'y'}`, `iconType: 'x'`, `icon: 'x'`, `<EuiIcon type="x"`, and
 * the same for every prop or key ending in `IconType` (`euiIconType`, `sideNavIconType`, …).
 */
const ICON_NAMES = [
  /\b\w*[iI]conType=("[^"]*"|\{[^}]*\})/g,
  /\b(?:\w*[iI]conType|icon):\s*((?:'[^']*'|"[^"]*")(?:\s*:\s*(?:'[^']*'|"[^"]*"))?)/g,
  /<EuiIcon\b[^>]*?\btype=("[^"]*"|\{[^}]*\})/g,
];

const { euiIconFiles } = require('./build-browser.js') as {
  euiIconFiles(): Map<string, string>;
};

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

/** The icon names a source text uses, with their line numbers. */
export function iconNames(text: string): Array<{ name: string; line: number }> {
  return ICON_NAMES.flatMap((pattern) =>
    [...text.matchAll(pattern)].flatMap((match) =>
      [...match[1].matchAll(QUOTED_NAME)].map(([, name]) => ({
        name,
        line: text.slice(0, match.index).split('\n').length,
      })),
    ),
  );
}

describe('EUI icon names in the browser code', () => {
  it('finds the names in each form the code writes them', () => {
    const text = [
      '<EuiButton iconType="trash" />',
      "<EuiButtonIcon iconType={open ? 'arrowDown' : 'chevronSingleRight'} />",
      "const action = { icon: 'pencil', iconType: 'warning' };",
      '<EuiIcon size="s" type="dot" />',
      'const app = { euiIconType: \'bullseye\' }; <Item euiIconType="flask" />',
    ].join('\n');
    expect(iconNames(text)).toEqual([
      { name: 'trash', line: 1 },
      { name: 'arrowDown', line: 2 },
      { name: 'chevronSingleRight', line: 2 },
      { name: 'flask', line: 5 },
      { name: 'pencil', line: 3 },
      { name: 'warning', line: 3 },
      { name: 'bullseye', line: 5 },
      { name: 'dot', line: 4 },
    ]);
  });

  it('names only icons EUI has', () => {
    const known = euiIconFiles();
    expect(known.size).toBeGreaterThan(100);
    const unknown = BROWSER_FOLDERS.flatMap((folder) =>
      [...sourceFiles(join(ROOT, folder))].flatMap((path) =>
        iconNames(readFileSync(path, 'utf8'))
          .filter(({ name }) => !known.has(name))
          .map(({ name, line }) => `${relative(ROOT, path)}:${line}: ${name}`),
      ),
    );
    expect(unknown).toEqual([]);
  });
});
