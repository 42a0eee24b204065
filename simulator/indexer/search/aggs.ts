/**
 * Aggregations: each request's tree compiled once into collectors that see every matching document
 * (bucket aggregations open sub-collectors per bucket), then written in OpenSearch's answer shapes,
 * counting buckets against `search.max_buckets`.
 */
import { floorToUnit, formatDate, nextUnit, resolveDateMath, zoneOffsetMs } from '../dates';
import { type Doc, TIME_FIELD } from '../documents';
import { parsingError, shardFailure } from '../errors';
import { fieldReader, forEachValue } from '../fields';
import type { FieldType } from '../mapping';
import { compileQuery } from '../query/compile';
import type { CompileContext, Predicate } from '../query/context';
import { comparable, isNumeric } from '../query/values';
import { compileSort } from './sort';
import { compileSourceFilter, sourceText } from './source-filter';

type Json = Record<string, unknown>;

export const DEFAULT_MAX_BUCKETS = 65_535;

interface Collector {
  collect(doc: Doc): void;
  /** The aggregation's answer; `raw` JSON strings are allowed for hits (top_hits). */
  result(budget: BucketBudget): Json;
}

export interface AggSpec {
  name: string;
  type: string;
  /** The name `typed_keys` gives its answer type (`sterms`, `lterms`, `date_histogram`...). */
  typedName: string;
  make(): Collector;
}

export interface BucketBudget {
  count: number;
  max: number;
  index: string;
  typedKeys: boolean;
}

function answerKey(spec: AggSpec, budget: BucketBudget): string {
  return budget.typedKeys ? `${spec.typedName}#${spec.name}` : spec.name;
}

/** OpenSearch names a terms answer by its values' type. */
function typedName(type: string, options: Json, context: CompileContext): string {
  if (type !== 'terms') return type;
  const field = typeof options.field === 'string' ? options.field : '';
  const fieldType = field === '_index' || field === '_id' ? 'keyword' : context.typeOf(field);
  if (
    fieldType === 'float' ||
    fieldType === 'double' ||
    fieldType === 'half_float' ||
    fieldType === 'scaled_float'
  )
    return 'dterms';
  if (fieldType && (isNumeric(fieldType) || fieldType === 'date' || fieldType === 'boolean'))
    return 'lterms';
  return fieldType ? 'sterms' : 'umterms';
}

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function countBucket(budget: BucketBudget, more = 1): void {
  budget.count += more;
  if (budget.count > budget.max) {
    throw shardFailure(400, budget.index, {
      type: 'too_many_buckets_exception',
      reason: `Trying to create too many buckets. Must be less than or equal to: [${budget.max}] but was [${budget.count}]. This limit can be set by changing the [search.max_buckets] cluster level setting.`,
      max_buckets: budget.max,
    });
  }
}

/** Parses `aggs`/`aggregations` of a request or a bucket into specs. */
export function compileAggs(
  aggs: unknown,
  context: CompileContext,
  index: string,
  maxBuckets: number,
): AggSpec[] {
  if (aggs === undefined || aggs === null) return [];
  if (!isObject(aggs))
    throw parsingError('Aggregation definition must start with an object', context.locate('aggs'));
  return Object.entries(aggs).map(([name, definition]) =>
    compileAgg(name, definition, context, index, maxBuckets),
  );
}

