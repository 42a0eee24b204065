/** `terms`: a bucket per value, ordered by count, key or a metric sub-aggregation. */
import type { Doc } from '../../documents';
import { parsingError } from '../../errors';
import { comparable, isNumeric } from '../../query/values';
import { type ColumnValue, MISSING_VALUE, SEVERAL } from '../view-index';
import {
  type AggSpec,
  type Bucket,
  type BucketBudget,
  type Builder,
  type Collector,
  type Json,
  addToBucket,
  answerKey,
  countBucket,
  keyAsString,
  newBucket,
  subResults,
  valueSource,
} from './core';

export interface OrderSpec {
  key: string;
  descending: boolean;
}

export function parseOrder(order: unknown, fallback: OrderSpec[]): OrderSpec[] {
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

export function sortBuckets(
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

export const buildTerms: Builder = (options, input) => {
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
  const columnId = `terms:${source.field}:${numeric ? source.type : 'keyword'}`;
  /** A document's one key, none, or SEVERAL for the rest (which `collect` reads as they are). */
  const columnValue = (doc: Doc): ColumnValue => {
    const raw = source.read(doc);
    if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) return null;
    const single = Array.isArray(raw) ? (raw.length === 1 ? raw[0] : null) : raw;
    const key = single === null || single === undefined ? undefined : toKey(single);
    return key === undefined ? SEVERAL : key;
  };
  return () => {
    const buckets = new Map<number | string, Bucket>();
    const bucketOf = (key: number | string) => {
      let bucket = buckets.get(key);
      if (!bucket) buckets.set(key, (bucket = newBucket(input.subs)));
      return bucket;
    };
    const add = (key: number | string, doc: Doc) => addToBucket(bucketOf(key), doc);
    const collector: Collector = {
      // Counted by ordinal: a bucket with sub-aggregations needs its documents, so reads them.
      collectMatches:
        input.subs.length > 0
          ? undefined
          : ({ index, positions }) => {
              const { ords, values } = index.column(columnId, columnValue);
              const counts = new Int32Array(values.length);
              let missingCount = 0;
              for (let at = 0; at < positions.length; at++) {
                const ord = ords[positions[at]];
                if (ord >= 0) counts[ord]++;
                else if (ord === MISSING_VALUE) missingCount++;
                else collector.collect(index.doc(positions[at]));
              }
              counts.forEach((count, ord) => {
                if (count > 0) bucketOf(values[ord]).count += count;
              });
              if (missingKey !== undefined && missingCount > 0)
                bucketOf(missingKey).count += missingCount;
            },
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
    return collector;
  };
};
