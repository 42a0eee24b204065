/**
 * What the stand-in keeps about one view of an index's documents, as an indexer keeps doc values
 * and caches filters: the documents a query matches, a field's values as one column, and the
 * matches' order under a sort. Each is built on first use and kept until a write replaces the view
 * (a point in time keeps its own); without them every search re-reads every document, which at
 * millions of documents costs seconds a search.
 *
 * A position is a document's place in the view: its `timed` documents, then its `untimed` ones.
 */
import { type Doc, type DocsView, lowerBound } from '../documents';
import type { CompiledQuery } from '../query/compile';

/** How many match sets, orders and columns one view keeps (the least recently used goes first). */
const MAX_MATCH_SETS = 8;
const MAX_ORDERS = 4;
const MAX_COLUMNS = 16;

/** A column's ordinal for a document without the value. */
export const MISSING_VALUE = -1;
/** A column's ordinal for a document with several values: it is read document by document. */
const SEVERAL_VALUES = -2;

/** What a column reads of a document: one value, none, or several. */
export type ColumnValue = number | string | null | typeof SEVERAL;
export const SEVERAL: unique symbol = Symbol('several values');

/** A field's values by position: an ordinal into `values` (first-seen order) or a marker. */
export interface Column {
  ords: Int32Array;
  values: ReadonlyArray<number | string>;
}

/** The documents of a view a query matches, ascending by position; `scope` keys what depends on them. */
export interface Matches {
  index: ViewIndex;
  positions: Int32Array;
  /** The key of the search's views: a query compiled over the same views tests the same way. */
  scope: string;
}

class Lru<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly max: number) {}

  peek(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  get(key: string, make: () => V): V {
    let value = this.peek(key);
    if (value === undefined) {
      value = make();
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, value);
    }
    return value;
  }
}

let nextViewId = 0;

/** A sort column of both numbers and strings, kept as such so it is not read again. */
const MIXED = Symbol('numbers and strings');

export class ViewIndex {
  /** Unique in the process: a key naming it changes when a write replaces the view. */
  readonly id = nextViewId++;
  readonly size: number;
  private readonly matchSets = new Lru<Int32Array>(MAX_MATCH_SETS);
  private readonly orders = new Lru<Int32Array | null>(MAX_ORDERS);
  private readonly columns = new Lru<Column>(MAX_COLUMNS);
  private readonly sortColumns = new Lru<Float64Array | typeof MIXED>(MAX_COLUMNS);
  /** Keys asked for once: an order is built the second time, as a query cache admits a filter. */
  private readonly askedOnce = new Lru<true>(MAX_ORDERS * 4);

  constructor(private readonly view: DocsView) {
    this.size = view.timed.length + view.untimed.length;
  }

  doc(position: number): Doc {
    const timed = this.view.timed;
    return position < timed.length ? timed[position] : this.view.untimed[position - timed.length];
  }

  /** The positions `query` matches, found by its time bounds and test; kept under `key` if any. */
  matches(key: string | undefined, query: CompiledQuery): Int32Array {
    const find = () => {
      const { timed, untimed } = this.view;
      const { start, end, untimed: withUntimed } = candidates(this.view, query);
      const test = query.matchesAll ? undefined : query.test;
      const found = new Int32Array(end - start + (withUntimed ? untimed.length : 0));
      let count = 0;
      for (let at = start; at < end; at++) if (!test || test(timed[at])) found[count++] = at;
      if (withUntimed)
        for (let at = 0; at < untimed.length; at++)
          if (!test || test(untimed[at])) found[count++] = timed.length + at;
      return found.slice(0, count);
    };
    return key === undefined ? find() : this.matchSets.get(key, find);
  }

  keptMatches(key: string): Int32Array | undefined {
    return this.matchSets.peek(key);
  }

