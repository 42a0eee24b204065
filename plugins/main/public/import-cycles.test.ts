/**
 * The plugin's browser modules import one another without a circle, counting the `import()` of each
 * app's code: a circle makes the bundler merge chunks and the apps' load order fragile.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const PUBLIC_DIR = __dirname;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Module → the modules of this folder it imports, statically or with `import()`. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const resolveImport = (from: string, specifier: string) => {
    if (!specifier.startsWith('.')) return undefined;
    const base = resolve(dirname(from), specifier);
    return EXTENSIONS.map((extension) => `${base}${extension}`).find((file) => known.has(file));
  };
  return new Map(
    files.map((file) => [
      file,
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.map(({ fileName }) => resolveImport(file, fileName))
        .filter((imported): imported is string => imported !== undefined),
    ]),
  );
}

/** One circle per module that starts one, as the list of modules around it. */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    const onPath = path.indexOf(file);
    if (onPath >= 0) {
      found.push([...path.slice(onPath), file]);
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    for (const imported of graph.get(file) ?? []) visit(imported);
    path.pop();
    done.add(file);
  };
  for (const file of graph.keys()) visit(file);
  return found;
}

describe('browser modules of the svc plugin', () => {
  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('import one another without a circle', () => {
    const graph = importGraph(sourceFiles(PUBLIC_DIR));
    expect(graph.size).toBeGreaterThan(50);
    const named = circles(graph).map((circle) =>
      circle.map((file) => relative(PUBLIC_DIR, file)).join(' → '),
    );
    expect(named).toEqual([]);
  });
});
