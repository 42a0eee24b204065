/**
 * `_source` in a search: false, true, a field or pattern list, or `{includes, excludes}`; a hit's
 * source JSON written from the document's cached JSON when nothing is filtered.
 */
import { type Doc, sourceJson } from '../documents';
import { parsingError } from '../errors';
import type { Source } from '../fields';
import type { CompileContext } from '../query/context';

export type SourceFilter =
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
  return JSON.stringify(filterObject(doc.source, filter, '', filter.includes.length === 0));
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
