/**
 * Runs one search over a set of indices (or a point in time's frozen copy of them) and writes the
 * answer as OpenSearch does: `hits.total` as `{value, relation}`, hits with `_source` and `sort`,
 * aggregations, the 10,000-hit result window and `search_after`.
 */
import { type Doc, type DocsView, lowerBound, positionOf } from '../documents';
import { forEachLeaf } from '../fields';
import { parsingError, shardFailure, simpleError } from '../errors';
import type { FieldType } from '../mapping';
import { type CompiledQuery, compileQuery } from '../query/compile';
import { type CompileContext, locator } from '../query/context';
import {
  type AggSpec,
  type BucketBudget,
  DEFAULT_MAX_BUCKETS,
  compileAggs,
  startAggs,
} from './aggs';
import { type CompiledSort, type Keyed, checkSearchAfter, compileSort } from './sort';
import { type SourceFilter, compileSourceFilter, sourceText } from './source-filter';
import { type ViewIndex, candidates, matchKey, viewIndex } from './view-index';

const MAX_RESULT_WINDOW = 10_000;
const DEFAULT_TRACK_TOTAL_HITS = 10_000;

type Json = Record<string, unknown>;

/** One index as a search reads it. */
export interface Target {
  name: string;
  view: DocsView;
  typeOf(path: string): FieldType | undefined;
  fields(): string[];
}

export interface SearchInput {
  targets: Target[];
  body: Json;
  /** The body's text, for error positions. */
  text?: string;
  /** URL parameters that shape a search (`size`, `from`, `q`, `sort`, `track_total_hits`, `typed_keys`...). */
  params: URLSearchParams;
  now: number;
  maxBuckets?: number;
  pitId?: string;
  /** Shards that a point in time or an expression reported (for `_shards`). */
  shards?: number;
}

const BODY_KEYS = new Set([
  'query',
  'aggs',
  'aggregations',
  'size',
  'from',
  'sort',
  '_source',
  'track_total_hits',
  'search_after',
  'timeout',
  'terminate_after',
  'pit',
  'post_filter',
  'highlight',
  'fields',
  'docvalue_fields',
  'stored_fields',
  'version',
  'seq_no_primary_term',
  'track_scores',
  'explain',
  'min_score',
  'stats',
  'profile',
  'indices_boost',
]);

function tokenName(value: unknown): string {
  if (Array.isArray(value)) return 'START_ARRAY';
  if (value !== null && typeof value === 'object') return 'START_OBJECT';
  if (typeof value === 'string') return 'VALUE_STRING';
  if (typeof value === 'number') return 'VALUE_NUMBER';
  if (typeof value === 'boolean') return 'VALUE_BOOLEAN';
  return 'VALUE_NULL';
}

function integer(value: unknown, name: string, context: CompileContext, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number))
    throw parsingError(`[${name}] failed to parse field [${name}]`, context.locate(name));
  return number;
}

interface Plan {
  query: CompiledQuery;
  /** What the query's and the post filter's matches are kept under; undefined when not kept. */
  matchKeys: { query?: string; hits?: string };
  postFilter?: CompiledQuery;
  sort?: CompiledSort;
  after?: unknown[];
  from: number;
  size: number;
  /** Count exactly up to this many hits; Infinity counts all; 0 none. */
  trackLimit: number;
  trackTotal: boolean;
  terminateAfter: number;
  source: SourceFilter;
  aggs: AggSpec[];
  fields: string[];
}

export function contextFor(
  targets: Target[],
  now: number,
  text: string | undefined,
): CompileContext {
  const cache = new Map<string, FieldType | undefined>();
  let all: string[] | undefined;
  return {
    now,
    typeOf(path) {
      if (cache.has(path)) return cache.get(path);
      let type: FieldType | undefined;
      for (const target of targets) if ((type = target.typeOf(path))) break;
      cache.set(path, type);
      return type;
    },
    allFields: () => (all ??= [...new Set(targets.flatMap((target) => target.fields()))]),
    locate: locator(text),
  };
}

