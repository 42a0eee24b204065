/**
 * Reading a field of a document by its dotted path (`rule.groups`), through nested objects, arrays of
 * objects and keys that themselves hold dots, as OpenSearch flattens a document into fields.
 */

export type Source = Record<string, unknown>;

/** Reads a field: a value, an array of values (arrays and arrays of objects flatten), or undefined. */
export type FieldReader = (source: Source) => unknown;

export function fieldReader(path: string): FieldReader {
  const segments = path.split('.');
  if (segments.length === 1) {
    return (source) => {
      const value = source[path];
      return value === undefined ? undefined : value;
    };
  }
  if (segments.length === 2) {
    const [first, second] = segments;
    return (source) => {
      const parent = source[first];
      if (parent !== null && typeof parent === 'object' && !Array.isArray(parent)) {
        const value = (parent as Source)[second];
        if (value !== undefined) return value;
      }
      return readSegments(source, segments, 0);
    };
  }
  return (source) => readSegments(source, segments, 0);
}

function readSegments(value: unknown, segments: string[], from: number): unknown {
  if (from === segments.length) return value;
  if (Array.isArray(value)) {
    const found: unknown[] = [];
    for (const item of value) {
      const inner = readSegments(item, segments, from);
      if (inner === undefined) continue;
      if (Array.isArray(inner)) found.push(...inner);
      else found.push(inner);
    }
    return found.length === 0 ? undefined : found;
  }
  if (value === null || typeof value !== 'object') return undefined;
  const object = value as Source;
  // A key may itself hold dots (`{"data.srcip": ...}`): try the longest keys first, as the mapping does.
  for (let to = segments.length; to > from; to--) {
    const key = to === from + 1 ? segments[from] : segments.slice(from, to).join('.');
    if (key in object) {
      const inner = readSegments(object[key], segments, to);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

/** Calls `visit` for each value of a field (each element of an array), skipping nulls. */
export function forEachValue(value: unknown, visit: (item: unknown) => void): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) if (item !== null && item !== undefined) visit(item);
  } else visit(value);
}

/** True when any value of the field passes `test`. */
export function someValue(value: unknown, test: (item: unknown) => boolean): boolean {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (item !== null && item !== undefined && test(item)) return true;
    return false;
  }
  return test(value);
}

/** Each leaf field of a document with its dotted path, for mappings. */
export function forEachLeaf(
  source: Source,
  visit: (path: string, value: unknown) => void,
  prefix = '',
): void {
  for (const key of Object.keys(source)) {
    const value = source[key];
    const path = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (item !== null && typeof item === 'object' && !Array.isArray(item))
          forEachLeaf(item as Source, visit, path);
        else visit(path, item);
      }
    } else if (value !== null && typeof value === 'object')
      forEachLeaf(value as Source, visit, path);
    else visit(path, value);
  }
}
