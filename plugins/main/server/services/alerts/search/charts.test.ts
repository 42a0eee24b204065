import { SEVERITY_BANDS } from '@main/common/alerts/api';
import { RequestFieldError } from '../../request-field-error';
import { SearchDatasets } from './datasets';
import { pickInterval, planCharts, type ChartsContext } from './charts';
import { resolveTimeRange } from './time-range';

const now = new Date('2024-05-10T12:00:00Z');
const context = (from = 'now-24h', maxBuckets = 10_000): ChartsContext => ({
  fields: new SearchDatasets('wazuh-alerts-*').get('alerts').fields,
  time: { field: 'timestamp', range: resolveTimeRange({ from, to: 'now' }, now) },
  now,
  maxBuckets,
  path: 'charts',
});

describe('charts as aggregations', () => {
  it.each([
    ['now-15m', '10s'],
    ['now-24h', '30m'],
    ['now-7d', '3h'],
    ['now-30d', '12h'],
    ['now-1y', '7d'],
    ['now-30y', '111d'],
  ])('picks a histogram interval that keeps %s within 100 bars (%s)', (from, interval) => {
    const range = resolveTimeRange({ from, to: 'now' }, now);
    expect(pickInterval(range)).toBe(interval);
  });

  it('turns the severity bands into one range aggregation and reads its buckets', () => {
    const plan = planCharts(
      [
        {
          id: 'bands',
          type: 'range',
          field: 'rule.level',
          ranges: SEVERITY_BANDS.map(({ key, gte, ...band }) => ({
            key,
            gte,
            ...('lt' in band && { lt: band.lt }),
          })),
        },
      ],
      context(),
    );
    expect(plan.aggregations).toEqual({
      chart_0: {
        range: {
          field: 'rule.level',
          ranges: [
            { key: 'critical', from: 15 },
            { key: 'high', from: 12, to: 15 },
            { key: 'medium', from: 7, to: 12 },
            { key: 'low', from: 0, to: 7 },
          ],
        },
      },
    });
    const results = plan.read(
      {
        chart_0: {
          buckets: [
            { key: 'critical', from: 15, doc_count: 2 },
            { key: 'low', from: 0, to: 7, doc_count: 9 },
          ],
        },
      },
      { value: 11, relation: 'eq' },
    );
    expect(results.bands).toEqual({
      type: 'range',
      buckets: [
        { key: 'critical', label: 'critical', count: 2 },
        { key: 'low', label: 'low', count: 9 },
      ],
    });
  });

  it('reads a count from the total, terms with their split, and filters in the order asked', () => {
    const plan = planCharts(
      [
        { id: 'total', type: 'count' },
        {
          id: 'agents',
          type: 'terms',
          field: 'agent.name',
          size: 5,
          split: { field: 'rule.level', size: 3 },
        },
        {
          id: 'kpis',
          type: 'filters',
          filters: {
            high: { language: 'kuery', query: 'rule.level >= 12' },
            failures: [
              { field: 'rule.groups', type: 'is_one_of', values: ['authentication_failed'] },
            ],
          },
        },
      ],
      context(),
    );
    expect(Object.keys(plan.aggregations)).toEqual(['chart_1', 'chart_2']);
    expect(plan.aggregations.chart_2).toEqual({
      filters: {
        filters: {
          high: { range: { 'rule.level': { gte: 12 } } },
          failures: {
            bool: {
              filter: [
                {
                  bool: {
                    should: [{ match_phrase: { 'rule.groups': 'authentication_failed' } }],
                    minimum_should_match: 1,
                  },
                },
              ],
              must_not: [],
            },
          },
        },
      },
    });
    const results = plan.read(
      {
        chart_1: {
          sum_other_doc_count: 4,
          buckets: [{ key: 'web', doc_count: 6, split: { buckets: [{ key: 3, doc_count: 6 }] } }],
        },
        chart_2: { buckets: { failures: { doc_count: 1 }, high: { doc_count: 2 } } },
      },
      { value: 10, relation: 'eq' },
    );
    expect(results.total).toEqual({ type: 'count', count: 10 });
    expect(results.agents).toEqual({
      type: 'terms',
      otherCount: 4,
      buckets: [{ key: 'web', label: 'web', count: 6, split: [{ key: 3, label: '3', count: 6 }] }],
    });
    expect(results.kpis).toEqual({
      type: 'filters',
      buckets: [
        { key: 'high', label: 'high', count: 2 },
        { key: 'failures', label: 'failures', count: 1 },
      ],
    });
  });

  it('draws a split histogram as bars over time, each split by the top values, and says its interval', () => {
    const plan = planCharts(
      [{ id: 'evolution', type: 'date_histogram', split: { field: 'agent.name', size: 5 } }],
      context(),
    );
    expect(plan.aggregations.chart_0).toMatchObject({
      terms: { field: 'agent.name', size: 5 },
      aggs: {
        over_time: {
          date_histogram: { field: 'timestamp', fixed_interval: '30m', min_doc_count: 0 },
        },
      },
    });
    const t0 = Date.parse('2024-05-10T11:00:00Z');
    const t1 = Date.parse('2024-05-10T11:30:00Z');
    const results = plan.read(
      {
        chart_0: {
          buckets: [
            {
              key: 'web',
              doc_count: 3,
              over_time: {
                buckets: [
                  { key: t0, doc_count: 1 },
                  { key: t1, doc_count: 2 },
                ],
              },
            },
            {
              key: 'db',
              doc_count: 1,
              over_time: {
                buckets: [
                  { key: t0, doc_count: 1 },
                  { key: t1, doc_count: 0 },
                ],
              },
            },
          ],
        },
      },
      { value: 4, relation: 'eq' },
    );
    expect(results.evolution).toEqual({
      type: 'date_histogram',
      interval: '30m',
      buckets: [
        {
          key: t0,
          label: '2024-05-10T11:00:00.000Z',
          count: 2,
          split: [
            { key: 'web', label: 'web', count: 1 },
            { key: 'db', label: 'db', count: 1 },
          ],
        },
        {
          key: t1,
          label: '2024-05-10T11:30:00.000Z',
          count: 2,
          split: [
            { key: 'web', label: 'web', count: 2 },
            { key: 'db', label: 'db', count: 0 },
          ],
        },
      ],
    });
  });

  it.each([
    [
      [{ id: 'a', type: 'terms', field: 'full_log', size: 5 }],
      'charts.0.field',
      'field [full_log] (text) cannot be charted',
    ],
    [
      [{ id: 'a', type: 'terms', field: 'nope', size: 5 }],
      'charts.0.field',
      'unknown field [nope]',
    ],
    [
      [{ id: 'a', type: 'date_histogram', interval: '1w' }],
      'charts.0.interval',
      '[1w] is not a fixed interval such as 30s, 5m, 3h or 1d',
    ],
    [
      [{ id: 'a', type: 'range', field: 'agent.name', ranges: [{ key: 'x', gte: 1 }] }],
      'charts.0.field',
      'field [agent.name] is not numeric',
    ],
    [
      [
        { id: 'a', type: 'count' },
        { id: 'a', type: 'count' },
      ],
      'charts.1.id',
      '[a] is used by another chart',
    ],
  ])('refuses %j at %s', (charts, field, reason) => {
    expect(() => planCharts(charts as never, context())).toThrow(RequestFieldError);
    try {
      planCharts(charts as never, context());
    } catch (error) {
      expect(error).toMatchObject({ field, reason });
    }
  });

  it('refuses charts whose buckets together pass svc.indexer.maxBuckets', () => {
    const charts = [
      {
        id: 'a',
        type: 'terms',
        field: 'agent.name',
        size: 50,
        split: { field: 'rule.id', size: 50 },
      },
    ];
    expect(() => planCharts(charts as never, context('now-24h', 1_000))).toThrow(
      'these charts need 2550 buckets, more than the 1000 allowed (svc.indexer.maxBuckets)',
    );
    expect(() =>
      planCharts([{ id: 'h', type: 'date_histogram', interval: '1s' }], context('now-24h', 1_000)),
    ).toThrow('these charts need 86401 buckets');
  });
});