function compileAgg(
  name: string,
  definition: unknown,
  context: CompileContext,
  index: string,
  maxBuckets: number,
): AggSpec {
  if (/[[\]>]/.test(name))
    throw parsingError(
      `Invalid aggregation name [${name}]. Aggregation names can contain any character except '[', ']', and '>'`,
      context.locate(name),
    );
  if (!isObject(definition))
    throw parsingError(
      `Expected [START_OBJECT] under [${name}], but got a value`,
      context.locate(name),
    );
  let type: string | undefined;
  let subs: AggSpec[] = [];
  for (const key of Object.keys(definition)) {
    if (key === 'aggs' || key === 'aggregations')
      subs = compileAggs(definition[key], context, index, maxBuckets);
    else if (key === 'meta') continue;
    else if (type)
      throw parsingError(
        `Found two aggregation type definitions in [${name}]: [${type}] and [${key}]`,
        context.locate(key),
      );
    else type = key;
  }
  if (!type)
    throw parsingError(`Missing definition for aggregation [${name}]`, context.locate(name));
  const builder = BUILDERS[type];
  if (!builder) {
    const position = context.locate(type);
    throw parsingError(`Unknown aggregation type [${type}]`, position, {
      type: 'named_object_not_found_exception',
      reason: `[${position.line}:${position.col}] unknown field [${type}]`,
    });
  }
  const options = definition[type];
  if (!isObject(options))
    throw parsingError(
      `[${type}] malformed, expected an object for [${name}]`,
      context.locate(type),
    );
  if (METRICS.has(type) && subs.length > 0)
    throw simpleAggError(`Aggregator [${name}] of type [${type}] cannot accept sub-aggregations`);
  const make = builder(options, { context, index, subs, name, type, maxBuckets });
  return { name, type, typedName: typedName(type, options, context), make };
}

function simpleAggError(reason: string) {
  return parsingError(reason);
}

interface BuildInput {
  context: CompileContext;
  maxBuckets: number;
  index: string;
  subs: AggSpec[];
  name: string;
  type: string;
}

type Builder = (options: Json, input: BuildInput) => () => Collector;

const METRICS = new Set([
  'value_count',
  'cardinality',
  'min',
  'max',
  'avg',
  'sum',
  'stats',
  'top_hits',
]);

/** A reader of a field's values (or `_index`/`_id`), and the field's type. */
function valueSource(
  options: Json,
  input: BuildInput,
): { read: (doc: Doc) => unknown; type: FieldType | undefined; field: string } {
  const field = options.field;
  if (typeof field !== 'string')
    throw parsingError(
      `Required one of fields [field, script], but none were specified.`,
      input.context.locate(input.type),
    );
  if (field === '_index') return { read: (doc) => doc.index, type: 'keyword', field };
  if (field === '_id') return { read: (doc) => doc.id, type: 'keyword', field };
  const type = input.context.typeOf(field);
  if (field === TIME_FIELD && type === 'date')
    return { read: (doc) => (Number.isNaN(doc.ts) ? undefined : doc.ts), type, field };
  const read = fieldReader(field);
  return { read: (doc) => read(doc.source), type, field };
}

/** A bucket: its count and the sub-aggregations' collectors. */
interface Bucket {
  count: number;
  subs: Collector[];
}

function newBucket(subs: AggSpec[]): Bucket {
  return { count: 0, subs: subs.map((spec) => spec.make()) };
}

function addToBucket(bucket: Bucket, doc: Doc): void {
  bucket.count++;
  for (let i = 0; i < bucket.subs.length; i++) bucket.subs[i].collect(doc);
}

function subResults(bucket: Bucket, subs: AggSpec[], budget: BucketBudget): Json {
  const out: Json = {};
  subs.forEach((spec, at) => {
    out[answerKey(spec, budget)] = bucket.subs[at].result(budget);
  });
  return out;
}

const keyAsString = (type: FieldType | undefined, key: number | string): Json => {
  if (type === 'date') return { key_as_string: formatDate(key as number) };
  if (type === 'boolean') return { key_as_string: key === 1 ? 'true' : 'false' };
  return {};
};

// ---- metrics -------------------------------------------------------------------------------

function numericValues(options: Json, input: BuildInput) {
  const source = valueSource(options, input);
  const missing =
    options.missing === undefined ? undefined : comparable(source.type, options.missing);
  return {
    ...source,
    each(doc: Doc, visit: (value: number) => void) {
      const raw = source.read(doc);
      if ((raw === undefined || raw === null) && typeof missing === 'number') return visit(missing);
      forEachValue(raw, (item) => {
        const value = comparable(source.type === 'keyword' ? undefined : source.type, item);
        if (typeof value === 'number' && !Number.isNaN(value)) visit(value);
      });
    },
  };
}

