/**
 * `filters`: a bucket per named (or listed) query, and an optional other bucket; `filter`: one
 * bucket of the documents a query matches.
 */
import type { Doc } from '../../documents';
import { parsingError } from '../../errors';
import { compileQuery } from '../../query/compile';
import type { Predicate } from '../../query/context';
import { intersect, matchKey } from '../view-index';
import {
  type Builder,
  type Json,
  addToBucket,
  collectAll,
  countBucket,
  forEachMatch,
  isObject,
  newBucket,
  subResults,
} from './core';

export const buildFilters: Builder = (options, input) => {
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

export const buildFilter: Builder = (options, input) => {
  const query = compileQuery(options, input.context);
  const test = query.test;
  return () => {
    const bucket = newBucket(input.subs);
    const collect = (doc: Doc) => {
      if (test(doc)) addToBucket(bucket, doc);
    };
    return {
      collect,
      // The filter's own matches are kept by the view, so a repeated filter costs an intersection.
      collectMatches(matches) {
        const key = matchKey(matches.scope, 'filter aggregation', options);
        if (key === undefined) return forEachMatch(matches, collect);
        const both = intersect(matches.positions, matches.index.matches(key, query));
        bucket.count += both.length;
        collectAll(bucket.subs, { ...matches, positions: both });
      },
      result: (budget) => ({ doc_count: bucket.count, ...subResults(bucket, input.subs, budget) }),
    };
  };
};
