/**
 * The charts a view asks for as indexer aggregations (all in one request), and the indexer's
 * buckets back as chart results. Every chart's bucket count is known before the request is sent,
 * so the total stays within `svc.indexer.maxBuckets`.
 */
import type {
  AlertsBucket,
  AlertsChartRequest,
  AlertsChartResult,
  AlertsMetric,
  AlertsTotal,
} from '@main/common/alerts/api';
import { RequestFieldError } from '../../request-field-error';
import { bucketList, dateKey, isCount, type IndexerBucket } from '../indexer/answer-shapes';
import { badAnswer } from '../indexer/errors';
import type { FieldCatalogue } from './field-catalogue';
import { checkedField } from './field-checks';
import { filterListClause } from './filter-dsl';
import { queryClause, type QueryClause } from './query-dsl';
import type { TimeRangeOn } from './selection-query';
import type { ResolvedTimeRange } from './time-range';

type Aggregation = Record<string, unknown>;

export interface ChartsContext {
  fields: FieldCatalogue;
  /** The dataset's time field and the range on it; absent for a states dataset (no histogram). */
  time?: TimeRangeOn;
  now: Date;
  maxBuckets: number;
  /** Request field the charts came in (`charts`). */
  path: string;
}

/** A date histogram aims at no more bars than this. */
const TARGET_HISTOGRAM_BUCKETS = 100;

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
type IntervalUnit = keyof typeof UNIT_MS;

/** Bar widths a histogram picks from, narrowest first. */
const NICE_INTERVALS = [
  '1s',
  '5s',
  '10s',
  '30s',
  '1m',
  '5m',
  '10m',
  '30m',
  '1h',
  '3h',
  '12h',
  '1d',
  '7d',
  '30d',
];

const FIXED_INTERVAL = /^([1-9]\d{0,6})(ms|s|m|h|d)$/;

function intervalMs(interval: string): number | undefined {
  const match = FIXED_INTERVAL.exec(interval);
  return match ? Number(match[1]) * UNIT_MS[match[2] as IntervalUnit] : undefined;
}

function bucketsOver(range: ResolvedTimeRange, widthMs: number): number {
  return Math.floor((range.toMs - range.fromMs) / widthMs) + 1;
}

/** The narrowest nice width that keeps the range within the target number of bars. */
export function pickInterval(range: ResolvedTimeRange): string {
  for (const interval of NICE_INTERVALS)
    if (bucketsOver(range, intervalMs(interval)!) <= TARGET_HISTOGRAM_BUCKETS) return interval;
  const days = Math.ceil((range.toMs - range.fromMs) / UNIT_MS.d / (TARGET_HISTOGRAM_BUCKETS - 1));
  return `${days}d`;
}

interface PlannedChart {
  request: AlertsChartRequest;
  aggregation: Aggregation;
  /** Buckets the indexer will build for it. */
  buckets: number;
  interval?: string;
}

function termsAggregation(field: string, size: number): Aggregation {
  return { terms: { field, size, order: { _count: 'desc' } } };
}

function histogramAggregation(interval: string, { field, range }: TimeRangeOn): Aggregation {
  return {
    date_histogram: {
      field,
      fixed_interval: interval,
      min_doc_count: 0,
      extended_bounds: { min: range.fromMs, max: range.toMs },
    },
  };
}

/** Each metric as a sub-aggregation of the bars; its field must be a number. */
function metricAggregations(
  metrics: AlertsMetric[],
  path: string,
  context: ChartsContext,
): Record<string, Aggregation> {
  const aggregations: Record<string, Aggregation> = {};
  metrics.forEach((metric, index) => {
    const field = checkedField(
      context.fields,
      metric.field,
      `${path}.metrics.${index}.field`,
      'aggregate',
    );
    if (field.type !== 'number')
      throw new RequestFieldError(
        `${path}.metrics.${index}.field`,
        `[${metric.field}] is not a number`,
      );
    if (Object.hasOwn(aggregations, metricName(metric.id)))
      throw new RequestFieldError(
        `${path}.metrics.${index}.id`,
        `[${metric.id}] is used by another metric`,
      );
    aggregations[metricName(metric.id)] = { [metric.op]: { field: field.name } };
  });
  return aggregations;
}

const metricName = (id: string) => `metric_${id}`;

/** The metrics of one bar: numbers, or null where the bar had no document. */
function metricValues(
  bucket: IndexerBucket,
  metrics: AlertsMetric[],
  name: string,
): Record<string, number | null> {
  const values: Record<string, number | null> = {};
  for (const metric of metrics) {
    const value = (bucket[metricName(metric.id)] as { value?: unknown } | undefined)?.value;
    if (value !== null && typeof value !== 'number')
      throw badAnswer(`metric ${metric.id} of aggregation ${name} is not a number`);
    values[metric.id] = value;
  }
  return values;
}

