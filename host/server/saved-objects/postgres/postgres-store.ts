/**
 * PostgreSQL implementation of the saved-objects store, for several dashboard instances sharing
 * one database. Every write is one autocommitted statement or one transaction awaited to its
 * COMMIT (with `synchronous_commit` on): a write is acknowledged only once it is durable.
 * Versions come from a sequence, so no version is ever handed out twice, and compare-and-set is a
 * conditional UPDATE/DELETE (PostgreSQL re-checks the condition after waiting on a row lock, so
 * of two writers holding the same version exactly one wins).
 */
import type { ClientBase, QueryConfig } from 'pg';
import type { Logger, SavedObjectReference } from '../../types';
import { searchScore } from '../store/search';
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
} from '../store/types';
import type { PostgresDatabase } from './database';
import { migrate, SAVED_OBJECTS_TABLE as TABLE, SEQ_NO_SEQUENCE } from './schema';

/** Primary term of every version token, as in the SQLite store: one database, one history. */
const PRIMARY_TERM = 1;
/** Rows read per round while scoring a search (bounds memory, not the result). */
const SEARCH_BATCH_SIZE = 1000;
const COLUMNS =
  'o.type, o.namespace, o.id, o.attributes, o.references_json, o.namespaces, o.seq_no, o.primary_term, o.updated_at';
const KEY_WHERE = 'o.type = $1 AND o.namespace = $2 AND o.id = $3';
const VERSION_MATCHES = '($4::bigint IS NULL OR (o.seq_no = $4 AND o.primary_term = $5))';
const READ_SNAPSHOT = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';

interface Row {
  type: string;
  namespace: string;
  id: string;
  attributes: Record<string, unknown>;
  references_json: SavedObjectReference[];
  namespaces: string[] | null;
  /** int8 arrives as a string. */
  seq_no: string;
  primary_term: number;
  updated_at: string;
  score?: number;
}

function toDocument(row: Row): StoredDocument {
  return {
    type: row.type,
    namespace: row.namespace,
    id: row.id,
    attributes: row.attributes,
    references: row.references_json,
    namespaces: row.namespaces,
    seqNo: Number(row.seq_no),
    primaryTerm: row.primary_term,
    updatedAt: row.updated_at,
  };
}

function keyValues({ type, namespace, id }: DocumentKey): string[] {
  return [type, namespace, id];
}

/** `$1..$7` of the write statements. JSON is sent as text: pg would turn arrays into SQL arrays. */
function writeValues(document: NewDocument): unknown[] {
  return [
    ...keyValues(document),
    JSON.stringify(document.attributes),
    JSON.stringify(document.references),
    document.namespaces === null ? null : JSON.stringify(document.namespaces),
    document.updatedAt,
  ];
}

function expectedValues(expected?: DocumentVersion): unknown[] {
  return [expected?.seqNo ?? null, expected?.primaryTerm ?? null];
}

const INSERT_VALUES = `($1, $2, $3, $4, $5, $6, nextval('${SEQ_NO_SEQUENCE}'), ${PRIMARY_TERM}, $7)`;
const INSERT_COLUMNS =
  '(type, namespace, id, attributes, references_json, namespaces, seq_no, primary_term, updated_at)';
const SET_BODY = `attributes = $4, references_json = $5, namespaces = $6, seq_no = nextval('${SEQ_NO_SEQUENCE}'), updated_at = $7`;

const STATEMENTS = {
  get: `SELECT ${COLUMNS} FROM ${TABLE} o WHERE ${KEY_WHERE}`,
  getForUpdate: `SELECT ${COLUMNS} FROM ${TABLE} o WHERE ${KEY_WHERE} FOR UPDATE`,
  exists: `SELECT 1 FROM ${TABLE} o WHERE ${KEY_WHERE}`,
  bulkGet: `SELECT ${COLUMNS} FROM ${TABLE} o
    JOIN unnest($1::text[], $2::text[], $3::text[]) AS k(type, namespace, id)
      ON o.type = k.type AND o.namespace = k.namespace AND o.id = k.id`,
  insert: `INSERT INTO ${TABLE} AS o ${INSERT_COLUMNS} VALUES ${INSERT_VALUES}
    ON CONFLICT (type, namespace, id) DO NOTHING RETURNING ${COLUMNS}`,
  upsert: `INSERT INTO ${TABLE} AS o ${INSERT_COLUMNS} VALUES ${INSERT_VALUES}
    ON CONFLICT (type, namespace, id) DO UPDATE SET ${SET_BODY} RETURNING ${COLUMNS}`,
  /** `$8`/`$9`: the expected version, or nulls for none. */
  replace: `UPDATE ${TABLE} o SET ${SET_BODY}
    WHERE ${KEY_WHERE} AND ($8::bigint IS NULL OR (o.seq_no = $8 AND o.primary_term = $9)) RETURNING ${COLUMNS}`,
  delete: `DELETE FROM ${TABLE} o WHERE ${KEY_WHERE} AND ${VERSION_MATCHES} RETURNING o.seq_no`,
};