function plan(input: SearchInput, context: CompileContext, scope: string): Plan {
  const { body, params } = input;
  for (const key of Object.keys(body)) {
    if (!BODY_KEYS.has(key))
      throw parsingError(
        `Unknown key for a ${tokenName(body[key])} in [${key}].`,
        context.locate(key),
      );
  }
  const firstIndex = input.targets[0]?.name ?? '*';
  let query: unknown = body.query;
  const q = params.get('q');
  if (q !== null)
    query = {
      query_string: {
        query: q,
        default_field: params.get('df') ?? '*',
        default_operator: params.get('default_operator') ?? 'OR',
      },
    };
  const from = integer(params.get('from') ?? body.from, 'from', context, 0);
  const size = integer(params.get('size') ?? body.size, 'size', context, 10);
  if (from < 0)
    throw shardFailure(400, firstIndex, {
      type: 'illegal_argument_exception',
      reason: `[from] parameter cannot be negative but was [${from}]`,
    });
  if (size < 0)
    throw shardFailure(400, firstIndex, {
      type: 'illegal_argument_exception',
      reason: `[size] parameter cannot be negative, found [${size}]`,
    });
  if (from + size > MAX_RESULT_WINDOW) {
    throw shardFailure(400, firstIndex, {
      type: 'illegal_argument_exception',
      reason: `Result window is too large, from + size must be less than or equal to: [${MAX_RESULT_WINDOW}] but was [${from + size}]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the [index.max_result_window] index level setting.`,
    });
  }
  const trackParam = params.get('track_total_hits') ?? body.track_total_hits;
  let trackLimit = DEFAULT_TRACK_TOTAL_HITS;
  if (trackParam === true || trackParam === 'true') trackLimit = Infinity;
  else if (trackParam === false || trackParam === 'false') trackLimit = 0;
  else if (trackParam !== undefined && trackParam !== null) {
    trackLimit = Number(trackParam);
    if (!Number.isInteger(trackLimit) || trackLimit < 0)
      throw simpleError(
        400,
        'illegal_argument_exception',
        `[track_total_hits] parameter must be positive or equals to -1, got ${String(trackParam)}`,
      );
  }
  const sortSource = params.get('sort') ? params.get('sort')?.split(',') : body.sort;
  const sort = compileSort(sortSource, context, firstIndex);
  const after = checkSearchAfter(body.search_after, sort, context);
  if (after && from > 0)
    throw shardFailure(400, firstIndex, {
      type: 'illegal_argument_exception',
      reason: '`from` parameter must be set to 0 when `search_after` is used.',
    });
  const sourceParam = params.get('_source');
  const sourceValue =
    sourceParam === null
      ? body._source
      : sourceParam === 'false'
        ? false
        : sourceParam === 'true'
          ? true
          : sourceParam.split(',');
  const includes = params.get('_source_includes');
  const excludes = params.get('_source_excludes');
  const source = compileSourceFilter(
    includes || excludes
      ? { includes: includes?.split(','), excludes: excludes?.split(',') }
      : sourceValue,
    context,
  );
  const fields = Array.isArray(body.fields)
    ? body.fields.map((item) => (typeof item === 'string' ? item : String((item as Json).field)))
    : [];
  const queryKey = matchKey(scope, 'query', query ?? null);
  return {
    query: compileQuery(query, context),
    matchKeys: {
      query: queryKey,
      hits:
        body.post_filter === undefined
          ? queryKey
          : queryKey && matchKey(scope, 'query', query ?? null, 'post filter', body.post_filter),
    },
    postFilter:
      body.post_filter === undefined ? undefined : compileQuery(body.post_filter, context),
    sort,
    after,
    from,
    size,
    trackLimit,
    trackTotal: trackLimit > 0,
    terminateAfter:
      integer(
        params.get('terminate_after') ?? body.terminate_after,
        'terminate_after',
        context,
        0,
      ) || Infinity,
    source,
    aggs: compileAggs(
      body.aggs ?? body.aggregations,
      context,
      firstIndex,
      input.maxBuckets ?? DEFAULT_MAX_BUCKETS,
    ),
    fields,
  };
}

/**
 * Calls `visit` for each matching document in no particular order; stops when it returns false.
 * A target whose matches under `key` are kept is read from them instead of tested anew.
 */
