/**
 * The shapes the dashboard reads out of an indexer answer, checked where they are read: anything
 * else (`hits: [null]`, null buckets, a date key no date has, a total that is no count) is an
 * `indexer_bad_answer`, never a crash further on. Each reader takes the part of the answer it needs.
 */
import { badAnswer } from './errors';

/** One hit as a search answers it. */
export interface IndexerHit {
  _id: string;
  _index: string;
  _source?: Record<string, unknown>;
  sort?: unknown[];
}

export interface IndexerTotal {
  value: number;
  relation: 'eq' | 'gte';
}

/** One bucket of a terms, histogram or range aggregation. */
export interface IndexerBucket {
  key: string | number;
  key_as_string?: string;
  doc_count: number;
  [name: string]: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A document count: a whole number from 0 up. */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function readHit(value: unknown, at: number): IndexerHit {
  if (
    !isObject(value) ||
    typeof value._id !== 'string' ||
    typeof value._index !== 'string' ||
    (value._source !== undefined && !isObject(value._source)) ||
    (value.sort !== undefined && !Array.isArray(value.sort))
  )
    throw badAnswer(`hit ${at} is not a document`);
  return value as unknown as IndexerHit;
}

/**
 * The hits of a search answer, at most `asked` of them (an indexer that sends more is not believed
 * past what was asked), each checked; with its total when it has one.
 */
export function searchHits(
  answer: unknown,
  asked: number,
): { hits: IndexerHit[]; total?: IndexerTotal } {
  const hits = isObject(answer) ? answer.hits : undefined;
  if (!isObject(hits) || !Array.isArray(hits.hits)) throw badAnswer('a search answer without hits');
  const total = hits.total;
  if (
    total !== undefined &&
    !(
      isObject(total) &&
      isCount(total.value) &&
      (total.relation === 'eq' || total.relation === 'gte')
    )
  )
    throw badAnswer('a total that is not a count');
  return {
    hits: hits.hits.slice(0, asked).map(readHit),
    ...(total !== undefined && { total: total as unknown as IndexerTotal }),
  };
}

/** The buckets of the aggregation `raw` (a terms, histogram or range one), each checked. */
export function bucketList(raw: unknown, name: string): IndexerBucket[] {
  const buckets = isObject(raw) ? raw.buckets : undefined;
  if (!Array.isArray(buckets)) throw badAnswer(`aggregation ${name} without buckets`);
  return buckets.map((bucket: unknown, at) => {
    if (
      !isObject(bucket) ||
      !isCount(bucket.doc_count) ||
      !(
        typeof bucket.key === 'string' ||
        (typeof bucket.key === 'number' && Number.isFinite(bucket.key))
      ) ||
      (bucket.key_as_string !== undefined && typeof bucket.key_as_string !== 'string')
    )
      throw badAnswer(`bucket ${at} of aggregation ${name} is not a bucket`);
    return bucket as IndexerBucket;
  });
}

/** The keyed buckets of a filters aggregation (none when the answer has no such aggregation). */
export function keyedBuckets(
  answer: unknown,
  name: string,
): Record<string, { doc_count?: unknown } | undefined> {
  const aggregations = isObject(answer) ? answer.aggregations : undefined;
  const buckets =
    isObject(aggregations) && isObject(aggregations[name]) ? aggregations[name].buckets : undefined;
  return isObject(buckets) ? (buckets as Record<string, { doc_count?: unknown }>) : {};
}

/** Most milliseconds from the epoch a JavaScript date holds either way. */
const MAX_DATE_MS = 8.64e15;

/** A date bucket's key as an instant; a key no date has is a bad answer. */
export function dateKey(key: string | number, name: string): Date {
  if (typeof key !== 'number' || Math.abs(key) > MAX_DATE_MS)
    throw badAnswer(`a date key of aggregation ${name} that is no date`);
  return new Date(key);
}