function withString(type: FieldType | undefined, value: number | null): Json {
  if (value === null || type !== 'date') return { value };
  return { value, value_as_string: formatDate(value) };
}

const buildMinMax =
  (isMax: boolean): Builder =>
  (options, input) => {
    const values = numericValues(options, input);
    if (values.type === 'keyword' || values.type === 'text')
      throw shardFailure(400, input.index, {
        type: 'illegal_argument_exception',
        reason: `Field [${values.field}] of type [${values.type}] is not supported for aggregation [${input.type}]`,
      });
    return () => {
      let best = isMax ? -Infinity : Infinity;
      return {
        collect: (doc) =>
          values.each(doc, (value) => {
            if (isMax ? value > best : value < best) best = value;
          }),
        result: () => withString(values.type, Number.isFinite(best) ? best : null),
      };
    };
  };

const buildSumAvg =
  (kind: 'sum' | 'avg' | 'stats'): Builder =>
  (options, input) => {
    const values = numericValues(options, input);
    if (values.type === 'keyword' || values.type === 'text')
      throw shardFailure(400, input.index, {
        type: 'illegal_argument_exception',
        reason: `Field [${values.field}] of type [${values.type}] is not supported for aggregation [${input.type}]`,
      });
    return () => {
      let sum = 0;
      let count = 0;
      let min = Infinity;
      let max = -Infinity;
      return {
        collect: (doc) =>
          values.each(doc, (value) => {
            sum += value;
            count++;
            if (value < min) min = value;
            if (value > max) max = value;
          }),
        result: () => {
          if (kind === 'sum') return { value: sum };
          if (kind === 'avg') return { value: count === 0 ? null : sum / count };
          const stats: Json = {
            count,
            min: count ? min : null,
            max: count ? max : null,
            avg: count ? sum / count : null,
            sum,
          };
          if (values.type === 'date' && count)
            Object.assign(stats, {
              min_as_string: formatDate(min),
              max_as_string: formatDate(max),
              avg_as_string: formatDate(sum / count),
              sum_as_string: formatDate(sum),
            });
          return stats;
        },
      };
    };
  };

const buildValueCount: Builder = (options, input) => {
  const source = valueSource(options, input);
  return () => {
    let count = 0;
    return {
      collect: (doc) => forEachValue(source.read(doc), () => void count++),
      result: () => ({ value: count }),
    };
  };
};

const buildCardinality: Builder = (options, input) => {
  const source = valueSource(options, input);
  return () => {
    const seen = new Set<unknown>();
    return {
      collect: (doc) => forEachValue(source.read(doc), (item) => void seen.add(item)),
      result: () => ({ value: seen.size }),
    };
  };
};

const buildTopHits: Builder = (options, input) => {
  const size = Number(options.size ?? 3);
  const from = Number(options.from ?? 0);
  const sort = compileSort(options.sort, input.context, input.index);
  const filter = compileSourceFilter(options._source, input.context);
  return () => {
    const docs: Doc[] = [];
    return {
      collect: (doc) => void docs.push(doc),
      result: () => {
        const ordered = sort
          ? docs
              .map((doc) => ({ doc, values: sort.values(doc) }))
              .sort((a, b) => sort.compareValues(a.values, b.values))
              .map((entry) => entry.doc)
          : docs;
        const hits = ordered.slice(from, from + size).map((doc) => {
          const text = sourceText(doc, filter);
          return {
            _index: doc.index,
            _id: doc.id,
            _score: sort ? null : 1,
            ...(text === undefined ? {} : { _source: JSON.parse(text) as Json }),
            ...(sort ? { sort: sort.values(doc) } : {}),
          };
        });
        return {
          hits: {
            total: { value: docs.length, relation: 'eq' },
            max_score: sort ? null : docs.length ? 1 : null,
            hits,
          },
        };
      },
    };
  };
};

// ---- buckets -------------------------------------------------------------------------------

interface OrderSpec {
  key: string;
  descending: boolean;
}