function scan(
  targets: Target[],
  query: CompiledQuery,
  visit: (doc: Doc) => boolean,
  key?: string,
): void {
  const test = query.matchesAll ? undefined : query.test;
  for (const target of targets) {
    const index = viewIndex(target.view);
    const kept = key === undefined ? undefined : index.keptMatches(key);
    if (kept) {
      for (let at = 0; at < kept.length; at++) if (!visit(index.doc(kept[at]))) return;
      continue;
    }
    const { start, end, untimed } = candidates(target.view, query);
    const docs = target.view.timed;
    for (let i = start; i < end; i++) {
      const doc = docs[i];
      if ((!test || test(doc)) && !visit(doc)) return;
    }
    if (untimed)
      for (const doc of target.view.untimed) if ((!test || test(doc)) && !visit(doc)) return;
  }
}

interface Collected {
  hits: Doc[];
  total: number;
  relation: 'eq' | 'gte';
  terminatedEarly: boolean;
}

/** The answer as buffers to write in order. */
export function executeSearch(input: SearchInput): Buffer[] {
  const started = performance.now();
  const context = contextFor(input.targets, input.now, input.text);
  const scope = input.targets.map((target) => viewIndex(target.view).id).join(',');
  const request = plan(input, context, scope);
  // Aggregations see every match anyway: the same pass counts them, so the hits need no count of their own.
  const aggregated = request.aggs.length > 0 ? aggregate(input, request, scope) : undefined;
  const counted = aggregated && !request.postFilter ? aggregated.counted : undefined;
  const collected =
    request.sort?.byTime && !request.postFilter
      ? byTime(input.targets, request, counted)
      : counted && request.from + request.size === 0
        ? { hits: [], ...counted }
        : (indexedPage(input.targets, request) ?? generic(input.targets, request));
  return answer(input, request, collected, aggregated?.json, performance.now() - started);
}

type Count = { total: number; relation: 'eq' | 'gte'; terminatedEarly: boolean };

function aggregate(
  input: SearchInput,
  request: Plan,
  scope: string,
): { json: string; counted: Count } {
  const aggs = startAggs(request.aggs);
  let seen = 0;
  const key = request.matchKeys.query;
  if (request.terminateAfter === Infinity) {
    // Every match is read anyway: as positions they feed the aggregations from columns (and are
    // kept for the next search, unless the query reads `now`).
    for (const target of input.targets) {
      const index = viewIndex(target.view);
      const positions = index.matches(key, request.query);
      aggs.collectMatches({ index, positions, scope });
      seen += positions.length;
    }
  } else
    scan(input.targets, request.query, (doc) => {
      aggs.collect(doc);
      return ++seen < request.terminateAfter;
    });
  const budget: BucketBudget = {
    count: 0,
    max: input.maxBuckets ?? DEFAULT_MAX_BUCKETS,
    index: input.targets[0]?.name ?? '*',
    typedKeys: input.params.get('typed_keys') === 'true',
  };
  return { json: JSON.stringify(aggs.result(budget)), counted: countOf(seen, request) };
}

/** The answer's total for `seen` matches, under the request's tracking and `terminate_after`. */
function countOf(seen: number, request: Plan): Count {
  if (request.terminateAfter !== Infinity && seen >= request.terminateAfter)
    return { total: seen, relation: 'eq', terminatedEarly: true };
  if (!request.trackTotal) return { total: 0, relation: 'eq', terminatedEarly: false };
  if (seen > request.trackLimit)
    return { total: request.trackLimit, relation: 'gte', terminatedEarly: false };
  return { total: seen, relation: 'eq', terminatedEarly: false };
}

/** Counts matches up to the tracking limit (or all, or a terminate_after cap). */
function count(targets: Target[], request: Plan): Count {
  if (!request.trackTotal) return { total: 0, relation: 'eq', terminatedEarly: false };
  const key = request.matchKeys.query;
  // Counting them all reads them all: kept, the next search with this query reads no document.
  if (key !== undefined && request.trackLimit === Infinity && request.terminateAfter === Infinity)
    return countOf(
      targets.reduce(
        (sum, target) => sum + viewIndex(target.view).matches(key, request.query).length,
        0,
      ),
      request,
    );
  let total = 0;
  const cap = Math.min(
    request.trackLimit === Infinity ? Infinity : request.trackLimit + 1,
    request.terminateAfter,
  );
  scan(targets, request.query, () => ++total < cap, key);
  return countOf(total, request);
}