/**
 * A json column as PostgreSQL can take it apart. Its operators refuse documents holding the escape
 * `\u0000` (a NUL character, which JSON.stringify writes so); such characters are read as U+FFFD
 * here, which only affects how the document sorts or matches, never what is returned.
 */
function extractable(column: string): string {
  return `replace(${column}::text, '\\u0000', '\\ufffd')::json`;
}

/**
 * PostgreSQL text cannot hold NUL, so no stored key does: a key with one names no document (the
 * repository refuses to write such keys in every store).
 */
function isStorableKey({ type, namespace, id }: DocumentKey): boolean {
  return !`${type}${namespace}${id}`.includes('\0');
}

/** Collects positional parameters while a query is built. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function withoutNul(values: string[]): string[] {
  return values.filter((value) => !value.includes('\0'));
}

function whereClause(query: FindQuery, params: Params): string {
  const scopes = query.scopes.map((scope) => {
    const parts = [`o.type = ${params.add(scope.type)}`];
    if (scope.namespaces)
      parts.push(`o.namespace = ANY(${params.add(withoutNul(scope.namespaces))}::text[])`);
    if (scope.sharedWith) {
      parts.push(
        `EXISTS (SELECT 1 FROM json_array_elements_text(${extractable('o.namespaces')}) AS ns(value)
           WHERE ns.value = ANY(${params.add(withoutNul([...scope.sharedWith, '*']))}::text[]))`,
      );
    }
    return `(${parts.join(' AND ')})`;
  });
  const where = [`(${scopes.join(' OR ')})`];
  const reference = query.hasReference;
  if (reference && withoutNul([reference.type, reference.id]).length < 2) where.push('FALSE');
  else if (reference) {
    where.push(
      `EXISTS (SELECT 1 FROM json_array_elements(${extractable('o.references_json')}) AS r(value)
         WHERE r.value->>'type' = ${params.add(reference.type)}
           AND r.value->>'id' = ${params.add(reference.id)})`,
    );
  }
  return where.join(' AND ');
}

/**
 * ORDER BY terms for a sort field, ordered as SQLite's json_extract orders them: missing and null
 * first, then numbers and booleans (as 1/0) by value, then strings, objects and arrays by their
 * text, byte-wise. `v` is the attribute's value, joined in laterally.
 */
function sortTerms(field: SortField, direction: 'ASC' | 'DESC'): string[] {
  if ('root' in field) return [`o.${field.root} ${direction}`];
  return [
    `CASE json_typeof(s.v) WHEN 'number' THEN 1 WHEN 'boolean' THEN 1
       WHEN 'string' THEN 2 WHEN 'object' THEN 2 WHEN 'array' THEN 2 ELSE 0 END ${direction}`,
    `CASE json_typeof(s.v) WHEN 'number' THEN (s.v::text)::numeric
       WHEN 'boolean' THEN CASE s.v::text WHEN 'true' THEN 1 ELSE 0 END END ${direction}`,
    `(CASE json_typeof(s.v) WHEN 'string' THEN s.v #>> '{}'
       WHEN 'object' THEN s.v::text WHEN 'array' THEN s.v::text END) COLLATE "C" ${direction}`,
  ];
}

/** FROM, ORDER BY and parameters shared by the page queries. */
function pageParts(
  query: FindQuery,
  params: Params,
  scored: boolean,
): { lateral: string; orderBy: string } {
  const order: string[] = [];
  let lateral = '';
  if (query.sort) {
    const field = query.sort.field;
    if ('attribute' in field)
      lateral = `CROSS JOIN LATERAL (SELECT ${extractable('o.attributes')} #> ${params.add(field.attribute.split('.'))}::text[] AS v) AS s`;
    order.push(...sortTerms(field, query.sort.order === 'desc' ? 'DESC' : 'ASC'));
  } else if (scored) {
    order.push('m.score DESC');
  }
  order.push('o.type ASC', 'o.id ASC', 'o.namespace ASC');
  return { lateral, orderBy: order.join(', ') };
}