function parseOrder(order: unknown, fallback: OrderSpec[]): OrderSpec[] {
  if (order === undefined) return fallback;
  const list = Array.isArray(order) ? order : [order];
  return list.flatMap((item) =>
    Object.entries(item as Json).map(([key, direction]) => ({
      key,
      descending: String(direction).toLowerCase() === 'desc',
    })),
  );
}

/** Reads a sort value from a bucket: `_count`, `_key`, a metric sub-aggregation or `agg.value`. */
function orderValue(
  bucket: Json,
  key: string,
  subs: AggSpec[] = [],
  budget?: BucketBudget,
): number | string {
  if (key === '_count') return bucket.doc_count as number;
  if (key === '_key' || key === '_term') return bucket.key as number | string;
  const [name, metric = 'value'] = key.split('.');
  const spec = subs.find((item) => item.name === name);
  const sub = bucket[spec && budget ? answerKey(spec, budget) : name] as Json | undefined;
  const value = sub?.[metric] ?? (sub?.doc_count as number | undefined);
  return typeof value === 'number' ? value : -Infinity;
}

function sortBuckets(
  buckets: Json[],
  order: OrderSpec[],
  subs?: AggSpec[],
  budget?: BucketBudget,
): void {
  const keys = [...order];
  if (!keys.some((item) => item.key === '_key' || item.key === '_term'))
    keys.push({ key: '_key', descending: false });
  buckets.sort((a, b) => {
    for (const { key, descending } of keys) {
      const x = orderValue(a, key, subs, budget);
      const y = orderValue(b, key, subs, budget);
      if (x !== y) return (x < y ? -1 : 1) * (descending ? -1 : 1);
    }
    return 0;
  });
}

function includeExclude(value: unknown): ((key: string) => boolean) | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) {
    const set = new Set(value.map(String));
    return (key) => set.has(key);
  }
  if (typeof value === 'string') {
    const pattern = new RegExp(`^(?:${value})$`);
    return (key) => pattern.test(key);
  }
  return undefined;
}

const buildTerms: Builder = (options, input) => {
  const source = valueSource(options, input);
  const size = Number(options.size ?? 10);
  if (!Number.isInteger(size) || size < 1)
    throw parsingError(
      `[size] must be greater than 0. Found [${options.size}] in [${input.name}]`,
      input.context.locate('size'),
    );
  const minDocCount = Number(options.min_doc_count ?? 1);
  const order = parseOrder(options.order, [{ key: '_count', descending: true }]);
  const include = includeExclude(options.include);
  const exclude = includeExclude(options.exclude);
  const numeric = isNumeric(source.type) || source.type === 'date' || source.type === 'boolean';
  const missing = options.missing;
  const toKey = (item: unknown): number | string | undefined => {
    if (!numeric) return typeof item === 'string' ? item : String(item);
    const value = comparable(source.type, item);
    return typeof value === 'number' && !Number.isNaN(value) ? value : undefined;
  };
  const missingKey = missing === undefined ? undefined : toKey(missing);
  return () => {
    const buckets = new Map<number | string, Bucket>();
    const add = (key: number | string, doc: Doc) => {
      let bucket = buckets.get(key);
      if (!bucket) buckets.set(key, (bucket = newBucket(input.subs)));
      addToBucket(bucket, doc);
    };
    return {
      collect(doc) {
        const raw = source.read(doc);
        if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) {
          if (missingKey !== undefined) add(missingKey, doc);
          return;
        }
        if (!Array.isArray(raw)) {
          const key = toKey(raw);
          if (key !== undefined) add(key, doc);
          return;
        }
        // A document counts once per distinct value.
        const seen = raw.length > 1 ? new Set<number | string>() : undefined;
        for (const item of raw) {
          if (item === null || item === undefined) continue;
          const key = toKey(item);
          if (key === undefined || seen?.has(key)) continue;
          seen?.add(key);
          add(key, doc);
        }
      },
      result(budget) {
        let list: Array<[number | string, Bucket]> = [...buckets];
        if (include) list = list.filter(([key]) => include(String(key)));
        if (exclude) list = list.filter(([key]) => !exclude(String(key)));
        list = list.filter(([, bucket]) => bucket.count >= minDocCount);
        const needsSubs = order.some(
          (item) => item.key !== '_count' && item.key !== '_key' && item.key !== '_term',
        );
        const rows: Array<Json & { bucket?: Bucket }> = list.map(([key, bucket]) => ({
          key,
          doc_count: bucket.count,
          bucket,
        }));
        if (needsSubs)
          for (const row of rows)
            Object.assign(
              row,
              subResults(row.bucket as Bucket, input.subs, { ...budget, max: Infinity }),
            );
        sortBuckets(rows, order, input.subs, budget);
        const shown = rows.slice(0, size);
        let other = 0;
        for (const row of rows.slice(size)) other += row.doc_count as number;
        countBucket(budget, shown.length);
        return {
          doc_count_error_upper_bound: 0,
          sum_other_doc_count: other,
          buckets: shown.map((row) => {
            const bucket = row.bucket as Bucket;
            const subs = needsSubs
              ? Object.fromEntries(input.subs.map((spec) => [spec.name, row[spec.name]]))
              : subResults(bucket, input.subs, budget);
            return {
              key: row.key,
              ...keyAsString(source.type, row.key as number | string),
              doc_count: row.doc_count,
              ...subs,
            };
          }),
        };
      },
    };
  };
};

