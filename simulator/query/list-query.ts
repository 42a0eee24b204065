/**
 * The list semantics shared by every collection endpoint: filters, `q`, `search` (a leading `-` negates),
 * `sort` (`-`/`+` prefix for all listed fields, dotted nested fields, several fields), `select` (nested,
 * plus each endpoint's always-returned fields), `distinct`, then `offset`/`limit`.
 *
 * Two flavours, as in the managed API: `db` endpoints (agents, SCA) compare case-insensitively and reject
 * unknown `q` fields (1408); `memory` endpoints (rules, decoders) compare case-sensitively and let unknown
 * fields simply not match.
 *
 * Rows are handles (an agent number, an array index) turned into items on demand, so a million-agent
 * registry is scanned without keeping a million objects: only matching handles and sort keys are kept,
 * and only the returned page is materialised twice.
 */
import { codedProblem } from '../http/problem';
import { type QNode, type QOperator, QSyntaxError, parseQ } from './q-language';

export type FieldKind = 'string' | 'number' | 'date' | 'membership' | 'list';

export interface TableSpec<T> {
  mode: 'db' | 'memory';
  /** Fields usable in `q`, with how they compare. */
  fields: Readonly<Record<string, FieldKind>>;
  sortFields: readonly string[];
  selectFields: readonly string[];
  /** Fields every item keeps whatever `select` says (not applied with `distinct`). */
  requiredFields: readonly string[];
  /** Sort applied when the request has none (undefined: the rows' own order). */
  defaultSort?: { fields: string[]; descending: boolean };
  /** Items a date comparison never matches (agent 000). */
  excludedFromDateFilters?: (item: T) => boolean;
  /** Reads a (dotted) field for filters and sorting; defaults to walking the item. Date fields may be
   * returned as Unix seconds. */
  value?: (item: T, field: string) => unknown;
}

function reader<T>(spec: TableSpec<T>): (item: T, field: string) => unknown {
  return spec.value ?? getPath;
}

export interface ListParams {
  offset: number;
  limit: number;
  sort?: string;
  search?: string;
  select?: string[];
  q?: string;
  distinct?: boolean;
}

/** A page of items, or of pre-serialised item documents when the source renders its own JSON. */
export type ListResult =
  | { total: number; items: Array<Record<string, unknown>>; json?: undefined }
  | { total: number; json: string[]; items?: undefined };

type Item = object;
type Predicate<T> = (item: T) => boolean;

export function getPath(item: unknown, path: string): unknown {
  if (!path.includes('.')) return (item as Record<string, unknown>)?.[path];
  return valueAtParts(item, path.split('.'));
}

// ---------------------------------------------------------------- q

const TIMEFRAME = /^(\d+)([smhd]?)$/;
const DATE = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}:\d{2})Z?)?$/;
const UNIT_SECONDS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 };

function compareText(actual: string, operator: QOperator, value: string): boolean {
  switch (operator) {
    case '=':
      return actual === value;
    case '!=':
      return actual !== value;
    case '~':
      return actual.includes(value);
    case '<':
      return actual < value;
    case '>':
      return actual > value;
  }
}

function compareNumbers(actual: number, operator: QOperator, value: number): boolean {
  switch (operator) {
    case '=':
      return actual === value;
    case '!=':
      return actual !== value;
    case '~':
      return String(actual).includes(String(value));
    case '<':
      return actual < value;
    case '>':
      return actual > value;
  }
}