function pageClause(query: FindQuery, params: Params): string {
  return `LIMIT ${params.add(query.perPage)} OFFSET ${params.add((query.page - 1) * query.perPage)}`;
}

interface ScoredKey {
  type: string;
  namespace: string;
  id: string;
  score: number;
}

export class PostgresSavedObjectsStore implements SavedObjectsStore {
  readonly kind = 'postgres';

  private constructor(private readonly database: PostgresDatabase) {}

  /** Connects, then creates or migrates the schema (once across instances starting together). */
  static async open(
    database: PostgresDatabase,
    logger: Logger,
  ): Promise<PostgresSavedObjectsStore> {
    await migrate(database, logger);
    return new PostgresSavedObjectsStore(database);
  }

  private async rows(statement: QueryConfig, client?: ClientBase): Promise<Row[]> {
    return (await (client ?? this.database.pool).query<Row>(statement)).rows;
  }

  private async exists(key: DocumentKey): Promise<boolean> {
    return (await this.rows({ text: STATEMENTS.exists, values: keyValues(key) })).length > 0;
  }

  async get(key: DocumentKey): Promise<StoredDocument | undefined> {
    if (!isStorableKey(key)) return undefined;
    const [row] = await this.rows({
      name: 'svc-so-get',
      text: STATEMENTS.get,
      values: keyValues(key),
    });
    return row && toDocument(row);
  }

  async bulkGet(keys: DocumentKey[]): Promise<Array<StoredDocument | undefined>> {
    const storable = keys.filter(isStorableKey);
    if (storable.length === 0) return keys.map(() => undefined);
    const rows = await this.rows({
      text: STATEMENTS.bulkGet,
      values: [
        storable.map((k) => k.type),
        storable.map((k) => k.namespace),
        storable.map((k) => k.id),
      ],
    });
    const byKey = new Map(rows.map((row) => [JSON.stringify(keyValues(row)), toDocument(row)]));
    return keys.map((key) => byKey.get(JSON.stringify(keyValues(key))));
  }

  async insert(document: NewDocument): Promise<StoredDocument | undefined> {
    const [row] = await this.rows({ text: STATEMENTS.insert, values: writeValues(document) });
    return row && toDocument(row);
  }

  async upsert(document: NewDocument): Promise<StoredDocument> {
    const [row] = await this.rows({ text: STATEMENTS.upsert, values: writeValues(document) });
    return toDocument(row);
  }

  async replace(
    document: NewDocument,
    expected?: DocumentVersion,
  ): Promise<ConditionalWriteResult> {
    if (!isStorableKey(document)) return { status: 'not_found' };
    const [row] = await this.rows({
      text: STATEMENTS.replace,
      values: [...writeValues(document), ...expectedValues(expected)],
    });
    if (row) return { status: 'ok', document: toDocument(row) };
    return (await this.missedBecauseOfVersion(document, expected))
      ? { status: 'conflict' }
      : { status: 'not_found' };
  }

  /** After a conditional write matched nothing: was the document there with another version? */
  private async missedBecauseOfVersion(
    key: DocumentKey,
    expected?: DocumentVersion,
  ): Promise<boolean> {
    return expected !== undefined && (await this.exists(key));
  }

  async modify(
    key: DocumentKey,
    change: (current: StoredDocument) => DocumentBody,
    expected?: DocumentVersion,
  ): Promise<ConditionalWriteResult> {
    if (!isStorableKey(key)) return { status: 'not_found' };
    return this.database.transaction('BEGIN', async (client): Promise<ConditionalWriteResult> => {
      // The row lock keeps every other writer out until COMMIT: the change never has to retry.
      const [row] = await this.rows(
        { text: STATEMENTS.getForUpdate, values: keyValues(key) },
        client,
      );
      if (!row) return { status: 'not_found' };
      const current = toDocument(row);
      if (
        expected &&
        (current.seqNo !== expected.seqNo || current.primaryTerm !== expected.primaryTerm)
      )
        return { status: 'conflict' };
      const next = { ...change(current), type: key.type, namespace: key.namespace, id: key.id };
      const [written] = await this.rows(
        { text: STATEMENTS.replace, values: [...writeValues(next), null, null] },
        client,
      );
      return { status: 'ok', document: toDocument(written) };
    });
  }