const FIXED_UNITS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};
const CALENDAR_UNITS: Record<string, string> = {
  minute: 'm',
  '1m': 'm',
  hour: 'h',
  '1h': 'h',
  day: 'd',
  '1d': 'd',
  week: 'w',
  '1w': 'w',
  month: 'M',
  '1M': 'M',
  quarter: 'q',
  '1q': 'q',
  year: 'y',
  '1y': 'y',
};

function parseFixedInterval(text: string): number | undefined {
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(text);
  return match ? Number(match[1]) * FIXED_UNITS[match[2]] : undefined;
}

interface Histogram {
  /** The bucket key holding a value. */
  floor(value: number): number;
  /** The key after a bucket's key, to fill empty buckets. */
  next(key: number): number;
}

function dateHistogram(options: Json, input: BuildInput): Histogram {
  const zone = typeof options.time_zone === 'string' ? options.time_zone : undefined;
  const offset =
    typeof options.offset === 'string'
      ? (parseFixedInterval(options.offset.replace(/^[+-]/, '')) ?? 0) *
        (options.offset.startsWith('-') ? -1 : 1)
      : Number(options.offset ?? 0);
  const fixedText =
    options.fixed_interval ??
    (typeof options.interval === 'string' && !(options.interval in CALENDAR_UNITS)
      ? options.interval
      : undefined);
  const calendarText =
    options.calendar_interval ??
    (typeof options.interval === 'string' && options.interval in CALENDAR_UNITS
      ? options.interval
      : undefined);
  if (fixedText !== undefined && calendarText !== undefined)
    throw badAgg(
      input,
      'Cannot use [fixed_interval] with [calendar_interval] configuration option.',
    );
  if (fixedText !== undefined) {
    const interval = parseFixedInterval(String(fixedText));
    if (!interval)
      throw badAgg(
        input,
        `failed to parse setting [date_histogram.fixedInterval] with value [${fixedText}] as a time value: unit is missing or unrecognized`,
      );
    return {
      floor: (value) => {
        const local = value + zoneOffsetMs(zone, value) - offset;
        return Math.floor(local / interval) * interval + offset - zoneOffsetMs(zone, value);
      },
      next: (key) => key + interval,
    };
  }
  if (calendarText === undefined)
    throw badAgg(input, 'Invalid interval specified, must be non-null and non-empty');
  const unit = CALENDAR_UNITS[String(calendarText)];
  if (!unit)
    throw badAgg(
      input,
      `The supplied interval [${calendarText}] could not be parsed as a calendar interval.`,
    );
  let lastStart = NaN;
  let lastEnd = NaN;
  return {
    floor: (value) => {
      // Documents arrive mostly in time order: the previous bucket usually holds the next one too.
      if (value >= lastStart && value < lastEnd) return lastStart;
      lastStart = floorToUnit(value - offset, unit, zone) + offset;
      lastEnd = nextUnit(lastStart - offset, unit, zone) + offset;
      return lastStart;
    },
    next: (key) => nextUnit(key - offset, unit, zone) + offset,
  };
}