const SPLIT = 'split';
const HISTOGRAM = 'over_time';

function planChart(chart: AlertsChartRequest, index: number, context: ChartsContext): PlannedChart {
  const path = `${context.path}.${index}`;
  switch (chart.type) {
    case 'count':
      // The total of the request's hits answers it; no aggregation.
      return { request: chart, aggregation: {}, buckets: 0 };
    case 'terms': {
      const field = checkedField(context.fields, chart.field, `${path}.field`, 'aggregate');
      const aggregation = termsAggregation(field.name, chart.size);
      if (!chart.split) return { request: chart, aggregation, buckets: chart.size };
      const split = checkedField(
        context.fields,
        chart.split.field,
        `${path}.split.field`,
        'aggregate',
      );
      return {
        request: chart,
        aggregation: {
          ...aggregation,
          aggs: { [SPLIT]: termsAggregation(split.name, chart.split.size) },
        },
        buckets: chart.size * (1 + chart.split.size),
      };
    }
    case 'date_histogram': {
      const time = context.time;
      if (!time)
        throw new RequestFieldError(
          `${path}.type`,
          'this dataset is a current state: it has no time field to draw over time',
        );
      let interval = chart.interval;
      if (interval === undefined) interval = pickInterval(time.range);
      else if (intervalMs(interval) === undefined)
        throw new RequestFieldError(
          `${path}.interval`,
          `[${interval}] is not a fixed interval such as 30s, 5m, 3h or 1d`,
        );
      const bars = bucketsOver(time.range, intervalMs(interval)!);
      const histogram = histogramAggregation(interval, time);
      if (chart.metrics)
        return {
          request: chart,
          aggregation: { ...histogram, aggs: metricAggregations(chart.metrics, path, context) },
          buckets: bars,
          interval,
        };
      if (!chart.split) return { request: chart, aggregation: histogram, buckets: bars, interval };
      // The split's top values over the whole range, each drawn over time: one series per value.
      const split = checkedField(
        context.fields,
        chart.split.field,
        `${path}.split.field`,
        'aggregate',
      );
      return {
        request: chart,
        aggregation: {
          ...termsAggregation(split.name, chart.split.size),
          aggs: { [HISTOGRAM]: histogram },
        },
        buckets: chart.split.size * (1 + bars),
        interval,
      };
    }
    case 'filters': {
      const entries = Object.entries(chart.filters);
      if (entries.length === 0)
        throw new RequestFieldError(`${path}.filters`, 'must name at least one selection');
      const filters: Record<string, QueryClause> = {};
      for (const [key, selection] of entries) {
        const at = `${path}.filters.${key}`;
        filters[key] = Array.isArray(selection)
          ? filterListClause(selection, context.fields, context.now, at)
          : (queryClause(selection, context.fields, context.now, at) ?? { match_all: {} });
      }
      return { request: chart, aggregation: { filters: { filters } }, buckets: entries.length };
    }
    case 'range': {
      const field = checkedField(context.fields, chart.field, `${path}.field`, 'aggregate');
      if (field.type !== 'number')
        throw new RequestFieldError(`${path}.field`, `field [${field.name}] is not numeric`);
      chart.ranges.forEach((range, at) => {
        if (range.gte !== undefined && range.lt !== undefined && range.lt <= range.gte)
          throw new RequestFieldError(`${path}.ranges.${at}.lt`, 'must be above gte');
      });
      return {
        request: chart,
        aggregation: {
          range: {
            field: field.name,
            ranges: chart.ranges.map((range) => ({
              key: range.key,
              ...(range.gte !== undefined && { from: range.gte }),
              ...(range.lt !== undefined && { to: range.lt }),
            })),
          },
        },
        buckets: chart.ranges.length,
      };
    }
  }
}

export interface ChartsPlan {
  /** The aggregations to send (charts without one, like counts, are left out). */
  aggregations: Record<string, Aggregation>;
  read(
    aggregations: Record<string, unknown> | undefined,
    total: AlertsTotal,
  ): Record<string, AlertsChartResult>;
}

const aggregationName = (index: number) => `chart_${index}`;

