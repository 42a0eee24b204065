/**
 * What a chart shows, decided once for the screen (SVG) and the report (PDF): the series and their
 * order, cap and colours, the value axis and the time axis. The renderers only draw it, so the two
 * cannot disagree. Axis ticks come from d3-scale, which picks round values and calendar steps.
 */
import { scaleLinear, scaleTime } from 'd3-scale';
import { timeDay } from 'd3-time';
import { timeFormat } from 'd3-time-format';
import type { AlertsBucket } from '../alerts/api';

/**
 * EUI's colour-blind-safe palette (`euiPaletteColorBlind()`, which a test holds it to), for the
 * screen and the reports alike; the server does not load EUI to draw a PDF.
 */
export const CHART_PALETTE: readonly string[] = [
  '#16C5C0',
  '#A6EDEA',
  '#61A2FF',
  '#BFDBFF',
  '#EE72A6',
  '#FFC7DB',
  '#F6726A',
  '#FFC9C2',
  '#EAAE01',
  '#FCD883',
];

/** Most series (split values) a chart draws: more would only crowd the legend. */
export const MAX_SERIES = 10;

export const chartColour = (index: number): string => CHART_PALETTE[index % CHART_PALETTE.length];

export interface ChartSeries {
  key: string;
  /** The split value as the answer gave it (a number for `rule.level`), for filters. */
  value: string | number;
  label: string;
  /** Over all buckets. */
  count: number;
  colour: string;
}

/** The split values over all buckets, the biggest first, at most `MAX_SERIES`, each with its colour. */
export function chartSeries(buckets: readonly AlertsBucket[]): ChartSeries[] {
  const totals = new Map<string, Omit<ChartSeries, 'colour'>>();
  for (const bucket of buckets)
    for (const part of bucket.split ?? []) {
      const key = String(part.key);
      const total = totals.get(key) ?? {
        key,
        value: part.key,
        label: part.label || key,
        count: 0,
      };
      total.count += part.count;
      totals.set(key, total);
    }
  return [...totals.values()]
    .sort((a, b) => b.count - a.count)
    .slice(0, MAX_SERIES)
    .map((series, index) => ({ ...series, colour: chartColour(index) }));
}

/** A bucket's time (its key, or its ISO label when the key is text). */
export function bucketTime(bucket: AlertsBucket): number {
  return typeof bucket.key === 'number'
    ? bucket.key
    : Date.parse(bucket.label || String(bucket.key));
}

export interface ValueAxis {
  /** The axis top: a round number at or above the largest value. */
  max: number;
  ticks: number[];
}

/**
 * Round ticks from 0 to at least `max`, about `count` steps. For counts (`whole`) the axis reaches
 * `count` at least, so no tick falls between two whole numbers; other values (averages, ratios)
 * keep their own scale.
 */
export function valueAxis(max: number, count = 4, whole = true): ValueAxis {
  const top = whole ? Math.max(count, max) : max > 0 ? max : 1;
  const scale = scaleLinear().domain([0, top]).nice(count);
  return { max: scale.domain()[1], ticks: scale.ticks(count) };
}

export interface TimeTick {
  at: number;
  /** Where on the axis, from 0 (the first bucket's start) to 1 (the last bucket's end). */
  position: number;
  label: string;
}

const dayLabel = timeFormat('%b %d');
const hourLabel = timeFormat('%H:%M');

/**
 * Ticks under a date histogram: calendar steps (hours, days…) that d3 picks for about `count`
 * ticks, each labelled with its date at midnight and its time otherwise, so a day's range never
 * shows two ticks reading the same. Times are the runtime's local time, as the buckets' labels.
 */
export function timeTicks(times: readonly number[], count = 6): TimeTick[] {
  if (times.length === 0) return [];
  const first = times[0];
  const step = times.length > 1 ? times[1] - times[0] : 3_600_000;
  const end = times[times.length - 1] + step;
  const scale = scaleTime().domain([first, end]).range([0, 1]);
  return scale.ticks(count).map((tick) => ({
    at: tick.getTime(),
    position: scale(tick),
    label: timeDay(tick) < tick ? hourLabel(tick) : dayLabel(tick),
  }));
}
