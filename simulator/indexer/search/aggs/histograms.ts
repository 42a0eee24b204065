/** `date_histogram`: fixed or calendar intervals, time zones, offsets and bounds. */
import { floorToUnit, formatDate, nextUnit, resolveDateMath, zoneOffsetMs } from '../../dates';
import { type Doc, TIME_FIELD } from '../../documents';
import { shardFailure } from '../../errors';
import { forEachValue } from '../../fields';
import { comparable } from '../../query/values';
import { sortBuckets, parseOrder } from './buckets-terms';
import {
  type Bucket,
  type BuildInput,
  type Builder,
  type Json,
  addToBucket,
  countBucket,
  isObject,
  newBucket,
  subResults,
  valueSource,
} from './core';

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

export const buildDateHistogram: Builder = (options, input) => {
  const source = valueSource(options, input);
  const histogram = dateHistogram(options, input);
  const minDocCount = Number(options.min_doc_count ?? 0);
  const order = parseOrder(options.order, [{ key: '_key', descending: false }]);
  const zone = typeof options.time_zone === 'string' ? options.time_zone : undefined;
  const bounds = (value: unknown, roundUp: boolean): number | undefined => {
    if (value === undefined || value === null) return undefined;
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
