/**
 * SQLite implementation of the saved-objects store (better-sqlite3, one file in the data folder).
 * WAL with `synchronous=FULL` means a write is on disk before the call returns: an acknowledged
 * write survives a SIGKILL or power loss. better-sqlite3 is synchronous, so each operation runs to
 * completion without interleaving; compare-and-set writes still run in IMMEDIATE transactions so
 * another process on the same file (the `npm run users` script) cannot slip in between.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { searchScore, type SearchTerm } from './search';
import type {
  ConditionalDeleteResult,
  ConditionalWriteResult,
  DocumentBody,
  DocumentKey,
  DocumentVersion,
  FindQuery,
  FindResult,
  FoundDocument,
  NewDocument,
  SavedObjectsStore,
  SortField,
  StoredDocument,
} from './types';

export const SQLITE_FILE_NAME = 'saved_objects.sqlite';
const BUSY_TIMEOUT_MS = 5000;
/** Primary term of every version token: one SQLite file has a single writer history. */
const PRIMARY_TERM = 1;

/** Schema steps in order; the database records how many it has applied in `schema_version`. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE saved_objects (
     type TEXT NOT NULL,
     namespace TEXT NOT NULL,
     id TEXT NOT NULL,
     attributes TEXT NOT NULL,
     references_json TEXT NOT NULL,
     namespaces TEXT,
     seq_no INTEGER NOT NULL,
     primary_term INTEGER NOT NULL,
     updated_at TEXT NOT NULL,
     PRIMARY KEY (type, namespace, id)
   ) WITHOUT ROWID;
   CREATE TABLE store_sequence (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
   INSERT INTO store_sequence (name, value) VALUES ('seq_no', 0);`,
];

interface Row {
  type: string;
  namespace: string;
  id: string;
  attributes: string;
  references_json: string;
  namespaces: string | null;
  seq_no: number;
  primary_term: number;
  updated_at: string;
  score?: number;
}

function toDocument(row: Row): StoredDocument {
  return {
    type: row.type,
    namespace: row.namespace,
    id: row.id,
    attributes: JSON.parse(row.attributes),
    references: JSON.parse(row.references_json),
    namespaces: row.namespaces === null ? null : JSON.parse(row.namespaces),
    seqNo: row.seq_no,
    primaryTerm: row.primary_term,
    updatedAt: row.updated_at,
  };
}

/** Only the key columns: documents carry more fields than the key statements bind. */
function keyParams({ type, namespace, id }: DocumentKey): DocumentKey {
  return { type, namespace, id };
}

function sameVersion(a: DocumentVersion, b: DocumentVersion): boolean {
  return a.seqNo === b.seqNo && a.primaryTerm === b.primaryTerm;
}

function migrate(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  db.transaction(() => {
    const row = db.prepare('SELECT version FROM schema_version').get() as
      { version: number } | undefined;
    const current = row?.version ?? 0;
    if (current > MIGRATIONS.length) {
      throw new Error(
        `The saved-objects database has schema version ${current}, newer than this build understands (${MIGRATIONS.length}).`,
      );
    }
    MIGRATIONS.slice(current).forEach((step) => db.exec(step));
    if (!row) db.prepare('INSERT INTO schema_version (version) VALUES (?)').run(MIGRATIONS.length);
    else if (current < MIGRATIONS.length)
      db.prepare('UPDATE schema_version SET version = ?').run(MIGRATIONS.length);
  }).immediate();
}

/** SQL for an attribute path such as `a.b`: a JSON path with each part quoted. */
function jsonPath(attributePath: string): string {
  return (
    '$' +
    attributePath
      .split('.')
      .map((part) => `."${part}"`)
      .join('')
  );
}

function sortExpression(field: SortField): { sql: string; params: unknown[] } {
  if ('root' in field) return { sql: field.root, params: [] };
  return { sql: 'json_extract(attributes, ?)', params: [jsonPath(field.attribute)] };
}

/** Caches the parsed terms of the current query: the search function runs once per row. */
function createSearchFunction(): (
  attributes: string,
  fields: string | null,
  terms: string,
) => number {
  let lastTermsJson = '';
  let lastTerms: SearchTerm[] = [];
  let lastFieldsJson: string | null = null;
  let lastFields: string[] | undefined;
  return (attributes, fields, terms) => {
    if (terms !== lastTermsJson) [lastTermsJson, lastTerms] = [terms, JSON.parse(terms)];
    if (fields !== lastFieldsJson)
      [lastFieldsJson, lastFields] = [fields, fields === null ? undefined : JSON.parse(fields)];
    return searchScore(JSON.parse(attributes), lastTerms, lastFields);
  };
}

