/**
 * `_source` in a search: false, true, a field or pattern list, or `{includes, excludes}`; a hit's
 * source JSON written from the document's cached JSON when nothing is filtered.
 */
import { type Doc, sourceJson } from '../documents';
import { parsingError } from '../errors';
import { type FlatSource, type Source, leafSlots } from '../fields';
import type { CompileContext } from '../query/context';

/** Exact field paths as a tree (`agent.name` → agent → name): a key lookup per source key, no patterns. */
type Trie = Map<string, Trie | true>;

export type SourceFilter =
  | { kind: 'only'; trie: Trie; leaves: Array<{ slot: number; segments: string[] }> }
  | { kind: 'without'; trie: Trie }
  | { kind: 'none' }
  | { kind: 'all' }
  | { kind: 'some'; includes: RegExp[]; includePrefixes: string[]; excludes: RegExp[] };

function patterns(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

function toRegExp(pattern: string): RegExp {
  return new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
}

export function compileSourceFilter(value: unknown, context: CompileContext): SourceFilter {
  if (value === undefined || value === true) return { kind: 'all' };
  if (value === false) return { kind: 'none' };
  let includes: string[];
  let excludes: string[] = [];
  if (typeof value === 'string' || Array.isArray(value)) includes = patterns(value);
  else if (value !== null && typeof value === 'object') {
    const options = value as Record<string, unknown>;
    includes = patterns(options.includes ?? options.include);
    excludes = patterns(options.excludes ?? options.exclude);
  } else throw parsingError('[_source] malformed', context.locate('_source'));
  if (includes.length === 0 && excludes.length === 0) return { kind: 'all' };
  const exact = [...includes, ...excludes].every((pattern) => !pattern.includes('*'));
  if (exact && excludes.length === 0) {
    const leaves = leafSlots(includes).map(({ path, slot }) => ({
      slot,
      segments: path.split('.'),
    }));
    return { kind: 'only', trie: trieOf(includes), leaves };
  }
  if (exact && includes.length === 0) return { kind: 'without', trie: trieOf(excludes) };
  return {
    kind: 'some',
    includes: includes.map(toRegExp),
    includePrefixes: includes.map((item) => item.replace(/\*.*$/, '')),
    excludes: excludes.map(toRegExp),
  };
}

/** The hit's `_source` JSON text, or undefined when `_source` is off. */
export function sourceText(doc: Doc, filter: SourceFilter): string | undefined {
  if (filter.kind === 'none') return undefined;
  if (filter.kind === 'all') return sourceJson(doc);
  if (filter.kind === 'only' && !doc.objectArrays) return writeLeaves(doc.source, filter.leaves);
  // Otherwise filtering reads the document as sent: parsed from its JSON, a few microseconds.
  const source = JSON.parse(doc.json) as Source;
  if (filter.kind === 'only') return writeOnly(source, filter.trie) ?? '{}';
  if (filter.kind === 'without') return writeWithout(source, filter.trie);
  return JSON.stringify(filterObject(source, filter, '', filter.includes.length === 0));
}

function filterObject(
  source: Source,
  filter: Extract<SourceFilter, { kind: 'some' }>,
  prefix: string,
  included: boolean,
): Source {
  const out: Source = {};
  for (const key of Object.keys(source)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (filter.excludes.some((pattern) => pattern.test(path))) continue;
    const value = source[key];
    const selfIncluded = included || filter.includes.some((pattern) => pattern.test(path));
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      if (
        !selfIncluded &&
        !filter.includePrefixes.some(
          (item) => item === '' || item.startsWith(`${path}.`) || path.startsWith(item),
        )
      )
        continue;
      const inner = filterObject(value as Source, filter, path, selfIncluded);
      if (Object.keys(inner).length > 0) out[key] = inner;
    } else if (
      Array.isArray(value) &&
      value.some((item) => item !== null && typeof item === 'object')
    ) {
      const items = value.map((item) =>
        item !== null && typeof item === 'object' && !Array.isArray(item)
          ? filterObject(item as Source, filter, path, selfIncluded)
          : item,
      );
      const kept = items.filter(
        (item) =>
          selfIncluded ||
          (item !== null && typeof item === 'object' && Object.keys(item as Source).length > 0),
      );
      if (kept.length > 0) out[key] = kept;
    } else if (selfIncluded) out[key] = value;
  }
  return out;
}

function trieOf(paths: string[]): Trie {
  const root: Trie = new Map();
  for (const path of paths) {
    const segments = path.split('.');
    let node = root;
    segments.forEach((segment, at) => {
      const existing = node.get(segment);
      if (existing === true) return;
      if (at === segments.length - 1) {
        node.set(segment, true);
        return;
      }
      const child: Trie = existing ?? new Map();
      node.set(segment, child);
      node = child;
    });
  }
  return root;
}

/** The node for a source key, which may itself hold dots (`{"data.srcip": ...}`). */
function nodeFor(trie: Trie, key: string): Trie | true | undefined {
  const direct = trie.get(key);
  if (direct !== undefined || !key.includes('.')) return direct;
  let node: Trie | true | undefined = trie;
  for (const segment of key.split('.')) {
    if (node === true) return true;
    node = node?.get(segment);
    if (node === undefined) return undefined;
  }
  return node;
}

const isPlainObject = (value: unknown): value is Source =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** JSON of the parts of `source` the trie names, in the document's key order; undefined when none. */
function writeOnly(source: Source, trie: Trie): string | undefined {
  let out = '';
  for (const key in source) {
    const node = nodeFor(trie, key);
    if (node === undefined) continue;
    const value = source[key];
    if (value === undefined) continue;
    let part: string | undefined;
    if (node === true) part = JSON.stringify(value);
    else if (isPlainObject(value)) part = writeOnly(value, node);
    else if (Array.isArray(value)) {
      const items = value
        .filter(isPlainObject)
        .map((item) => writeOnly(item, node))
        .filter((item) => item !== undefined);
      part = items.length > 0 ? `[${items.join(',')}]` : undefined;
    }
    if (part !== undefined) out += `${out ? ',' : ''}${JSON.stringify(key)}:${part}`;
  }
  return out ? `{${out}}` : undefined;
}

/** JSON of `source` without the parts the trie names. */
function writeWithout(source: Source, trie: Trie): string {
  let out = '';
  for (const key in source) {
    const node = nodeFor(trie, key);
    if (node === true) continue;
    const value = source[key];
    if (value === undefined) continue;
    let part: string;
    if (node !== undefined && isPlainObject(value)) part = writeWithout(value, node);
    else if (node !== undefined && Array.isArray(value))
      part = `[${value.map((item) => (isPlainObject(item) ? writeWithout(item, node) : JSON.stringify(item))).join(',')}]`;
    else part = JSON.stringify(value);
    out += `${out ? ',' : ''}${JSON.stringify(key)}:${part}`;
  }
  return `{${out}}`;
}

/** The named leaves of a flat document as nested JSON, in the fields' first-seen order. */
function writeLeaves(
  flat: FlatSource,
  leaves: Array<{ slot: number; segments: string[] }>,
): string {
  const out: Source = {};
  for (const { slot, segments } of leaves) {
    const value = flat[slot];
    if (value === undefined) continue;
    let node = out;
    for (let at = 0; at < segments.length - 1; at++) node = (node[segments[at]] ??= {}) as Source;
    node[segments[segments.length - 1]] = value;
  }
  return JSON.stringify(out);
}
