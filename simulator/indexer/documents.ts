/**
 * One index's documents: kept sorted by `timestamp` (then by arrival) so a time range is a binary
 * search, copied on write while a point in time still reads the old arrays, and their `_source` JSON
 * cached within a memory budget.
 */
import { randomBytes } from 'node:crypto';
import { documentDate } from './dates';
import { type FlatSource, type Interner, type Source, flatten } from './fields';

export const TIME_FIELD = 'timestamp';

export interface Doc {
  readonly id: string;
  readonly index: string;
  /** The document flattened to its leaf fields (what queries and aggregations read). */
  readonly source: FlatSource;
  /** `timestamp` in epoch ms; NaN when the document has none. */
  readonly ts: number;
  /** Arrival order across all indices: the `_doc` sort value and the tie-break within a timestamp. */
  readonly seq: number;
  readonly version: number;
  /** The `_source` as sent, as JSON. */
  readonly json: string;
  /** The source had arrays of objects: filtering `_source` reads its JSON, not the flat fields. */
  readonly objectArrays: boolean;
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
  /** Documents indexed with an id of their own; generated ids never collide, so need no map. */
  private readonly byId = new Map<string, Doc>();
  private sorted = true;
  /** A point in time holds the current arrays: the next write copies them first. */
  private shared = false;
  /** The view handed out since the last write: searches key what they keep about it by it. */
  private current: DocsView | undefined;

  get count(): number {
    return this.timed.length + this.untimed.length;
  }

  get(id: string): Doc | undefined {
    const named = this.byId.get(id);
    if (named) return named;
    const seq = generatedSeq(id);
    if (seq === undefined) return undefined;
    // Rare (a get by a generated id): a scan instead of a map entry for each of a million documents.
    return this.timed.find((doc) => doc.seq === seq) ?? this.untimed.find((doc) => doc.seq === seq);
  }

  /** Adds or replaces a document (`generated`: its id was made here, so nothing to replace). */
  put(doc: Doc, generated = false): Doc | undefined {
    this.unshare();
    const previous = generated ? undefined : this.byId.get(doc.id);
    if (previous) this.remove(previous);
    if (!generated) this.byId.set(doc.id, doc);
    if (Number.isNaN(doc.ts)) this.untimed.push(doc);
    else {
      const last = this.timed[this.timed.length - 1];
      if (last && compareDocs(last, doc) > 0) this.sorted = false;
      this.timed.push(doc);
    }
    this.current = undefined;
    return previous;
  }

  delete(id: string): Doc | undefined {
    const doc = this.get(id);
    if (!doc) return undefined;
    this.unshare();
    this.remove(doc);
    this.byId.delete(id);
    this.current = undefined;
    return doc;
  }

  /**
   * The current documents, sorted: the same object until the next write; `forSnapshot` marks the
   * arrays as shared, so that write copies them and the snapshot's view never changes.
   */
  view(forSnapshot = false): DocsView {
    if (!this.sorted) {
      this.unshare();
      this.timed.sort(compareDocs);
      this.sorted = true;
      this.current = undefined;
    }
    if (forSnapshot) this.shared = true;
    return (this.current ??= { timed: this.timed, untimed: this.untimed });
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

/** Seven random bytes per process, then the arrival number: 20 base64url characters like OpenSearch's ids. */
const ID_PREFIX = randomBytes(7);

export function generatedId(seq: number): string {
  const bytes = Buffer.allocUnsafe(15);
  ID_PREFIX.copy(bytes, 0);
  bytes.writeBigUInt64BE(BigInt(seq), 7);
  return bytes.toString('base64url');
}

function generatedSeq(id: string): number | undefined {
  if (id.length !== 20) return undefined;
  const bytes = Buffer.from(id, 'base64url');
  if (bytes.length !== 15 || !bytes.subarray(0, 7).equals(ID_PREFIX)) return undefined;
  return Number(bytes.readBigUInt64BE(7));
}

export function makeDoc(
  index: string,
  id: string,
  source: Source,
  seq: number,
  version: number,
  interner: Interner,
): Doc {
  const { flat, objectArrays } = flatten(source, interner);
  return {
    objectArrays,
    id,
    index,
    source: flat,
    ts: documentDate(source[TIME_FIELD]),
    seq,
    version,
    json: JSON.stringify(source),
  };
}

/** The document's `_source` as JSON, kept since it was indexed. */
export function sourceJson(doc: Doc): string {
  return doc.json;
}