/** Plans `charts` (checking fields, intervals and the bucket budget) and reads their answers. */
export function planCharts(
  charts: readonly AlertsChartRequest[],
  context: ChartsContext,
): ChartsPlan {
  const ids = new Set<string>();
  charts.forEach((chart, index) => {
    if (ids.has(chart.id))
      throw new RequestFieldError(
        `${context.path}.${index}.id`,
        `[${chart.id}] is used by another chart`,
      );
    ids.add(chart.id);
  });
  const planned = charts.map((chart, index) => planChart(chart, index, context));
  const buckets = planned.reduce((sum, chart) => sum + chart.buckets, 0);
  if (buckets > context.maxBuckets)
    throw new RequestFieldError(
      context.path,
      `these charts need ${buckets} buckets, more than the ${context.maxBuckets} allowed (svc.indexer.maxBuckets); ask for fewer values or a wider interval`,
    );
  const aggregations: Record<string, Aggregation> = {};
  planned.forEach((chart, index) => {
    if (chart.request.type !== 'count') aggregations[aggregationName(index)] = chart.aggregation;
  });
  return {
    aggregations,
    read(answer, total) {
      const results: Record<string, AlertsChartResult> = {};
      planned.forEach((chart, index) => {
        const name = aggregationName(index);
        results[chart.request.id] = readChart(chart, answer?.[name], total, name);
      });
      return results;
    },
  };
}

/** The buckets of one chart's aggregation, checked, no more than the chart can have. */
function bucketsOf(raw: unknown, chart: PlannedChart, name: string): IndexerBucket[] {
  return bucketList(raw, name).slice(0, chart.buckets);
}

function toBucket(raw: IndexerBucket, name: string, dates = false): AlertsBucket {
  const { key } = raw;
  const label = dates ? dateKey(key, name).toISOString() : (raw.key_as_string ?? String(key));
  return { key, label, count: raw.doc_count };
}

/** Top values each drawn over time, turned into bars over time each split by value. */
function histogramBySplit(raw: unknown, chart: PlannedChart, name: string): AlertsBucket[] {
  const byTime = new Map<number, AlertsBucket>();
  for (const value of bucketsOf(raw, chart, name)) {
    const valueBucket = toBucket(value, name);
    for (const bar of bucketsOf(value[HISTOGRAM], chart, name)) {
      const time = dateKey(bar.key, name).valueOf();
      let bucket = byTime.get(time);
      if (!bucket) {
        bucket = { ...toBucket(bar, name, true), count: 0, split: [] };
        byTime.set(time, bucket);
      }
      bucket.count += bar.doc_count;
      bucket.split!.push({ ...valueBucket, count: bar.doc_count });
    }
  }
  return [...byTime.entries()].sort(([a], [b]) => a - b).map(([, bucket]) => bucket);
}

/** The count of each of `keys` in a filters aggregation's keyed buckets. */
function filterCounts(raw: unknown, keys: string[], name: string): AlertsBucket[] {
  const keyed = (raw as { buckets?: unknown } | null | undefined)?.buckets;
  if (typeof keyed !== 'object' || keyed === null || Array.isArray(keyed))
    throw badAnswer(`aggregation ${name} without keyed buckets`);
  return keys.map((key) => {
    const count = (keyed as Record<string, { doc_count?: unknown } | null | undefined>)[key]
      ?.doc_count;
    if (count !== undefined && !isCount(count))
      throw badAnswer(`bucket ${key} of aggregation ${name} is not a bucket`);
    return { key, label: key, count: count ?? 0 };
  });
}

function readChart(
  chart: PlannedChart,
  raw: unknown,
  total: AlertsTotal,
  name: string,
): AlertsChartResult {
  const request = chart.request;
  switch (request.type) {
    case 'count':
      return { type: 'count', count: total.value };
    case 'terms': {
      const other = (raw as { sum_other_doc_count?: unknown } | null | undefined)
        ?.sum_other_doc_count;
      if (other !== undefined && !isCount(other))
        throw badAnswer(`aggregation ${name} with an other count that is not a count`);
      return {
        type: 'terms',
        buckets: bucketsOf(raw, chart, name).map((bucket) => ({
          ...toBucket(bucket, name),
          ...(request.split && {
            split: bucketsOf(bucket[SPLIT], chart, name).map((inner) => toBucket(inner, name)),
          }),
        })),
        otherCount: other ?? 0,
      };
    }
    case 'date_histogram':
      return {
        type: 'date_histogram',
        interval: chart.interval,
        buckets: request.split
          ? histogramBySplit(raw, chart, name)
          : bucketsOf(raw, chart, name).map((bucket) => ({
              ...toBucket(bucket, name, true),
              ...(request.metrics && { values: metricValues(bucket, request.metrics, name) }),
            })),
      };
    case 'filters':
      return { type: 'filters', buckets: filterCounts(raw, Object.keys(request.filters), name) };
    case 'range':
      return {
        type: 'range',
        buckets: bucketsOf(raw, chart, name).map((bucket) => ({
          key: String(bucket.key),
          label: String(bucket.key),
          count: bucket.doc_count,
        })),
      };
  }
}
