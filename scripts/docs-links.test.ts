/**
 * Every relative link of the README and docs/ reaches a file that exists and, when it names a
 * section, a heading of that file: a renamed page or heading breaks this test, not a reader's click.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(__dirname, '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces turned into hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => anchorOf(match[1])));
}

function relativeLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1])
    .filter((target) => !/^[a-z]+:/i.test(target));
}

const files = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];

describe.each(files.map((file) => [relative(root, file), file]))('%s', (_name, file) => {
  it('links only to files and headings that exist', () => {
    const broken = relativeLinks(file).filter((target) => {
      const [path, anchor] = target.split('#');
      const linked = path ? resolve(dirname(file), decodeURI(path)) : file;
      if (!existsSync(linked)) return true;
      return Boolean(anchor) && linked.endsWith('.md') && !anchorsOf(linked).has(anchor);
    });
    expect(broken).toEqual([]);
  });
});