function badAgg(input: BuildInput, reason: string) {
  return shardFailure(400, input.index, { type: 'illegal_argument_exception', reason });
}

function numericHistogram(options: Json, input: BuildInput): Histogram {
  const interval = Number(options.interval);
  if (!(interval > 0))
    throw parsingError(
      `[interval] must be >0 for histogram aggregation [${input.name}]`,
      input.context.locate('interval'),
    );
  const offset = Number(options.offset ?? 0);
  return {
    floor: (value) => Math.floor((value - offset) / interval) * interval + offset,
    next: (key) => key + interval,
  };
}

const buildHistogram =
  (dates: boolean): Builder =>
  (options, input) => {
    const source = valueSource(options, input);
    const histogram = dates ? dateHistogram(options, input) : numericHistogram(options, input);
    const minDocCount = Number(options.min_doc_count ?? 0);
    const order = parseOrder(options.order, [{ key: '_key', descending: false }]);
    const zone = typeof options.time_zone === 'string' ? options.time_zone : undefined;
    const bounds = (value: unknown, roundUp: boolean): number | undefined => {
      if (value === undefined || value === null) return undefined;
      if (!dates) return Number(value);
      return resolveDateMath(value as string | number, {
        now: input.context.now,
        roundUp,
        zone,
        format: options.format as string | undefined,
      });
    };
    const extended = isObject(options.extended_bounds) ? options.extended_bounds : undefined;
    const hard = isObject(options.hard_bounds) ? options.hard_bounds : undefined;
    const extendedLow = bounds(extended?.min, false);
    const extendedHigh = bounds(extended?.max, true);
    const hardLow = bounds(hard?.min, false);
    const hardHigh = bounds(hard?.max, true);
    const keyText = (key: number): Json => {
      if (!dates) return {};
      const shift = zoneOffsetMs(zone, key);
      if (shift === 0) return { key_as_string: formatDate(key) };
      const sign = shift < 0 ? '-' : '+';
      const minutes = Math.abs(shift) / 60_000;
      return {
        key_as_string: `${formatDate(key + shift).slice(0, -1)}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
      };
    };
    const read = source.field === TIME_FIELD && source.type === 'date' ? undefined : source.read;
    return () => {
      const buckets = new Map<number, Bucket>();
      let budgetCheck = 0;
      const add = (value: number, doc: Doc) => {
        if (
          (hardLow !== undefined && value < hardLow) ||
          (hardHigh !== undefined && value > hardHigh)
        )
          return;
        const key = histogram.floor(value);
        let bucket = buckets.get(key);
        if (!bucket) {
          buckets.set(key, (bucket = newBucket(input.subs)));
          // One histogram alone past the limit fails while collecting, before it fills memory.
          if (++budgetCheck > input.maxBuckets) countBucketsEarly(input, budgetCheck);
        }
        addToBucket(bucket, doc);
      };
      return {
        collect(doc) {
          if (!read) {
            if (!Number.isNaN(doc.ts)) add(doc.ts, doc);
            return;
          }
          forEachValue(read(doc), (item) => {
            const value = comparable(source.type, item);
            if (typeof value === 'number' && !Number.isNaN(value)) add(value, doc);
          });
        },
        result(budget) {
          let keys = [...buckets.keys()].sort((a, b) => a - b);
          if (minDocCount === 0) {
            let low = keys.length ? keys[0] : undefined;
            let high = keys.length ? keys[keys.length - 1] : undefined;
            if (extendedLow !== undefined)
              low =
                low === undefined
                  ? histogram.floor(extendedLow)
                  : Math.min(low, histogram.floor(extendedLow));
            if (extendedHigh !== undefined)
              high =
                high === undefined
                  ? histogram.floor(extendedHigh)
                  : Math.max(high, histogram.floor(extendedHigh));
            if (hardLow !== undefined && low !== undefined)
              low = Math.max(low, histogram.floor(hardLow));
            if (hardHigh !== undefined && high !== undefined)
              high = Math.min(high, histogram.floor(hardHigh));
            if (low !== undefined && high !== undefined) {
              keys = [];
              for (let key = low; key <= high; key = histogram.next(key)) {
                keys.push(key);
                if (keys.length > budget.max) countBucket(budget, keys.length);
              }
            }
          } else keys = keys.filter((key) => (buckets.get(key) as Bucket).count >= minDocCount);
          countBucket(budget, keys.length);
          const rows = keys.map((key) => {
            const bucket = buckets.get(key) ?? newBucket(input.subs);
            return {
              ...keyText(key),
              key,
              doc_count: bucket.count,
              ...subResults(bucket, input.subs, budget),
            };
          });
          if (!(order.length === 1 && order[0].key === '_key' && !order[0].descending))
            sortBuckets(rows, order, input.subs, budget);
          return { buckets: rows };
        },
      };
    };
  };

function countBucketsEarly(input: BuildInput, count: number): never {
  countBucket({ count: 0, max: input.maxBuckets, index: input.index, typedKeys: false }, count);
  throw new Error('unreachable: the count is past the limit');
}

function rangeKeyPart(value: number | undefined, dates: boolean): string {
  if (value === undefined) return '*';
  if (dates) return formatDate(value);
  return Number.isInteger(value) ? `${value}.0` : String(value);
}

const buildRange =
  (dates: boolean): Builder =>
  (options, input) => {
    const source = valueSource(options, input);
    if (!Array.isArray(options.ranges))
      throw parsingError(
        `No [ranges] specified for the [${input.name}] aggregation`,
        input.context.locate('ranges'),
      );
    const convert = (value: unknown): number | undefined => {
      if (value === undefined || value === null) return undefined;
      if (dates)
        return resolveDateMath(value as string | number, {
          now: input.context.now,
          roundUp: false,
          format: options.format as string | undefined,
          zone: options.time_zone as string | undefined,
        });
      return Number(value);
    };
    const ranges = (options.ranges as Json[]).map((range) => ({
      from: convert(range.from),
      to: convert(range.to),
      key: range.key as string | undefined,
    }));
    const keyed = options.keyed === true;
    return () => {
      const buckets = ranges.map(() => newBucket(input.subs));
      return {
        collect(doc) {
          const raw = source.read(doc);
          if (raw === undefined || raw === null) return;
          if (!Array.isArray(raw)) {
            const value = typeof raw === 'number' ? raw : comparable(source.type, raw);
            if (typeof value !== 'number' || Number.isNaN(value)) return;
            for (let at = 0; at < ranges.length; at++) {
              const range = ranges[at];
              if (
                (range.from === undefined || value >= range.from) &&
                (range.to === undefined || value < range.to)
              )
                addToBucket(buckets[at], doc);
            }
            return;
          }
          // A document counts once per range, however many of its values fall in it.
          for (let at = 0; at < ranges.length; at++) {
            const range = ranges[at];
            for (const item of raw) {
              const value = typeof item === 'number' ? item : comparable(source.type, item);
              if (typeof value !== 'number' || Number.isNaN(value)) continue;
              if (
                (range.from === undefined || value >= range.from) &&
                (range.to === undefined || value < range.to)
              ) {
                addToBucket(buckets[at], doc);
                break;
              }
            }
          }
        },
        result(budget) {
          countBucket(budget, ranges.length);
          const rows = ranges.map((range, at) => ({
            key: range.key ?? `${rangeKeyPart(range.from, dates)}-${rangeKeyPart(range.to, dates)}`,
            ...(range.from === undefined
              ? {}
              : { from: range.from, ...(dates ? { from_as_string: formatDate(range.from) } : {}) }),
            ...(range.to === undefined
              ? {}
              : { to: range.to, ...(dates ? { to_as_string: formatDate(range.to) } : {}) }),
            doc_count: buckets[at].count,
            ...subResults(buckets[at], input.subs, budget),
          }));
          if (!keyed) return { buckets: rows };
          return { buckets: Object.fromEntries(rows.map(({ key, ...rest }) => [key, rest])) };
        },
      };
    };
  };

const buildFilters: Builder = (options, input) => {
  const filters = options.filters;
  const named = isObject(filters);
  if (!named && !Array.isArray(filters))
    throw parsingError(
      `[filters] must be an object or an array in [${input.name}]`,
      input.context.locate('filters'),
    );
  const entries: Array<[string, Predicate]> = (
    named
      ? Object.entries(filters)
      : (filters as unknown[]).map((query, at) => [String(at), query] as const)
  ).map(([key, query]) => [key, compileQuery(query, input.context).test]);
  const otherKey =
    typeof options.other_bucket_key === 'string'
      ? options.other_bucket_key
      : options.other_bucket === true
        ? '_other_'
        : undefined;
  const keyed = options.keyed !== false && named;
  return () => {
    const buckets = entries.map(() => newBucket(input.subs));
    const other = otherKey ? newBucket(input.subs) : undefined;
    return {
      collect(doc) {
        let matched = false;
        for (let i = 0; i < entries.length; i++) {
          if (entries[i][1](doc)) {
            matched = true;
            addToBucket(buckets[i], doc);
          }
        }
        if (!matched && other) addToBucket(other, doc);
      },
      result(budget) {
        const rows: Array<[string, Json]> = entries.map(([key], at) => [
          key,
          { doc_count: buckets[at].count, ...subResults(buckets[at], input.subs, budget) },
        ]);
        if (other && otherKey)
          rows.push([
            otherKey,
            { doc_count: other.count, ...subResults(other, input.subs, budget) },
          ]);
        countBucket(budget, rows.length);
        if (keyed) return { buckets: Object.fromEntries(rows) };
        return { buckets: rows.map(([key, row]) => (named ? { key, ...row } : row)) };
      },
    };
  };
};

const buildFilter: Builder = (options, input) => {
  const test = compileQuery(options, input.context).test;
  return () => {
    const bucket = newBucket(input.subs);
    return {
      collect: (doc) => {
        if (test(doc)) addToBucket(bucket, doc);
      },
      result: (budget) => ({ doc_count: bucket.count, ...subResults(bucket, input.subs, budget) }),
    };
  };
};

const buildMissing: Builder = (options, input) => {
  const source = valueSource(options, input);
  return () => {
    const bucket = newBucket(input.subs);
    return {
      collect: (doc) => {
        const raw = source.read(doc);
        if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0))
          addToBucket(bucket, doc);
      },
      result: (budget) => ({ doc_count: bucket.count, ...subResults(bucket, input.subs, budget) }),
    };
  };
};

const BUILDERS: Record<string, Builder> = {
  terms: buildTerms,
  date_histogram: buildHistogram(true),
  histogram: buildHistogram(false),
  range: buildRange(false),
  date_range: buildRange(true),
  filters: buildFilters,
  filter: buildFilter,
  missing: buildMissing,
  value_count: buildValueCount,
  cardinality: buildCardinality,
  min: buildMinMax(false),
  max: buildMinMax(true),
  avg: buildSumAvg('avg'),
  sum: buildSumAvg('sum'),
  stats: buildSumAvg('stats'),
  top_hits: buildTopHits,
};

/** Runs the top-level aggregations: a collector per spec, fed by the search, answered at the end. */
export function startAggs(specs: AggSpec[]): {
  collect(doc: Doc): void;
  result(budget: BucketBudget): Json;
} {
  const collectors = specs.map((spec) => spec.make());
  return {
    collect(doc) {
      for (let i = 0; i < collectors.length; i++) collectors[i].collect(doc);
    },
    result(budget) {
      const out: Json = {};
      specs.forEach((spec, at) => {
        out[answerKey(spec, budget)] = collectors[at].result(budget);
      });
      return out;
    },
  };
}