/**
 * Sorted by timestamp: walks each index's time-sorted array from the `search_after` point (a binary
 * search) in the asked direction, merging indices, and stops once the page is full.
 */
function byTime(targets: Target[], request: Plan, precounted?: Count): Collected {
  const descending = request.sort?.byTime === 'desc';
  const wanted = request.from + request.size;
  const hits: Doc[] = [];
  if (wanted > 0) {
    const test = request.query.matchesAll ? undefined : request.query.test;
    const cursors = targets.map((target) => timeCursor(target.view, request, descending));
    // Merge the indices' cursors: at each step take the first document in sort order.
    while (hits.length < wanted) {
      let best = -1;
      for (let i = 0; i < cursors.length; i++) {
        const doc = cursors[i].peek(test);
        if (!doc) continue;
        if (best < 0) best = i;
        else {
          const other = cursors[best].peek(test) as Doc;
          const order = doc.ts - other.ts || doc.seq - other.seq;
          if (descending ? order > 0 : order < 0) best = i;
        }
      }
      if (best < 0) break;
      hits.push(cursors[best].take());
    }
    // Documents without a timestamp sort last either way.
    if (hits.length < wanted && !request.query.time.required) {
      const afterSeq = afterUntimedSeq(request);
      for (const target of targets) {
        for (const doc of target.view.untimed) {
          if (hits.length >= wanted) break;
          if (afterSeq !== undefined && (descending ? doc.seq >= afterSeq : doc.seq <= afterSeq))
            continue;
          if (!test || test(doc)) hits.push(doc);
        }
      }
    }
  }
  const counted = precounted ?? count(targets, request);
  return { hits: hits.slice(request.from), ...counted };
}

/** For a `search_after` already past the timed documents (a null timestamp), the `_doc` to resume after. */
function afterUntimedSeq(request: Plan): number | undefined {
  const after = request.after;
  if (!after || after[0] !== null) return undefined;
  return typeof after[1] === 'number' ? after[1] : Infinity;
}

interface Cursor {
  peek(test: ((doc: Doc) => boolean) | undefined): Doc | undefined;
  take(): Doc;
}

function timeCursor(view: DocsView, request: Plan, descending: boolean): Cursor {
  const range = candidates(view, request.query);
  let start = range.start;
  let end = range.end;
  const after = request.after;
  if (after) {
    if (after[0] === null) {
      start = end;
    } else {
      const ts = Number(after[0]);
      const hasSeq = after.length > 1 && typeof after[1] === 'number';
      if (descending)
        end = Math.min(
          end,
          hasSeq ? positionOf(view.timed, ts, after[1] as number) : lowerBound(view.timed, ts),
        );
      else
        start = Math.max(
          start,
          hasSeq
            ? positionOf(view.timed, ts, (after[1] as number) + 1)
            : lowerBound(view.timed, ts, true),
        );
    }
  }
  const docs = view.timed;
  let at = descending ? end - 1 : start;
  let current: Doc | undefined;
  return {
    peek(test) {
      if (current) return current;
      while (descending ? at >= start : at < end) {
        const doc = docs[at];
        at += descending ? -1 : 1;
        if (!test || test(doc)) return (current = doc);
      }
      return undefined;
    },
    take() {
      const doc = current as Doc;
      current = undefined;
      return doc;
    },
  };
}

/** The query and the post filter as one: what the hits must match. */
function hitsQuery(request: Plan): CompiledQuery {
  const { query, postFilter } = request;
  if (!postFilter) return query;
  return { ...query, matchesAll: false, test: (doc) => query.test(doc) && postFilter.test(doc) };
}

/**
 * A sorted page from the view's sort columns (each document's sort value read once per view) over
 * the query's kept matches. A first look selects the page; a query and sort that come again, or a
 * `search_after` page (more pages follow), get the matches' whole order kept, and each page is then
 * a binary search and a slice. One index with documents only: orders of several do not merge.
 */
