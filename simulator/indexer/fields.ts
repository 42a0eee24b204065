/**
 * Documents as the stand-in keeps them: flattened to their leaf fields by dotted path, as OpenSearch
 * indexes an object (`rule.groups`), with repeated values shared; the `_source` is kept as its JSON
 * text beside them.
 */

/** A document as sent (nested objects). */
export type Source = Record<string, unknown>;

/**
 * A document by leaf field: slot `n` holds the value (or array of values) of the field numbered
 * `n` in the process-wide field registry; an array and not an object per document, so a million
 * documents are a few million heap objects instead of tens of millions.
 */
export type FlatSource = unknown[];

/** The slots of the leaf fields at or under each path (`agent` → agent.id, agent.name...), in first-seen order. */
export function leafSlots(pathsWanted: string[]): Array<{ path: string; slot: number }> {
  const found: Array<{ path: string; slot: number }> = [];
  paths.forEach((path, slot) => {
    if (pathsWanted.some((wanted) => path === wanted || path.startsWith(`${wanted}.`)))
      found.push({ path, slot });
  });
  return found;
}

/** Reads a leaf field of a flat document: a value, an array of values, or undefined. */
export type FieldReader = (source: FlatSource) => unknown;

/** Field paths numbered in the order first seen, shared by every stand-in in the process. */
const slots = new Map<string, number>();
const paths: string[] = [];

function slotFor(path: string): number {
  let slot = slots.get(path);
  if (slot === undefined) {
    slot = paths.length;
    slots.set(path, slot);
    paths.push(path);
  }
  return slot;
}

/** The path of a field slot. */
export function pathOf(slot: number): string {
  return paths[slot];
}

export function fieldReader(path: string): FieldReader {
  let slot = slots.get(path);
  return (source) => {
    // A field first seen after the reader was made (documents arriving meanwhile).
    if (slot === undefined && (slot = slots.get(path)) === undefined) return undefined;
    return source[slot];
  };
}

/**
 * Reads whether a field is present, leaf or object (`rule.mitre` is present when any `rule.mitre.*`
 * leaf is), for `exists` and `_exists_`.
 */
export function presenceReader(path: string): (source: FlatSource) => boolean {
  const prefix = `${path}.`;
  let known = 0;
  let covered: number[] = [];
  return (source) => {
    if (known !== paths.length) {
      covered = paths.flatMap((name, slot) =>
        name === path || name.startsWith(prefix) ? [slot] : [],
      );
      known = paths.length;
    }
    for (const slot of covered) {
      const value = source[slot];
      if (
        value !== undefined &&
        value !== null &&
        !(Array.isArray(value) && value.every((item) => item === null))
      )
        return true;
    }
    return false;
  };
}

/** Values seen per field, shared between documents while a field's distinct values stay few. */
const DISTINCT_PER_FIELD = 10_000;

export class Interner {
  private readonly byField = new Map<string, Map<string, unknown> | null>();

  value<T>(path: string, key: string, make: () => T): T {
    let seen = this.byField.get(path);
    if (seen === null) return make();
    if (seen === undefined) this.byField.set(path, (seen = new Map()));
    const known = seen.get(key);
    if (known !== undefined) return known as T;
    const made = make();
    if (seen.size >= DISTINCT_PER_FIELD) this.byField.set(path, null);
    else seen.set(key, made);
    return made;
  }
}

/** A key for sharing equal arrays: their items joined, typed so `[1]` and `["1"]` differ. */
function arrayKey(items: unknown[]): string {
  let key = '';
  for (const item of items)
    key += typeof item === 'string' ? `s${item}\u0000` : `${typeof item}${String(item)}\u0000`;
  return key;
}

const isPlainObject = (value: unknown): value is Source =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Flattens a document to its leaf fields (a key holding dots is a path too). `objectArrays` tells
 * whether it had arrays of objects, whose shape the flat form does not keep.
 */
export function flatten(
  source: Source,
  interner: Interner,
): { flat: FlatSource; objectArrays: boolean } {
  let objectArrays = false;
  const flat: FlatSource = [];
  const add = (path: string, value: unknown) => {
    const slot = slotFor(path);
    const existing = flat[slot];
    if (existing === undefined) flat[slot] = value;
    else
      flat[slot] = [
        ...(Array.isArray(existing) ? existing : [existing]),
        ...(Array.isArray(value) ? value : [value]),
      ];
  };
  const walk = (object: Source, prefix: string) => {
    for (const key in object) {
      const value = object[key];
      if (value === undefined) continue;
      const path = prefix ? `${prefix}.${key}` : key;
      if (isPlainObject(value)) walk(value, path);
      else if (Array.isArray(value)) {
        let leaves: unknown[] = value;
        let plain = true;
        for (const item of value) {
          if (isPlainObject(item) || Array.isArray(item)) plain = false;
          if (!isPlainObject(item)) continue;
          objectArrays = true;
          walk(item, path);
        }
        if (!plain) leaves = value.filter((item) => !isPlainObject(item)).flat(Infinity);
        if (leaves.length > 0 || value.length === 0)
          add(
            path,
            interner.value(path, arrayKey(leaves), () => leaves),
          );
      } else if (typeof value === 'string' && value.length <= 64)
        add(
          path,
          interner.value(path, value, () => value),
        );
      else add(path, value);
    }
  };
  walk(source, '');
  // Holes read as undefined; filling them keeps the array packed and its reads fast.
  for (let slot = 0; slot < flat.length; slot++) if (!(slot in flat)) flat[slot] = undefined;
  return { flat, objectArrays };
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

/** Each leaf value of a flat document with its path. */
export function forEachLeaf(
  source: FlatSource,
  visit: (path: string, value: unknown) => void,
): void {
  for (let slot = 0; slot < source.length; slot++)
    forEachValue(source[slot], (value) => visit(paths[slot], value));
}