  /** A field's column, read once per view by `id` (which names what `read` reads and how). */
  column(id: string, read: (doc: Doc) => ColumnValue): Column {
    return this.columns.get(id, () => {
      const ords = new Int32Array(this.size);
      const values: Array<number | string> = [];
      const ordOf = new Map<number | string, number>();
      for (let position = 0; position < this.size; position++) {
        const value = read(this.doc(position));
        if (value === null) ords[position] = MISSING_VALUE;
        else if (value === SEVERAL) ords[position] = SEVERAL_VALUES;
        else {
          let ord = ordOf.get(value);
          if (ord === undefined) {
            ord = values.length;
            ordOf.set(value, ord);
            values.push(value);
          }
          ords[position] = ord;
        }
      }
      return { ords, values };
    });
  }

  /**
   * A single-valued column as numbers that order as the sort compares its values: numbers as
   * themselves, strings by their rank in code-unit order, NaN where a document has none;
   * undefined when it holds both numbers and strings, which only the sort itself orders.
   */
  sortColumn(id: string, read: (doc: Doc) => number | string | null): Float64Array | undefined {
    const kept = this.sortColumns.peek(id);
    if (kept !== undefined) return kept === MIXED ? undefined : kept;
    const out = new Float64Array(this.size);
    const stringIds = new Map<string, number>();
    const stringAt = new Int32Array(this.size).fill(-1);
    let numbers = false;
    for (let position = 0; position < this.size; position++) {
      const value = read(this.doc(position));
      if (value === null) out[position] = NaN;
      else if (typeof value === 'number') {
        out[position] = value;
        numbers = true;
      } else {
        let id = stringIds.get(value);
        if (id === undefined) stringIds.set(value, (id = stringIds.size));
        stringAt[position] = id;
      }
    }
    if (numbers && stringIds.size > 0) {
      this.sortColumns.get(id, () => MIXED);
      return undefined;
    }
    if (stringIds.size > 0) {
      const rankOf = new Float64Array(stringIds.size);
      [...stringIds.keys()].sort().forEach((value, rank) => {
        rankOf[stringIds.get(value) as number] = rank;
      });
      for (let position = 0; position < this.size; position++)
        if (stringAt[position] >= 0) out[position] = rankOf[stringAt[position]];
    }
    return this.sortColumns.get(id, () => out) as Float64Array;
  }

  /**
   * The order of `key`'s matches, built by `build` when the key comes a second time (or at once,
   * when more pages are sure to follow); undefined until then, or when `build` cannot order them.
   */
  order(key: string, build: () => Int32Array | undefined, atOnce = false): Int32Array | undefined {
    const kept = this.orders.peek(key);
    if (kept !== undefined) return kept ?? undefined;
    if (!atOnce && !this.askedOnce.peek(key)) {
      this.askedOnce.get(key, () => true);
      return undefined;
    }
    return this.orders.get(key, () => build() ?? null) ?? undefined;
  }
}

/** The slice of a view's timed documents a query's time bounds allow, and whether untimed ones may match. */
export function candidates(
  view: DocsView,
  query: CompiledQuery,
): { start: number; end: number; untimed: boolean } {
  const { low, high, required } = query.time;
  const start = low === -Infinity ? 0 : lowerBound(view.timed, low);
  const end = high === Infinity ? view.timed.length : lowerBound(view.timed, high, true);
  return { start, end: Math.max(start, end), untimed: !required };
}

/**
 * The key a query's matches are kept under, or undefined for one reading `now` (each search
 * resolves it afresh); `scope` names the views the query was compiled over.
 */
export function matchKey(scope: string, ...parts: unknown[]): string | undefined {
  const text = JSON.stringify(parts);
  return /\bnow\b/.test(text) ? undefined : `${scope}\n${text}`;
}

const indexes = new WeakMap<DocsView, ViewIndex>();

export function viewIndex(view: DocsView): ViewIndex {
  let index = indexes.get(view);
  if (!index) indexes.set(view, (index = new ViewIndex(view)));
  return index;
}

/** Positions in both ascending lists. */
export function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let count = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] < b[j]) i++;
    else if (a[i] > b[j]) j++;
    else {
      out[count++] = a[i];
      i++;
      j++;
    }
  }
  return out.slice(0, count);
}