/** A quoted value compares position by position, each quote standing for any one character (SQL `_`). */
function likePattern(value: string): RegExp {
  const source = value
    .split('')
    .map((char) =>
      char === "'" || char === '"' ? '.' : char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`, 'i');
}

function dateClause<T>(
  spec: TableSpec<T>,
  field: string,
  operator: QOperator,
  value: string,
  now: number,
): Predicate<T> {
  const timeframe = TIMEFRAME.exec(value);
  let test: (seconds: number) => boolean;
  if (timeframe) {
    const threshold = now / 1000 - Number(timeframe[1]) * UNIT_SECONDS[timeframe[2]];
    // With a time frame, `>` means "longer ago than" and `<`/`=` "more recently than".
    test =
      operator === '>'
        ? (seconds) => seconds < threshold
        : operator === '!='
          ? (seconds) => seconds <= threshold
          : (seconds) => seconds > threshold;
  } else {
    const date = DATE.exec(value);
    const reference = date ? Date.parse(`${date[1]}T${date[2] ?? '00:00:00'}Z`) / 1000 : NaN;
    if (Number.isNaN(reference)) throw codedProblem(1412, { extra: value });
    test = (seconds) => compareNumbers(seconds, operator, reference);
  }
  const read = reader(spec);
  return (item) => {
    if (spec.excludedFromDateFilters?.(item)) return false;
    const actual = read(item, field);
    if (typeof actual === 'number') return test(actual);
    return typeof actual === 'string' && test(Date.parse(actual) / 1000);
  };
}

function dbClause<T>(
  spec: TableSpec<T>,
  field: string,
  kind: FieldKind,
  operator: QOperator,
  value: string,
  now: number,
): Predicate<T> {
  const read = reader(spec);
  if (value.toLowerCase() === 'null') {
    return operator === '!='
      ? (item) => read(item, field) !== undefined
      : (item) => operator === '=' && read(item, field) === undefined;
  }
  if (kind === 'membership' || kind === 'list') {
    if (operator === '<' || operator === '>') {
      throw codedProblem(1409, { extra: `Valid operators: =, !=, ~. Used operator: ${operator}` });
    }
    const wanted = value.toLowerCase();
    return (item) => {
      const list = (read(item, field) as string[] | undefined) ?? [];
      const lowered = list.map((entry) => String(entry).toLowerCase());
      if (operator === '~') return lowered.some((entry) => entry.includes(wanted));
      const member = lowered.includes(wanted);
      return operator === '=' ? member : !member;
    };
  }
  if (kind === 'date') return dateClause(spec, field, operator, value, now);
  if (kind === 'number') {
    const wanted = Number(value);
    return (item) => {
      const actual = read(item, field);
      return (
        actual !== undefined &&
        !Number.isNaN(wanted) &&
        compareNumbers(Number(actual), operator, wanted)
      );
    };
  }
  if (/['"]/.test(value) && (operator === '=' || operator === '!=')) {
    const pattern = likePattern(value);
    return (item) => {
      const actual = read(item, field);
      return actual !== undefined && pattern.test(String(actual)) === (operator === '=');
    };
  }
  const wanted = value.toLowerCase();
  return (item) => {
    const actual = read(item, field);
    return actual !== undefined && compareText(String(actual).toLowerCase(), operator, wanted);
  };
}

function memoryClause<T>(field: string, operator: QOperator, value: string): Predicate<T> {
  return (item) => {
    const actual = getPath(item, field);
    if (actual === undefined) return false;
    if (Array.isArray(actual)) {
      const texts = actual.map(String);
      if (operator === '~') return texts.some((text) => text.includes(value));
      if (operator === '=') return texts.includes(value);
      if (operator === '!=') return !texts.includes(value);
      return texts.some((text) => compareText(text, operator, value));
    }
    if (
      typeof actual === 'number' &&
      (operator === '<' || operator === '>' || operator === '=' || operator === '!=')
    ) {
      return compareNumbers(actual, operator, Number(value));
    }
    return compareText(
      typeof actual === 'object' ? JSON.stringify(actual) : String(actual),
      operator,
      value,
    );
  };
}

function compileNode<T>(spec: TableSpec<T>, node: QNode, now: number): Predicate<T> {
  if (node.kind === 'clause') return compileClause(spec, node, now);
  const parts = node.children.map((child) => compileNode(spec, child, now));
  return node.kind === 'and'
    ? (item) => parts.every((part) => part(item))
    : (item) => parts.some((part) => part(item));
}

function compileClause<T>(
  spec: TableSpec<T>,
  node: Extract<QNode, { kind: 'clause' }>,
  now: number,
): Predicate<T> {
  const kind = spec.fields[node.field];
  if (spec.mode === 'memory') return memoryClause(node.field, node.operator, node.value);
  if (!kind) {
    throw codedProblem(1408, {
      extra: `Available fields: ${Object.keys(spec.fields).sort().join(', ')}. Field: ${node.field}`,
    });
  }
  return dbClause(spec, node.field, kind, node.operator, node.value, now);
}

/** Compiles `q` into a predicate; syntax errors become 400 code 1407. */
export function compileQ<T>(spec: TableSpec<T>, q: string, now: number): Predicate<T> {
  let node: QNode;
  try {
    node = parseQ(q);
  } catch (error) {
    if (!(error instanceof QSyntaxError)) throw error;
    throw codedProblem(1407, {
      extra: spec.mode === 'db' ? q : `Parameter 'q' is not valid: '${error.clause}'`,
    });
  }
  return compileNode(spec, node, now);
}

// ---------------------------------------------------------------- search, sort, select

function leafTexts(value: unknown, out: string[]): string[] {
  if (value === null || value === undefined) return out;
  if (Array.isArray(value)) value.forEach((entry) => leafTexts(entry, out));
  else if (typeof value === 'object')
    Object.values(value).forEach((entry) => leafTexts(entry, out));
  else out.push(String(value).toLowerCase());
  return out;
}

function searchPredicate<T>(search: string): Predicate<T> {
  const negate = search.startsWith('-');
  const text = (negate ? search.slice(1) : search).toLowerCase();
  return (item) => leafTexts(item, []).some((leaf) => leaf.includes(text)) !== negate;
}

interface SortSpec {
  fields: string[];
  descending: boolean;
}

function parseSort<T>(spec: TableSpec<T>, sort: string): SortSpec {
  const descending = sort.startsWith('-');
  const body = sort.startsWith('-') || sort.startsWith('+') ? sort.slice(1) : sort;
  const fields = body.split(',');
  const invalid = fields.filter((field) => !spec.sortFields.includes(field));
  if (invalid.length > 0) {
    const allowed = [...spec.sortFields].sort().join(', ');
    throw spec.mode === 'db'
      ? codedProblem(1403, {
          extra: `Allowed sort fields: ${allowed}. Fields: ${invalid.join(', ')}`,
        })
      : codedProblem(1403, { remediationExtra: allowed });
  }
  return { fields, descending };
}

type KeyPart = number | string | undefined;
/** One part per sort field; a single-field key is kept bare to spare an array per row. */
type SortKey = KeyPart | KeyPart[];

function keyPart<T>(spec: TableSpec<T>, value: unknown, field: string): KeyPart {
  if (value === undefined || value === null) return undefined;
  if (spec.fields[field] === 'number') return Number(value);
  if (typeof value === 'number') return value;
  return Array.isArray(value) ? value.join(',').toLowerCase() : String(value).toLowerCase();
}

function keyOf<T>(spec: TableSpec<T>, item: T, fields: readonly string[]): SortKey {
  const read = reader(spec);
  if (fields.length === 1) return keyPart(spec, read(item, fields[0]), fields[0]);
  return fields.map((field) => keyPart(spec, read(item, field), field));
}

function compareParts(left: KeyPart, right: KeyPart): number {
  if (left === right) return 0;
  // Missing values sort first ascending, like SQL NULLs.
  if (left === undefined) return -1;
  if (right === undefined) return 1;
  return left < right ? -1 : 1;
}

function compareKeys(a: SortKey, b: SortKey, descending: boolean): number {
  let order = 0;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < a.length && order === 0; i++) order = compareParts(a[i], b[i]);
  } else {
    order = compareParts(a as KeyPart, b as KeyPart);
  }
  return descending ? -order : order;
}

function validateSelect<T>(spec: TableSpec<T>, select: readonly string[]): void {
  const invalid = select.filter(
    (field) =>
      !spec.selectFields.some((allowed) => field === allowed || field.startsWith(`${allowed}.`)),
  );
  if (invalid.length > 0) {
    throw codedProblem(1724, {
      extra: `Allowed select fields: ${[...spec.selectFields].sort().join(', ')}. Fields: ${invalid.join(', ')}`,
    });
  }
}

function valueAtParts(item: unknown, parts: readonly string[]): unknown {
  let value = item;
  for (const part of parts) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Sets `value` at the path `parts` of `target`, making the objects on the way. */
function setParts(target: Record<string, unknown>, parts: readonly string[], value: unknown): void {
  let node = target;
  for (let at = 0; at < parts.length - 1; at++) {
    const part = parts[at];
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]] = value;
}

/**
 * Copies the `fields` (dotted paths) of an item into a new object; the paths are split once per
 * request, not once per item (a page of a selection otherwise spends most of its time splitting).
 */
function projection<T>(
  fields: readonly string[],
  read?: (item: T, field: string) => unknown,
): (item: T) => Record<string, unknown> {
  const paths = fields.map((field) => ({ field, parts: field.split('.') }));
  return (item) => {
    const out: Record<string, unknown> = {};
    for (const { field, parts } of paths) {
      const value = read ? read(item, field) : valueAtParts(item, parts);
      if (value !== undefined) setParts(out, parts, value);
    }
    return out;
  };
}

// ---------------------------------------------------------------- the pipeline

export interface ListSource<R, T> {
  /** Row handles in the collection's natural order. */
  rows: ArrayLike<R>;
  /** The item of a row, or undefined when the row vanished. */
  load(row: R): T | undefined;
  /** Endpoint filters and RBAC, applied before `q` and `search`. */
  filter?: Predicate<T>;
  /** The API item of a loaded row, when it differs from what filters read (defaults to the row's item). */
  present?(item: T): object;
  /** The API item already serialised; used for whole items (no `select`), so hot pages skip a stringify. */
  presentJson?(item: T): string;
}

export function listItems<R, T extends Item>(
  source: ListSource<R, T>,
  spec: TableSpec<T>,
  params: ListParams,
  now: number,
): ListResult {
  const predicates: Array<Predicate<T>> = [];
  if (source.filter) predicates.push(source.filter);
  if (params.q) predicates.push(compileQ(spec, params.q, now));
  const present = source.present ?? ((item: T): object => item);
  if (params.search) {
    const matches = searchPredicate<object>(params.search);
    predicates.push((item) => matches(present(item)));
  }
  const sort = params.sort ? parseSort(spec, params.sort) : spec.defaultSort;
  if (params.select) validateSelect(spec, params.select);
  const fields = params.select
    ? params.distinct
      ? params.select
      : [
          ...params.select,
          ...spec.requiredFields.filter((field) => !params.select?.includes(field)),
        ]
    : undefined;
  const projected = fields && projection<object>(fields);
  const shape = (item: T): Record<string, unknown> =>
    projected ? projected(present(item)) : (present(item) as Record<string, unknown>);
  // Distinct rows are projected through the table's reader, so a scan need not build whole items.
  const distinctProjected = fields && projection(fields, reader(spec));
  const distinctShape = (item: T): Record<string, unknown> =>
    distinctProjected ? distinctProjected(item) : (present(item) as Record<string, unknown>);
  const end = params.offset + params.limit;

  if (params.distinct) {
    const seen = new Map<string, { item: Record<string, unknown>; key: SortKey }>();
    for (let i = 0; i < source.rows.length; i++) {
      const item = source.load(source.rows[i]);
      if (!item || !predicates.every((predicate) => predicate(item))) continue;
      const shaped = distinctShape(item);
      const id = JSON.stringify(shaped);
      if (!seen.has(id))
        seen.set(id, { item: shaped, key: sort ? keyOf(spec, item, sort.fields) : undefined });
    }
    const rows = [...seen.values()];
    if (sort) rows.sort((a, b) => compareKeys(a.key, b.key, sort.descending));
    return { items: rows.slice(params.offset, end).map((row) => row.item), total: rows.length };
  }

  const finish = (page: T[], total: number): ListResult =>
    source.presentJson && !fields
      ? { json: page.map((item) => (source.presentJson as (item: T) => string)(item)), total }
      : { items: page.map(shape), total };

  if (predicates.length === 0 && !sort) {
    const page: T[] = [];
    for (let i = params.offset; i < Math.min(end, source.rows.length); i++) {
      const item = source.load(source.rows[i]);
      if (item) page.push(item);
    }
    return finish(page, source.rows.length);
  }

  const matched: R[] = [];
  const keys: SortKey[] = [];
  for (let i = 0; i < source.rows.length; i++) {
    const row = source.rows[i];
    const item = source.load(row);
    if (!item || !predicates.every((predicate) => predicate(item))) continue;
    matched.push(row);
    if (sort) keys.push(keyOf(spec, item, sort.fields));
  }
  let order = matched.map((_, index) => index);
  if (sort) order.sort((a, b) => compareKeys(keys[a], keys[b], sort.descending) || a - b);
  order = order.slice(params.offset, end);
  const page = order
    .map((index) => source.load(matched[index]))
    .filter((item): item is T => item !== undefined);
  return finish(page, matched.length);
}