  async delete(key: DocumentKey, expected?: DocumentVersion): Promise<ConditionalDeleteResult> {
    if (!isStorableKey(key)) return { status: 'not_found' };
    const rows = await this.rows({
      text: STATEMENTS.delete,
      values: [...keyValues(key), ...expectedValues(expected)],
    });
    if (rows.length > 0) return { status: 'ok' };
    return (await this.missedBecauseOfVersion(key, expected))
      ? { status: 'conflict' }
      : { status: 'not_found' };
  }

  async find(query: FindQuery): Promise<FindResult> {
    if (query.scopes.length === 0) return { total: 0, documents: [] };
    // One snapshot for the count and the page, so the total always matches what was paged.
    return this.database.transaction(READ_SNAPSHOT, (client) =>
      query.search && query.search.terms.length > 0
        ? this.findScored(client, query)
        : this.findPlain(client, query),
    );
  }

  private async findPlain(client: ClientBase, query: FindQuery): Promise<FindResult> {
    const countParams = new Params();
    const countSql = `SELECT count(*)::int AS total FROM ${TABLE} o WHERE ${whereClause(query, countParams)}`;
    const { rows } = await client.query<{ total: number }>(countSql, countParams.values);
    const params = new Params();
    const where = whereClause(query, params);
    const { lateral, orderBy } = pageParts(query, params, false);
    const page = await this.rows(
      {
        text: `SELECT ${COLUMNS} FROM ${TABLE} o ${lateral} WHERE ${where} ORDER BY ${orderBy} ${pageClause(query, params)}`,
        values: params.values,
      },
      client,
    );
    return {
      total: rows[0].total,
      documents: page.map((row) => ({ ...toDocument(row), score: 0 })),
    };
  }

  /**
   * The search is scored here, with the same function as SQLite's, because PostgreSQL cannot run
   * it: matching keys are collected batch by batch, then paged and sorted in SQL.
   */
  private async findScored(client: ClientBase, query: FindQuery): Promise<FindResult> {
    const matched = await this.scoreMatches(client, query);
    if (matched.length === 0 || query.perPage === 0)
      return { total: matched.length, documents: [] };
    const params = new Params();
    const matches = `unnest(${params.add(matched.map((m) => m.type))}::text[], ${params.add(matched.map((m) => m.namespace))}::text[],
      ${params.add(matched.map((m) => m.id))}::text[], ${params.add(matched.map((m) => m.score))}::int[]) AS m(type, namespace, id, score)`;
    const { lateral, orderBy } = pageParts(query, params, true);
    const rows = await this.rows(
      {
        text: `SELECT ${COLUMNS}, m.score FROM ${TABLE} o
          JOIN ${matches} ON o.type = m.type AND o.namespace = m.namespace AND o.id = m.id
          ${lateral} ORDER BY ${orderBy} ${pageClause(query, params)}`,
        values: params.values,
      },
      client,
    );
    const documents: FoundDocument[] = rows.map((row) => ({
      ...toDocument(row),
      score: row.score ?? 0,
    }));
    return { total: matched.length, documents };
  }

  private async scoreMatches(client: ClientBase, query: FindQuery): Promise<ScoredKey[]> {
    const search = query.search!;
    const required = search.operator === 'AND' ? search.terms.length : 1;
    const matched: ScoredKey[] = [];
    let after: string[] | undefined;
    for (;;) {
      const params = new Params();
      let where = whereClause(query, params);
      if (after)
        where += ` AND (o.type, o.namespace, o.id) > (${after.map((part) => params.add(part)).join(', ')})`;
      const rows = await this.rows(
        {
          text: `SELECT o.type, o.namespace, o.id, o.attributes FROM ${TABLE} o
            WHERE ${where} ORDER BY o.type, o.namespace, o.id LIMIT ${SEARCH_BATCH_SIZE}`,
          values: params.values,
        },
        client,
      );
      for (const row of rows) {
        const score = searchScore(row.attributes, search.terms, search.fields);
        if (score >= required)
          matched.push({ type: row.type, namespace: row.namespace, id: row.id, score });
      }
      if (rows.length < SEARCH_BATCH_SIZE) return matched;
      after = keyValues(rows[rows.length - 1]);
    }
  }

  async close(): Promise<void> {
    await this.database.close();
  }
}
