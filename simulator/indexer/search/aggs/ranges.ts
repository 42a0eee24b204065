/** `range`: a bucket per numeric range, `from` included and `to` excluded. */
import { parsingError } from '../../errors';
import { comparable } from '../../query/values';
import {
  type Builder,
  type Json,
  addToBucket,
  countBucket,
  newBucket,
  subResults,
  valueSource,
} from './core';

function rangeKeyPart(value: number | undefined): string {
  if (value === undefined) return '*';
  return Number.isInteger(value) ? `${value}.0` : String(value);
}

export const buildRange: Builder = (options, input) => {
  const source = valueSource(options, input);
  if (!Array.isArray(options.ranges))
    throw parsingError(
      `No [ranges] specified for the [${input.name}] aggregation`,
      input.context.locate('ranges'),
    );
  const convert = (value: unknown): number | undefined =>
    value === undefined || value === null ? undefined : Number(value);
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
          key: range.key ?? `${rangeKeyPart(range.from)}-${rangeKeyPart(range.to)}`,
          ...(range.from === undefined ? {} : { from: range.from }),
          ...(range.to === undefined ? {} : { to: range.to }),
          doc_count: buckets[at].count,
          ...subResults(buckets[at], input.subs, budget),
        }));
        if (!keyed) return { buckets: rows };
        return { buckets: Object.fromEntries(rows.map(({ key, ...rest }) => [key, rest])) };
      },
    };
  };
};
