/**
 * Aggregations: each request's tree compiled once into collectors that see every matching document
 * (bucket aggregations open sub-collectors per bucket), then written in OpenSearch's answer shapes,
 * counting buckets against `search.max_buckets`. Only the families the dashboard asks for exist; any
 * other type is refused as OpenSearch refuses an unknown one.
 */
import type { Doc } from '../../documents';
import { parsingError } from '../../errors';
import type { CompileContext } from '../../query/context';
import type { Matches } from '../view-index';
import { buildTerms } from './buckets-terms';
import {
  type AggSpec,
  type BucketBudget,
  type Builder,
  type Json,
  answerKey,
  collectAll,
  isObject,
  typedName,
} from './core';
import { buildFilter, buildFilters } from './filters';
import { buildDateHistogram } from './histograms';
import { buildMax, buildAvg, buildSum } from './metrics';
import { buildRange } from './ranges';

export { type AggSpec, type BucketBudget, DEFAULT_MAX_BUCKETS } from './core';

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

const BUILDERS: Record<string, Builder> = {
  terms: buildTerms,
  date_histogram: buildDateHistogram,
  range: buildRange,
  filters: buildFilters,
  filter: buildFilter,
  max: buildMax,
  avg: buildAvg,
  sum: buildSum,
};

const METRICS = new Set(['max', 'avg', 'sum']);

/** Runs the top-level aggregations: a collector per spec, fed by the search, answered at the end. */
export function startAggs(specs: AggSpec[]): {
  collect(doc: Doc): void;
  collectMatches(matches: Matches): void;
  result(budget: BucketBudget): Json;
} {
  const collectors = specs.map((spec) => spec.make());
  return {
    collect(doc) {
      for (let i = 0; i < collectors.length; i++) collectors[i].collect(doc);
    },
    collectMatches: (matches) => collectAll(collectors, matches),
    result(budget) {
      const out: Json = {};
      specs.forEach((spec, at) => {
        out[answerKey(spec, budget)] = collectors[at].result(budget);
      });
      return out;
    },
  };
}