function indexedPage(targets: Target[], request: Plan): Collected | undefined {
  const { sort, after } = request;
  const key = request.matchKeys.hits;
  const filled = targets.filter((target) => viewIndex(target.view).size > 0);
  if (!sort || key === undefined || request.terminateAfter !== Infinity || filled.length !== 1)
    return undefined;
  const index = viewIndex(filled[0].view);
  const compare = positionComparator(index, sort);
  if (!compare) return undefined;
  const matches = index.matches(key, hitsQuery(request));
  const orderKey = `${key}\n${JSON.stringify(sort.keys.map(sortColumnId))}`;
  const order = index.order(orderKey, () => matches.slice().sort(compare), after !== undefined);
  const counted = countOf(matches.length, request);
  if (!order)
    return {
      hits: pageOf(
        firstPositions(matches, request.from + request.size, compare),
        request.from,
        request.size,
        index,
      ),
      ...counted,
    };
  let start = 0;
  if (after) {
    const afterValues = sort.afterValues(after);
    let high = order.length;
    while (start < high) {
      const middle = (start + high) >>> 1;
      if (sort.compareValues(sort.values(index.doc(order[middle])), afterValues) <= 0)
        start = middle + 1;
      else high = middle;
    }
  }
  return { hits: pageOf(order, start + request.from, request.size, index), ...counted };
}

function pageOf(order: Int32Array, from: number, size: number, index: ViewIndex): Doc[] {
  return Array.from(order.subarray(from, from + size), (position) => index.doc(position));
}

/** Names a sort key's column: the field, how it is read, and what stands in for a missing value. */
function sortColumnId(key: CompiledSort['keys'][number]): string {
  return `sort:${JSON.stringify([key.field, key.type, key.descending, key.missingValue ?? null])}`;
}

/**
 * Orders positions as the sort orders their documents, from the view's sort columns; ties keep
 * position order, as the scan of `generic` does. Undefined when a column cannot be made.
 */
function positionComparator(
  index: ViewIndex,
  sort: CompiledSort,
): ((a: number, b: number) => number) | undefined {
  const keys: Array<{ column: Float64Array; descending: boolean; missingFirst: boolean }> = [];
  for (const key of sort.keys) {
    const column = index.sortColumn(
      sortColumnId(key),
      (doc) => key.value(doc) ?? key.missingValue ?? null,
    );
    if (!column) return undefined;
    keys.push({ column, descending: key.descending, missingFirst: key.missingFirst });
  }
  return (a, b) => {
    for (let i = 0; i < keys.length; i++) {
      const { column, descending, missingFirst } = keys[i];
      const x = column[a];
      const y = column[b];
      if (x === y) continue;
      // Missing values (NaN) sort last (or first) whatever the order.
      if (x !== x) {
        if (y !== y) continue;
        return missingFirst ? -1 : 1;
      }
      if (y !== y) return missingFirst ? 1 : -1;
      return descending ? y - x : x - y;
    }
    return a - b;
  };
}

/**
 * The first `wanted` positions in order, without ordering the rest: a buffer of twice the page is
 * sorted and cut whenever it fills, and a position past the cut's last is dropped on sight.
 */
function firstPositions(
  matches: Int32Array,
  wanted: number,
  compare: (a: number, b: number) => number,
): Int32Array {
  if (wanted === 0) return new Int32Array(0);
  const buffer = new Int32Array(wanted * 2);
  let filled = 0;
  let last = -1;
  for (let at = 0; at < matches.length; at++) {
    const position = matches[at];
    if (last >= 0 && compare(position, last) > 0) continue;
    buffer[filled++] = position;
    if (filled === buffer.length) {
      buffer.sort(compare);
      filled = wanted;
      last = buffer[wanted - 1];
    }
  }
  return buffer.subarray(0, filled).sort(compare).subarray(0, wanted);
}

/**
 * Any other sort (or none): one pass over the matches keeping the best `from + size` in a small
 * sorted buffer, so a page of 100 over a million documents costs a comparison per match; each
 * match's sort key is read once.
 */
