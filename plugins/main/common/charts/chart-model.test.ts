import type { AlertsBucket } from '../alerts/api';
import { CHART_PALETTE, chartSeries, MAX_SERIES, timeTicks, valueAxis } from './chart-model';

const HOUR = 3_600_000;

describe('chart model', () => {
  it('labels a day of hourly bars with distinct ticks, the date at midnight', () => {
    const start = new Date(2026, 10, 27, 19).getTime();
    const times = Array.from({ length: 24 }, (_, index) => start + index * HOUR);
    const ticks = timeTicks(times);
    const labels = ticks.map((tick) => tick.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toContain('Nov 28');
    expect(labels.every((label) => /^(\d{2}:\d{2}|Nov \d{2})$/.test(label))).toBe(true);
    for (const tick of ticks) {
      expect(tick.position).toBeGreaterThanOrEqual(0);
      expect(tick.position).toBeLessThanOrEqual(1);
    }
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.length).toBeLessThanOrEqual(12);
  });

  it('labels a month by days and has nothing to label without buckets', () => {
    const start = new Date(2026, 10, 1).getTime();
    const days = Array.from({ length: 30 }, (_, index) => start + index * 24 * HOUR);
    expect(timeTicks(days).every((tick) => /^Nov \d{2}$/.test(tick.label))).toBe(true);
    expect(timeTicks([])).toEqual([]);
  });

  it('orders series by their total, caps them and gives each its palette colour', () => {
    const bucket = (parts: Array<[string, number]>): AlertsBucket => ({
      key: 1,
      label: '',
      count: parts.reduce((sum, [, count]) => sum + count, 0),
      split: parts.map(([key, count]) => ({ key, label: key, count })),
    });
    const many = Array.from({ length: 12 }, (_, index): [string, number] => [
      `s${index}`,
      index + 1,
    ]);
    const series = chartSeries([
      bucket([
        ['a', 1],
        ['b', 5],
      ]),
      bucket([['a', 7], ...many]),
    ]);
    expect(series).toHaveLength(MAX_SERIES);
    expect(series.slice(0, 3).map((entry) => [entry.key, entry.count])).toEqual([
      ['s11', 12],
      ['s10', 11],
      ['s9', 10],
    ]);
    expect(series.map((entry) => entry.colour)).toEqual(CHART_PALETTE.slice(0, MAX_SERIES));
    expect(chartSeries([{ key: 1, label: '', count: 3 }])).toEqual([]);
  });

  it('puts the value axis on round whole numbers at or above the largest count', () => {
    expect(valueAxis(7)).toEqual({ max: 8, ticks: [0, 2, 4, 6, 8] });
    expect(valueAxis(0)).toEqual({ max: 4, ticks: [0, 1, 2, 3, 4] });
    const big = valueAxis(12_345);
    expect(big.max).toBeGreaterThanOrEqual(12_345);
    expect(big.ticks.every(Number.isInteger)).toBe(true);
    expect(valueAxis(0.37, 4, false)).toEqual({ max: 0.4, ticks: [0, 0.1, 0.2, 0.3, 0.4] });
  });
});
