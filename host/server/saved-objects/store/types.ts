/**
 * The raw document store under the saved-objects repository. It knows nothing about type
 * registration, namespace types or error messages: the repository maps those onto these plain
 * operations, so every backend (SQLite now, PostgreSQL later) implements only this interface and
 * passes the same suite (`describeSavedObjectsStore`).
 */
import type { SavedObjectReference } from '../../types';
import type { SearchTerm } from './search';

/** Identifies one document. `namespace` is the storage namespace ('' for agnostic and multi-namespace types). */
export interface DocumentKey {
  type: string;
  namespace: string;
  id: string;
}

export interface DocumentBody {
  attributes: Record<string, unknown>;
  references: SavedObjectReference[];
  /** Only multi-namespace documents carry the list of namespaces they are shared with. */
  namespaces: string[] | null;
  /** ISO timestamp of the last write. */
  updatedAt: string;
}

export interface DocumentVersion {
  seqNo: number;
  primaryTerm: number;
}

export interface StoredDocument extends DocumentKey, DocumentBody, DocumentVersion {}

export type NewDocument = DocumentKey & DocumentBody;

/** Outcome of a compare-and-set write. */
export type ConditionalWriteResult =
  { status: 'ok'; document: StoredDocument } | { status: 'not_found' } | { status: 'conflict' };

export type ConditionalDeleteResult =
  { status: 'ok' } | { status: 'not_found' } | { status: 'conflict' };

/**
 * Which documents of one type a query may see: all of them (agnostic), those in one of the
 * storage namespaces, or multi-namespace documents shared with one of `sharedWith`.
 */
export interface TypeScope {
  type: string;
  namespaces?: string[];
  sharedWith?: string[];
}

export type SortField = { root: 'id' | 'type' | 'updated_at' } | { attribute: string };

export interface FindQuery {
  scopes: TypeScope[];
  /** Terms of a simple search (see `search.ts`); `fields` are attribute paths, all string attributes when absent. */
  search?: { terms: SearchTerm[]; fields?: string[]; operator: 'AND' | 'OR' };
  hasReference?: { type: string; id: string };
  /**
   * Without a sort, results come by search score (when searching), then type and id. Documents
   * missing the sort attribute sort lowest (first ascending, last descending); ties go by type and id.
   */
  sort?: { field: SortField; order: 'asc' | 'desc' };
  page: number;
  perPage: number;
}

export interface FoundDocument extends StoredDocument {
  /** Number of search terms the document matched (0 without a search). */
  score: number;
}

export interface FindResult {
  total: number;
  documents: FoundDocument[];
}

export interface SavedObjectsStore {
  /** `sqlite` or `postgres`: lets callers describe where data lives (logs, status). */
  readonly kind: string;
  get(key: DocumentKey): Promise<StoredDocument | undefined>;
  /** Same order as `keys`; `undefined` where a document is missing. */
  bulkGet(keys: DocumentKey[]): Promise<Array<StoredDocument | undefined>>;
  /** Inserts unless a document with this key exists; `undefined` means it existed and nothing was written. */
  insert(document: NewDocument): Promise<StoredDocument | undefined>;
  /** Inserts or replaces without condition. */
  upsert(document: NewDocument): Promise<StoredDocument>;
  /** Replaces an existing document; with `expected`, only if its version still equals it. */
  replace(document: NewDocument, expected?: DocumentVersion): Promise<ConditionalWriteResult>;
  /**
   * Read-modify-write in one transaction: reads the document, computes its new body with `change`
   * and writes it, with no other write in between (a partial update never has to retry). With
   * `expected`, only if the version still equals it. An error thrown by `change` aborts the write
   * and is passed on.
   */
  modify(
    key: DocumentKey,
    change: (current: StoredDocument) => DocumentBody,
    expected?: DocumentVersion,
  ): Promise<ConditionalWriteResult>;
  /** Deletes a document; with `expected`, only if its version still equals it. */
  delete(key: DocumentKey, expected?: DocumentVersion): Promise<ConditionalDeleteResult>;
  find(query: FindQuery): Promise<FindResult>;
  /** Flushes and releases the database; later calls fail. */
  close(): Promise<void>;
}