function generic(targets: Target[], request: Plan): Collected {
  const wanted = request.from + request.size;
  const sort = request.sort;
  const after = request.after && sort?.afterValues(request.after);
  const post = request.postFilter?.test;
  const unsorted: Doc[] = [];
  const best: Keyed[] = [];
  let total = 0;
  let terminatedEarly = false;
  scan(targets, request.query, (doc) => {
    total++;
    if (total >= request.terminateAfter) terminatedEarly = true;
    if (wanted === 0 || (post && !post(doc))) return !terminatedEarly;
    if (!sort) {
      if (unsorted.length < wanted) unsorted.push(doc);
      else if (!request.trackTotal) return false;
      return !terminatedEarly && (unsorted.length < wanted || total <= request.trackLimit);
    }
    if (
      best.length === wanted &&
      sort.compareKey(0, sort.keys[0].value(doc), best[wanted - 1].values[0]) > 0
    )
      return !terminatedEarly;
    const values = sort.values(doc);
    if (after && sort.compareValues(values, after) <= 0) return !terminatedEarly;
    if (best.length === wanted && sort.compareValues(values, best[wanted - 1].values) >= 0)
      return !terminatedEarly;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sort.compareValues(best[middle].values, values) <= 0) low = middle + 1;
      else high = middle;
    }
    best.splice(low, 0, { doc, values });
    if (best.length > wanted) best.pop();
    return !terminatedEarly;
  });
  let relation: 'eq' | 'gte' = 'eq';
  if (post) total = countPost(targets, request);
  if (!request.trackTotal) total = 0;
  else if (total > request.trackLimit) {
    total = request.trackLimit;
    relation = 'gte';
  }
  const hits = sort ? best.map((entry) => entry.doc) : unsorted;
  return { hits: hits.slice(request.from), total, relation, terminatedEarly };
}

function countPost(targets: Target[], request: Plan): number {
  const key = request.matchKeys.hits;
  const query = hitsQuery(request);
  let total = 0;
  if (key !== undefined)
    for (const target of targets) total += viewIndex(target.view).matches(key, query).length;
  else
    scan(targets, query, () => {
      total++;
      return true;
    });
  return total;
}

function hitJson(doc: Doc, request: Plan): string {
  const source = sourceText(doc, request.source);
  let out = `{"_index":${JSON.stringify(doc.index)},"_id":${JSON.stringify(doc.id)},"_score":${request.sort ? 'null' : '1.0'}`;
  if (source !== undefined) out += `,"_source":${source}`;
  if (request.fields.length > 0)
    out += `,"fields":${JSON.stringify(fieldsOf(doc, request.fields))}`;
  if (request.sort) out += `,"sort":${JSON.stringify(request.sort.values(doc))}`;
  return `${out}}`;
}

function fieldsOf(doc: Doc, fields: string[]): Json {
  const out: Json = {};
  const flat: Array<[string, unknown]> = [];
  forEachLeaf(doc.source, (path, value) => flat.push([path, value]));
  const patterns = fields.map(
    (field) => new RegExp(`^${field.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`),
  );
  for (const [path, value] of flat) {
    if (!patterns.some((pattern) => pattern.test(path))) continue;
    ((out[path] ??= []) as unknown[]).push(value);
  }
  return out;
}

function answer(
  input: SearchInput,
  request: Plan,
  collected: Collected,
  aggs: string | undefined,
  tookMs: number,
): Buffer[] {
  const shards = input.shards ?? input.targets.length;
  const total = request.trackTotal
    ? input.params.get('rest_total_hits_as_int') === 'true'
      ? `${collected.total}`
      : `{"value":${collected.total},"relation":"${collected.relation}"}`
    : undefined;
  const maxScore = request.sort || collected.hits.length === 0 ? 'null' : '1.0';
  let out = `{`;
  if (input.pitId) out += `"pit_id":${JSON.stringify(input.pitId)},`;
  out += `"took":${Math.round(tookMs)},"timed_out":false,`;
  if (collected.terminatedEarly) out += `"terminated_early":true,`;
  out += `"_shards":{"total":${shards},"successful":${shards},"skipped":0,"failed":0},`;
  out += `"hits":{${total === undefined ? '' : `"total":${total},`}"max_score":${maxScore},"hits":[`;
  // Written in buffers of some 32 kB as the hits are serialised: each hit's strings die young, where
  // one string of a 10,000-hit page would outlive collections and cost a full one over every document.
  const chunks: Buffer[] = [];
  collected.hits.forEach((doc, at) => {
    out += at === 0 ? hitJson(doc, request) : `,${hitJson(doc, request)}`;
    if (out.length > 32_768) {
      chunks.push(Buffer.from(out));
      out = '';
    }
  });
  out += ']}';
  if (aggs !== undefined) out += `,"aggregations":${aggs}`;
  chunks.push(Buffer.from(`${out}}`));
  return chunks;
}
