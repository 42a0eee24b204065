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
  /** A point in time's matches in sort order, by query and sort: its documents never change. */
  sortedMatches?: Map<string, Keyed[]>;
}

/** How many query and sort pairs a point in time keeps the sorted matches of. */
const SORTED_MATCHES_PER_PIT = 4;

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

function plan(input: SearchInput, context: CompileContext): Plan {
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
  return {
    query: compileQuery(query, context),
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

/** The slice of a target's documents a query's time bounds allow. */
function candidateRange(
  view: DocsView,
  query: CompiledQuery,
): { start: number; end: number; untimed: boolean } {
  const { low, high, required } = query.time;
  const start = low === -Infinity ? 0 : lowerBound(view.timed, low);
  const end = high === Infinity ? view.timed.length : lowerBound(view.timed, high, true);
  return { start, end: Math.max(start, end), untimed: !required };
}

/** Calls `visit` for each matching document in no particular order; stops when it returns false. */
function scan(targets: Target[], query: CompiledQuery, visit: (doc: Doc) => boolean): void {
  const test = query.matchesAll ? undefined : query.test;
  for (const target of targets) {
    const { start, end, untimed } = candidateRange(target.view, query);
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
  const request = plan(input, context);
  // Aggregations see every match anyway: the same pass counts them, so the hits need no count of their own.
  const aggregated = request.aggs.length > 0 ? aggregate(input, request) : undefined;
  const counted = aggregated && !request.postFilter ? aggregated.counted : undefined;
  const collected =
    request.sort?.byTime && !request.postFilter
      ? byTime(input.targets, request, counted)
      : counted && request.from + request.size === 0
        ? { hits: [], ...counted }
        : (pitPage(input, request) ?? generic(input.targets, request));
  return answer(input, request, collected, aggregated?.json, performance.now() - started);
}

type Count = { total: number; relation: 'eq' | 'gte'; terminatedEarly: boolean };

function aggregate(input: SearchInput, request: Plan): { json: string; counted: Count } {
  const aggs = startAggs(request.aggs);
  let seen = 0;
  scan(input.targets, request.query, (doc) => {
    aggs.collect(doc);
    return ++seen < request.terminateAfter;
  });
  let counted: Count = { total: 0, relation: 'eq', terminatedEarly: false };
  if (request.terminateAfter !== Infinity && seen >= request.terminateAfter)
    counted = { total: seen, relation: 'eq', terminatedEarly: true };
  else if (seen > request.trackLimit)
    counted = { total: request.trackLimit, relation: 'gte', terminatedEarly: false };
  else if (request.trackTotal) counted = { total: seen, relation: 'eq', terminatedEarly: false };
  const budget: BucketBudget = {
    count: 0,
    max: input.maxBuckets ?? DEFAULT_MAX_BUCKETS,
    index: input.targets[0]?.name ?? '*',
    typedKeys: input.params.get('typed_keys') === 'true',
  };
  return { json: JSON.stringify(aggs.result(budget)), counted };
}

/** Counts matches up to the tracking limit (or all, or a terminate_after cap). */
function count(
  targets: Target[],
  request: Plan,
): { total: number; relation: 'eq' | 'gte'; terminatedEarly: boolean } {
  if (!request.trackTotal) return { total: 0, relation: 'eq', terminatedEarly: false };
  let total = 0;
  const cap = Math.min(
    request.trackLimit === Infinity ? Infinity : request.trackLimit + 1,
    request.terminateAfter,
  );
  scan(targets, request.query, () => ++total < cap);
  if (request.terminateAfter !== Infinity && total >= request.terminateAfter)
    return { total, relation: 'eq', terminatedEarly: true };
  if (total > request.trackLimit)
    return { total: request.trackLimit, relation: 'gte', terminatedEarly: false };
  return { total, relation: 'eq', terminatedEarly: false };
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
  const range = candidateRange(view, request.query);
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

/**
 * A `search_after` page inside a point in time: its matches are sorted once per query and sort, and
 * each later page is a binary search and a slice. A first page is left to `generic`, which needs no
 * sort of every match. A query reading `now` is left out: each search resolves it afresh.
 */
function pitPage(input: SearchInput, request: Plan): Collected | undefined {
  const { sort, after } = request;
  const cache = input.sortedMatches;
  if (!cache || !sort || !after || request.terminateAfter !== Infinity) return undefined;
  const { body, params } = input;
  const key = JSON.stringify([
    body.query,
    body.post_filter,
    body.sort,
    params.get('q'),
    params.get('sort'),
  ]);
  if (/\bnow\b/.test(key)) return undefined;
  let sorted = cache.get(key);
  if (!sorted) {
    sorted = [];
    const post = request.postFilter?.test;
    const matches = sorted;
    scan(input.targets, request.query, (doc) => {
      if (!post || post(doc)) matches.push({ doc, values: sort.values(doc) });
      return true;
    });
    sorted.sort((a, b) => sort.compareValues(a.values, b.values));
    if (cache.size >= SORTED_MATCHES_PER_PIT) cache.delete(cache.keys().next().value as string);
    cache.set(key, sorted);
  }
  const afterValues = sort.afterValues(after);
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sort.compareValues(sorted[middle].values, afterValues) <= 0) low = middle + 1;
    else high = middle;
  }
  const hits = sorted.slice(low, low + request.size).map((entry) => entry.doc);
  if (!request.trackTotal) return { hits, total: 0, relation: 'eq', terminatedEarly: false };
  return sorted.length > request.trackLimit
    ? { hits, total: request.trackLimit, relation: 'gte', terminatedEarly: false }
    : { hits, total: sorted.length, relation: 'eq', terminatedEarly: false };
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
  let total = 0;
  const post = request.postFilter?.test as (doc: Doc) => boolean;
  scan(targets, request.query, (doc) => {
    if (post(doc)) total++;
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
