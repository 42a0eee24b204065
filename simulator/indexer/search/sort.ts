/**
 * `sort`: fields ascending or descending (arrays by their smallest or largest value), `_doc`,
 * `_score`, `missing` and `unmapped_type`; a comparator over documents and the `sort` values each hit
 * carries back for `search_after`.
 */
import { type Doc, TIME_FIELD } from '../documents';
import { parsingError, shardFailure } from '../errors';
import { fieldReader } from '../fields';
import type { FieldType } from '../mapping';
import type { CompileContext } from '../query/context';
import { comparable } from '../query/values';

type SortValue = number | string | null;

interface SortKey {
  field: string;
  descending: boolean;
  missingFirst: boolean;
  /** A `missing` value to sort documents without the field as. */
  missingValue?: number | string;
  type: FieldType | undefined;
  value(doc: Doc): SortValue;
}

/** A document with its sort key, read once. */
export interface Keyed {
  doc: Doc;
  values: SortValue[];
}

export interface CompiledSort {
  keys: SortKey[];
  /** Sorted on `timestamp` alone (then perhaps `_doc` the same way): the documents' own order. */
  byTime?: 'asc' | 'desc';
  values(doc: Doc): SortValue[];
  /** Orders one key's values: a document past the page on its first key needs no other key read. */
  compareKey(at: number, a: SortValue, b: SortValue): number;
  /** Orders two documents' `values`: a document's sort key is read once, then compared as is. */
  compareValues(a: readonly SortValue[], b: readonly SortValue[]): number;
  /** `search_after` values as the keys' own comparable values. */
  afterValues(after: unknown[]): SortValue[];
}

type Json = Record<string, unknown>;

/** Turns the request's `sort` (string, object or array of them, or the URL's `a:asc,b`) into keys. */
function parseSortSpec(
  sort: unknown,
  context: CompileContext,
): Array<{ field: string; options: Json }> {
  if (sort === undefined || sort === null) return [];
  const list = Array.isArray(sort) ? sort : [sort];
  return list.map((item) => {
    if (typeof item === 'string') {
      const [field, order] =
        item.includes(':') && !item.startsWith('_') ? item.split(':') : [item, undefined];
      return { field, options: order ? { order } : {} };
    }
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      throw parsingError(
        '[sort] malformed, expected a field name or an object',
        context.locate('sort'),
      );
    const [field, ...others] = Object.keys(item as Json);
    if (!field || others.length > 0)
      throw parsingError(
        `[sort] malformed, expected one field per sort object`,
        context.locate('sort'),
      );
    const value = (item as Json)[field];
    if (typeof value === 'string') return { field, options: { order: value } };
    if (value === null || typeof value !== 'object')
      throw parsingError(`[${field}] sort malformed`, context.locate(field));
    return { field, options: value as Json };
  });
}

const SORT_OPTION_KEYS = new Set([
  'order',
  'missing',
  'unmapped_type',
  'mode',
  'format',
  'numeric_type',
  'nested',
]);

