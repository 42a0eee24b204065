import type { AlertsAggregateResponse, AlertsBucket } from '../../../common/alerts/api';
import { readStatistics, statisticsRequest } from './statistics';

const bar = (minute: number, values: Record<string, number | null>, count = 1): AlertsBucket => ({
  key: minute * 60_000,
  label: new Date(minute * 60_000).toISOString(),
  count,
  values,
});

function answer(remoted: AlertsBucket[], analysisd: AlertsBucket[]): AlertsAggregateResponse {
  return {
    total: { value: 4, relation: 'eq' },
    includesSampleData: false,
    charts: {
      remoted: { type: 'date_histogram', buckets: remoted },
      analysisd: { type: 'date_histogram', buckets: analysisd },
    },
  };
}

describe('Server statistics', () => {
  it('asks for one node with a filter, and for every node without', () => {
    const one = statisticsRequest('h1', { from: 'now-1h', to: 'now' }, 'worker1');
    expect(one).toMatchObject({
      dataset: 'statistics',
      filters: [{ type: 'is', field: 'nodeName', value: 'worker1' }],
    });
    expect(statisticsRequest('h1', { from: 'now-1h', to: 'now' }, undefined).filters).toEqual([]);
    expect(one.charts.map((chart) => chart.id)).toEqual(['remoted', 'analysisd']);
  });

  it('counts dropped events and finds queues above 90 %, ignoring empty bars', () => {
    const view = readStatistics(
      answer(
        [
          bar(0, { discarded: 0, queue_used: 10, queue_total: 100 }),
          bar(5, { discarded: 3, queue_used: 95, queue_total: 100 }),
        ],
        [
          bar(0, { dropped: 2, received_avg: 100, queue_event: 0.95, decoded_sca: 7 }),
          bar(5, { dropped: 0, received_avg: 300, queue_event: 0.2, decoded_sca: 9 }),
          bar(10, { dropped: 0, received_avg: null, queue_event: null }, 0),
        ],
      ),
    );
    expect(view.droppedEvents).toBe(5);
    expect(view.queues.filter((queue) => queue.usage > 0.9).map((queue) => queue.queue)).toEqual([
      'remoted',
      'event',
    ]);
    expect(view.eventsPerSecond).toBe(40);
    expect(view.decoded.find((entry) => entry.decoder === 'sca')?.events).toBe(9);
  });
});