export class SqliteSavedObjectsStore implements SavedObjectsStore {
  readonly kind = 'sqlite';
  private readonly db: Database.Database;
  private readonly statements: ReturnType<SqliteSavedObjectsStore['prepareStatements']>;
  private readonly findStatements = new LRUCache<string, Database.Statement>({ max: 200 });

  private constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    this.db.function('svc_search_score', { deterministic: true }, createSearchFunction());
    migrate(this.db);
    this.statements = this.prepareStatements();
  }

  /** Opens (creating when missing) `<dataDir>/saved_objects.sqlite` and brings its schema up to date. */
  static open(dataDir: string): SqliteSavedObjectsStore {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const file = path.join(dataDir, SQLITE_FILE_NAME);
    // It holds password hashes and encrypted secrets: created empty for the owner only before SQLite
    // opens it (SQLite takes an empty file as a new database and gives its -wal and -shm files the same mode).
    if (!fs.existsSync(file)) fs.writeFileSync(file, '', { mode: 0o600, flag: 'wx' });
    return new SqliteSavedObjectsStore(file);
  }

  private prepareStatements() {
    const keyWhere = 'type = @type AND namespace = @namespace AND id = @id';
    const columns =
      '(type, namespace, id, attributes, references_json, namespaces, seq_no, primary_term, updated_at)';
    const values =
      '(@type, @namespace, @id, @attributes, @references_json, @namespaces, @seq_no, @primary_term, @updated_at)';
    return {
      get: this.db.prepare(`SELECT * FROM saved_objects WHERE ${keyWhere}`),
      version: this.db.prepare(`SELECT seq_no, primary_term FROM saved_objects WHERE ${keyWhere}`),
      nextSeqNo: this.db.prepare(
        `UPDATE store_sequence SET value = value + 1 WHERE name = 'seq_no' RETURNING value`,
      ),
      upsert: this.db.prepare(`INSERT OR REPLACE INTO saved_objects ${columns} VALUES ${values}`),
      delete: this.db.prepare(`DELETE FROM saved_objects WHERE ${keyWhere}`),
    };
  }

  private nextSeqNo(): number {
    return (this.statements.nextSeqNo.get() as { value: number }).value;
  }

  private row(document: NewDocument, seqNo: number): Row {
    return {
      type: document.type,
      namespace: document.namespace,
      id: document.id,
      attributes: JSON.stringify(document.attributes),
      references_json: JSON.stringify(document.references),
      namespaces: document.namespaces === null ? null : JSON.stringify(document.namespaces),
      seq_no: seqNo,
      primary_term: PRIMARY_TERM,
      updated_at: document.updatedAt,
    };
  }

  private readVersion(key: DocumentKey): DocumentVersion | undefined {
    const row = this.statements.version.get(keyParams(key)) as
      { seq_no: number; primary_term: number } | undefined;
    return row && { seqNo: row.seq_no, primaryTerm: row.primary_term };
  }

  async get(key: DocumentKey): Promise<StoredDocument | undefined> {
    const row = this.statements.get.get(keyParams(key)) as Row | undefined;
    return row && toDocument(row);
  }

  async bulkGet(keys: DocumentKey[]): Promise<Array<StoredDocument | undefined>> {
    return this.db.transaction(() =>
      keys.map((key) => {
        const row = this.statements.get.get(keyParams(key)) as Row | undefined;
        return row && toDocument(row);
      }),
    )();
  }

  async insert(document: NewDocument): Promise<StoredDocument | undefined> {
    return this.db
      .transaction(() => (this.readVersion(document) ? undefined : this.write(document)))
      .immediate();
  }

  async upsert(document: NewDocument): Promise<StoredDocument> {
    return this.db.transaction(() => this.write(document)).immediate();
  }

  async replace(
    document: NewDocument,
    expected?: DocumentVersion,
  ): Promise<ConditionalWriteResult> {
    return this.db
      .transaction((): ConditionalWriteResult => {
        const current = this.readVersion(document);
        if (!current) return { status: 'not_found' };
        if (expected && !sameVersion(current, expected)) return { status: 'conflict' };
        return { status: 'ok', document: this.write(document) };
      })
      .immediate();
  }

  async modify(
    key: DocumentKey,
    change: (current: StoredDocument) => DocumentBody,
    expected?: DocumentVersion,
  ): Promise<ConditionalWriteResult> {
    return this.db
      .transaction((): ConditionalWriteResult => {
        const row = this.statements.get.get(keyParams(key)) as Row | undefined;
        if (!row) return { status: 'not_found' };
        const current = toDocument(row);
        if (expected && !sameVersion(current, expected)) return { status: 'conflict' };
        return { status: 'ok', document: this.write({ ...change(current), ...keyParams(key) }) };
      })
      .immediate();
  }

  private write(document: NewDocument): StoredDocument {
    const row = this.row(document, this.nextSeqNo());
    this.statements.upsert.run(row);
    return toDocument(row);
  }

  async delete(key: DocumentKey, expected?: DocumentVersion): Promise<ConditionalDeleteResult> {
    return this.db
      .transaction((): ConditionalDeleteResult => {
        const current = this.readVersion(key);
        if (!current) return { status: 'not_found' };
        if (expected && !sameVersion(current, expected)) return { status: 'conflict' };
        this.statements.delete.run(keyParams(key));
        return { status: 'ok' };
      })
      .immediate();
  }

  async find(query: FindQuery): Promise<FindResult> {
    if (query.scopes.length === 0) return { total: 0, documents: [] };
    const params: unknown[] = [];
    const scopeSql = query.scopes.map((scope) => {
      const parts = ['type = ?'];
      params.push(scope.type);
      if (scope.namespaces) {
        parts.push(`namespace IN (${scope.namespaces.map(() => '?').join(', ')})`);
        params.push(...scope.namespaces);
      }
      if (scope.sharedWith) {
        parts.push(
          `EXISTS (SELECT 1 FROM json_each(namespaces) WHERE value IN (${scope.sharedWith.map(() => '?').join(', ')}, '*'))`,
        );
        params.push(...scope.sharedWith);
      }
      return `(${parts.join(' AND ')})`;
    });
    const where = [`(${scopeSql.join(' OR ')})`];
    if (query.hasReference) {
      where.push(
        `EXISTS (SELECT 1 FROM json_each(references_json) r WHERE json_extract(r.value, '$.type') = ? AND json_extract(r.value, '$.id') = ?)`,
      );
      params.push(query.hasReference.type, query.hasReference.id);
    }
    let scoreSql = '0';
    let scoreFilter = '';
    const search = query.search;
    if (search && search.terms.length > 0) {
      scoreSql = 'svc_search_score(attributes, ?, ?)';
      params.unshift(
        search.fields ? JSON.stringify(search.fields) : null,
        JSON.stringify(search.terms),
      );
      scoreFilter =
        search.operator === 'AND' ? `WHERE score = ${search.terms.length}` : 'WHERE score > 0';
    }
    const inner = `SELECT *, ${scoreSql} AS score FROM saved_objects WHERE ${where.join(' AND ')}`;
    const total = (
      this.findStatement(`SELECT count(*) AS total FROM (${inner}) ${scoreFilter}`).get(
        ...params,
      ) as { total: number }
    ).total;

    const order: string[] = [];
    const orderParams: unknown[] = [];
    if (query.sort) {
      const expression = sortExpression(query.sort.field);
      order.push(`${expression.sql} ${query.sort.order === 'desc' ? 'DESC' : 'ASC'}`);
      orderParams.push(...expression.params);
    } else if (scoreFilter) {
      order.push('score DESC');
    }
    order.push('type ASC', 'id ASC', 'namespace ASC');
    const pageSql = `SELECT * FROM (${inner}) ${scoreFilter} ORDER BY ${order.join(', ')} LIMIT ? OFFSET ?`;
    const rows = this.findStatement(pageSql).all(
      ...params,
      ...orderParams,
      query.perPage,
      (query.page - 1) * query.perPage,
    ) as Row[];
    const documents: FoundDocument[] = rows.map((row) => ({
      ...toDocument(row),
      score: row.score ?? 0,
    }));
    return { total, documents };
  }

  /** Find queries come in few shapes; each shape is prepared once (bounded: IN-lists vary in length). */
  private findStatement(sql: string): Database.Statement {
    let statement = this.findStatements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.findStatements.set(sql, statement);
    }
    return statement;
  }

  /** Runs `PRAGMA integrity_check`; 'ok' when the file is sound. */
  integrityCheck(): string {
    return this.db.pragma('integrity_check', { simple: true }) as string;
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    this.db.close();
  }
}
