/**
 * What every aggregation family shares: the compiled spec, the bucket budget of
 * `search.max_buckets`, buckets with their sub-aggregations, and field readers.
 */
import { formatDate } from '../../dates';
import { type Doc, TIME_FIELD } from '../../documents';
import { parsingError, shardFailure } from '../../errors';
import { fieldReader } from '../../fields';
import type { FieldType } from '../../mapping';
import type { CompileContext } from '../../query/context';
import { isNumeric } from '../../query/values';
import type { Matches } from '../view-index';

export type Json = Record<string, unknown>;

export const DEFAULT_MAX_BUCKETS = 65_535;

export interface Collector {
  collect(doc: Doc): void;
  /** Collects a view's matches at once, from columns, where the aggregation can. */
  collectMatches?(matches: Matches): void;
  /** The aggregation's answer. */
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

export function answerKey(spec: AggSpec, budget: BucketBudget): string {
  return budget.typedKeys ? `${spec.typedName}#${spec.name}` : spec.name;
}

/** OpenSearch names a terms answer by its values' type. */
export function typedName(type: string, options: Json, context: CompileContext): string {
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

export const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function countBucket(budget: BucketBudget, more = 1): void {
  budget.count += more;
  if (budget.count > budget.max) {
    throw shardFailure(400, budget.index, {
      type: 'too_many_buckets_exception',
      reason: `Trying to create too many buckets. Must be less than or equal to: [${budget.max}] but was [${budget.count}]. This limit can be set by changing the [search.max_buckets] cluster level setting.`,
      max_buckets: budget.max,
    });
  }
}

export interface BuildInput {
  context: CompileContext;
  maxBuckets: number;
  index: string;
  subs: AggSpec[];
  name: string;
  type: string;
}

export type Builder = (options: Json, input: BuildInput) => () => Collector;

/** A reader of a field's values (or `_index`/`_id`), and the field's type. */
export function valueSource(
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
export interface Bucket {
  count: number;
  subs: Collector[];
}

export function newBucket(subs: AggSpec[]): Bucket {
  return { count: 0, subs: subs.map((spec) => spec.make()) };
}

/** Feeds a view's matches to collectors: at once where one can, else document by document. */
export function collectAll(collectors: readonly Collector[], matches: Matches): void {
  const oneByOne = collectors.filter((collector) => {
    if (!collector.collectMatches) return true;
    collector.collectMatches(matches);
    return false;
  });
  if (oneByOne.length > 0)
    forEachMatch(matches, (doc) => {
      for (let i = 0; i < oneByOne.length; i++) oneByOne[i].collect(doc);
    });
}

export function forEachMatch({ index, positions }: Matches, visit: (doc: Doc) => void): void {
  for (let at = 0; at < positions.length; at++) visit(index.doc(positions[at]));
}

export function addToBucket(bucket: Bucket, doc: Doc): void {
  bucket.count++;
  for (let i = 0; i < bucket.subs.length; i++) bucket.subs[i].collect(doc);
}

export function subResults(bucket: Bucket, subs: AggSpec[], budget: BucketBudget): Json {
  const out: Json = {};
  subs.forEach((spec, at) => {
    out[answerKey(spec, budget)] = bucket.subs[at].result(budget);
  });
  return out;
}

export const keyAsString = (type: FieldType | undefined, key: number | string): Json => {
  if (type === 'date') return { key_as_string: formatDate(key as number) };
  if (type === 'boolean') return { key_as_string: key === 1 ? 'true' : 'false' };
  return {};
};