export function compileSort(
  sort: unknown,
  context: CompileContext,
  index: string,
): CompiledSort | undefined {
  const specs = parseSortSpec(sort, context);
  if (specs.length === 0) return undefined;
  const keys = specs.map(({ field, options }): SortKey => {
    for (const key of Object.keys(options))
      if (!SORT_OPTION_KEYS.has(key))
        throw parsingError(`[field_sort] unknown field [${key}]`, context.locate(key));
    const order = String(options.order ?? (field === '_score' ? 'desc' : 'asc')).toLowerCase();
    if (order !== 'asc' && order !== 'desc')
      throw parsingError(
        `[field_sort] order must be [asc] or [desc], got [${order}]`,
        context.locate('order'),
      );
    const descending = order === 'desc';
    if (field === '_doc' || field === '_shard_doc')
      return { field, descending, missingFirst: false, type: 'long', value: (doc) => doc.seq };
    if (field === '_score')
      return { field, descending, missingFirst: false, type: 'float', value: () => 1 };
    const type =
      field === '_id' || field === '_index'
        ? 'keyword'
        : (context.typeOf(field) ?? (options.unmapped_type as FieldType | undefined));
    if (!type) {
      throw shardFailure(400, index, {
        type: 'query_shard_exception',
        reason: `No mapping found for [${field}] in order to sort on`,
        index,
      });
    }
    const missing = options.missing ?? '_last';
    const pick = descending ? Math.max : Math.min;
    const read =
      field === '_id'
        ? (doc: Doc) => doc.id
        : field === '_index'
          ? (doc: Doc) => doc.index
          : readerOf(field);
    const value = (doc: Doc): SortValue => {
      if (field === TIME_FIELD && type === 'date') return Number.isNaN(doc.ts) ? null : doc.ts;
      const raw = read(doc);
      if (raw === undefined || raw === null) return null;
      if (Array.isArray(raw)) {
        const items = raw
          .map((item) => comparable(type, item))
          .filter((item) => item !== undefined);
        if (items.length === 0) return null;
        if (typeof items[0] === 'number') return pick(...(items as number[]));
        return (items as string[]).reduce((best, item) =>
          (descending ? item > best : item < best) ? item : best,
        );
      }
      const single = comparable(type, raw);
      return single === undefined || (typeof single === 'number' && Number.isNaN(single))
        ? null
        : single;
    };
    const missingValue =
      missing === '_last' || missing === '_first'
        ? undefined
        : (comparable(type, missing) ?? undefined);
    return { field, descending, missingFirst: missing === '_first', missingValue, type, value };
  });
  const [first, second] = keys;
  const byTime =
    first.field === TIME_FIELD &&
    first.type === 'date' &&
    !first.missingFirst &&
    first.missingValue === undefined &&
    (keys.length === 1 ||
      (keys.length === 2 &&
        (second.field === '_doc' || second.field === '_shard_doc') &&
        second.descending === first.descending))
      ? first.descending
        ? 'desc'
        : 'asc'
      : undefined;
  const compareValues = (key: SortKey, a: SortValue, b: SortValue): number => {
    if (a === null && key.missingValue !== undefined) a = key.missingValue;
    if (b === null && key.missingValue !== undefined) b = key.missingValue;
    if (a === null || b === null) {
      if (a === b) return 0;
      // Missing values sort last (or first) whatever the order.
      return (a === null ? 1 : -1) * (key.missingFirst ? -1 : 1);
    }
    const order = a < b ? -1 : a > b ? 1 : 0;
    return key.descending ? -order : order;
  };
  return {
    keys,
    byTime,
    values: (doc) => keys.map((key) => key.value(doc)),
    compareKey: (at, a, b) => compareValues(keys[at], a, b),
    compareValues(a, b) {
      for (let i = 0; i < keys.length; i++) {
        const order = compareValues(keys[i], a[i], b[i]);
        if (order !== 0) return order;
      }
      return 0;
    },
    afterValues: (after) =>
      keys.map((key, i) => (after[i] === undefined ? null : coerceAfter(key, after[i]))),
  };
}

function readerOf(field: string): (doc: Doc) => unknown {
  const read = fieldReader(field);
  return (doc) => read(doc.source);
}

/** `search_after` values come back as JSON: dates as epoch ms or strings, numbers as numbers. */
function coerceAfter(key: SortKey, value: unknown): SortValue {
  if (value === null) return null;
  const converted = comparable(key.type, value);
  return converted === undefined ? null : converted;
}

/** Validates `search_after` against the sort, as OpenSearch does. */
export function checkSearchAfter(
  after: unknown,
  sort: CompiledSort | undefined,
  context: CompileContext,
): unknown[] | undefined {
  if (after === undefined || after === null) return undefined;
  if (!Array.isArray(after))
    throw parsingError('[search_after] must be an array', context.locate('search_after'));
  if (!sort) throw simpleSortError('Sort must contain at least one field.');
  if (after.length !== sort.keys.length)
    throw simpleSortError(
      `search_after has ${after.length} value(s) but sort has ${sort.keys.length}.`,
    );
  return after;
}

function simpleSortError(reason: string) {
  return shardFailure(400, '*', { type: 'illegal_argument_exception', reason });
}
