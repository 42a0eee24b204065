/**
 * One index's documents: kept sorted by `timestamp` (then by arrival) so a time range is a binary
 * search, copied on write while a point in time still reads the old arrays, and their `_source` JSON
 * cached within a memory budget.
 */
import { documentDate } from './dates';
import type { Source } from './fields';

export const TIME_FIELD = 'timestamp';

export interface Doc {
  readonly id: string;
  readonly index: string;
  readonly source: Source;
  /** `timestamp` in epoch ms; NaN when the document has none. */
  readonly ts: number;
  /** Arrival order across all indices: the `_doc` sort value and the tie-break within a timestamp. */
  readonly seq: number;
  readonly version: number;
  json?: string;
}

/** The arrays a search reads: never mutated once handed out. */
export interface DocsView {
  /** Documents with a timestamp, by (ts, seq) ascending. */
  timed: readonly Doc[];
  /** Documents without one, by arrival. */
  untimed: readonly Doc[];
}

function compareDocs(a: Doc, b: Doc): number {
  return a.ts - b.ts || a.seq - b.seq;
}

/** First position in `docs` whose timestamp is ≥ `ts` (or > with `after`). */
export function lowerBound(docs: readonly Doc[], ts: number, after = false): number {
  let low = 0;
  let high = docs.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const value = docs[middle].ts;
    if (value < ts || (after && value === ts)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Position of a (ts, seq) pair in a sorted array (where it is or would be). */
export function positionOf(docs: readonly Doc[], ts: number, seq: number): number {
  let low = 0;
  let high = docs.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const doc = docs[middle];
    if (doc.ts < ts || (doc.ts === ts && doc.seq < seq)) low = middle + 1;
    else high = middle;
  }
  return low;
}

export class IndexDocuments {
  private timed: Doc[] = [];
  private untimed: Doc[] = [];
  private readonly byId = new Map<string, Doc>();
  private sorted = true;
  /** A point in time holds the current arrays: the next write copies them first. */
  private shared = false;

  get count(): number {
    return this.byId.size;
  }

  get(id: string): Doc | undefined {
    return this.byId.get(id);
  }

  /** Adds or replaces a document; returns the replaced one. */
  put(doc: Doc): Doc | undefined {
    this.unshare();
    const previous = this.byId.get(doc.id);
    if (previous) this.remove(previous);
    this.byId.set(doc.id, doc);
    if (Number.isNaN(doc.ts)) this.untimed.push(doc);
    else {
      const last = this.timed[this.timed.length - 1];
      if (last && compareDocs(last, doc) > 0) this.sorted = false;
      this.timed.push(doc);
    }
    return previous;
  }

  delete(id: string): Doc | undefined {
    const doc = this.byId.get(id);
    if (!doc) return undefined;
    this.unshare();
    this.remove(doc);
    this.byId.delete(id);
    return doc;
  }

  /** The current documents, sorted; `forSnapshot` marks the arrays as shared. */
  view(forSnapshot = false): DocsView {
    if (!this.sorted) {
      this.unshare();
      this.timed.sort(compareDocs);
      this.sorted = true;
    }
    if (forSnapshot) this.shared = true;
    return { timed: this.timed, untimed: this.untimed };
  }

  private remove(doc: Doc): void {
    if (Number.isNaN(doc.ts)) {
      this.untimed.splice(this.untimed.indexOf(doc), 1);
      return;
    }
    if (!this.sorted) this.view();
    this.timed.splice(positionOf(this.timed, doc.ts, doc.seq), 1);
  }

  private unshare(): void {
    if (!this.shared) return;
    this.timed = this.timed.slice();
    this.untimed = this.untimed.slice();
    this.shared = false;
  }
}

export function makeDoc(
  index: string,
  id: string,
  source: Source,
  seq: number,
  version: number,
): Doc {
  return { id, index, source, ts: documentDate(source[TIME_FIELD]), seq, version, json: undefined };
}

/** Characters of `_source` JSON kept cached: repeated pages read them again, a full export does not blow memory. */
const SOURCE_CACHE_BUDGET = 32 * 1024 * 1024;
let cachedChars = 0;

/** The document's `_source` as JSON, cached while the budget lasts. */
export function sourceJson(doc: Doc): string {
  if (doc.json !== undefined) return doc.json;
  const json = JSON.stringify(doc.source);
  if (cachedChars + json.length <= SOURCE_CACHE_BUDGET) {
    doc.json = json;
    cachedChars += json.length;
  }
  return json;
}

/** Gives the cache budget back when documents go away (index deleted or replaced). */
export function releaseJson(doc: Doc): void {
  if (doc.json !== undefined) cachedChars -= doc.json.length;
}
