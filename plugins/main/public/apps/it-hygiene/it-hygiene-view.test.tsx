/** IT Hygiene over a mocked dashboard: its Dashboard's requests, a tab's table and a click. */
import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AlertsAggregateRequest, AlertsSearchRequest } from '../../../common/alerts/api';
import { createMockHttp, type RecordedCall } from '../../test-support/mock-http';
import { TEST_API_HOST } from '../../test-support/render-app';
import {
  createTestServices,
  memoryHistory,
  renderWithServices,
} from '../../test-support/test-services';
import { AppRoot } from '../app-root';
import { ItHygieneView } from '.';

jest.setTimeout(30_000);

const bucket = (key: string | number, count: number) => ({ key, label: String(key), count });

function setup(url: string) {
  const mock = createMockHttp({
    'GET /hosts/apis': () => [TEST_API_HOST],
    'POST /utils/logs/ui': () => ({}),
    'GET /api/alerts/fields': () => ({
      dataset: 'inventory-packages',
      timeField: null,
      fields: ['agent.name', 'package.name', 'package.vendor'].map((name) => ({
        name,
        type: 'string',
        esType: 'keyword',
        searchable: true,
        aggregatable: true,
      })),
    }),
    'POST /api/alerts/aggregate': (call: RecordedCall) => {
      const request = call.body as AlertsAggregateRequest;
      return {
        total: { value: 12, relation: 'eq' },
        includesSampleData: false,
        charts: Object.fromEntries(
          request.charts.map((chart) => [
            chart.id,
            chart.type === 'count'
              ? { type: 'count', count: 12 }
              : chart.type === 'filters'
                ? { type: 'filters', buckets: [bucket(chart.id, 3)] }
                : {
                    type: 'terms',
                    buckets: [bucket(chart.id === 'top-packages' ? 'openssl' : 'x', 2)],
                  },
          ]),
        ),
      };
    },
    'POST /api/alerts/search': () => ({
      total: { value: 1, relation: 'eq' },
      includesSampleData: false,
      hits: [
        {
          _id: 'p1',
          _index: 'wazuh-states-inventory-packages-manager',
          _source: { agent: { id: '001', name: 'web-1' }, package: { name: 'openssl' } },
        },
      ],
    }),
  });
  const test = createTestServices(mock);
  const history = memoryHistory(url);
  renderWithServices(
    <AppRoot services={test.services} history={history} title="IT Hygiene">
      <ItHygieneView />
    </AppRoot>,
    test.services,
  );
  const calls = (path: string) => mock.calls.filter((call: RecordedCall) => call.path === path);
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  return { calls, history, user };
}

describe('IT Hygiene', () => {
  it('counts the fleet, each panel in its own index, and a click opens the view filtered', async () => {
    const { calls, history, user } = setup('/?host=prod');
    await screen.findByTestId('itHygieneDashboard');
    await waitFor(() => expect(calls('/api/alerts/aggregate')).toHaveLength(5));
    const datasets = calls('/api/alerts/aggregate').map(
      (call) => (call.body as AlertsAggregateRequest).dataset,
    );
    expect(datasets.sort()).toEqual([
      'inventory',
      'inventory-packages',
      'inventory-ports',
      'inventory-processes',
      'inventory-system',
    ]);
    const ports = calls('/api/alerts/aggregate').find(
      (call) => (call.body as AlertsAggregateRequest).dataset === 'inventory-ports',
    )!.body as AlertsAggregateRequest;
    expect(ports.filters).toEqual([{ type: 'is', field: 'destination.port', value: 0 }]);
    expect(calls('/api/alerts/search')).toHaveLength(0);
    expect(screen.getByTestId('alertsCurrentState')).toBeInTheDocument();
    await user.click(await screen.findByTestId('alertsPanel-top-packagesLegend-openssl'));
    const params = new URLSearchParams(history.location.search);
    expect(params.get('tab')).toBe('software');
    expect(params.get('view')).toBe('packages');
    expect(JSON.parse(params.get('filters')!)).toEqual([
      { type: 'is', field: 'package.name', value: 'openssl' },
    ]);
  });

  it("reads a tab's index pinned on an agent: one aggregate and one page, sorted by the server", async () => {
    const { calls } = setup('/?host=prod&tab=software&agent=001&query=openssl');
    await screen.findAllByText('openssl');
    await waitFor(() => expect(calls('/api/alerts/search')).toHaveLength(1));
    expect(calls('/api/alerts/aggregate')).toHaveLength(1);
    const search = calls('/api/alerts/search')[0].body as AlertsSearchRequest;
    expect(search).toMatchObject({
      dataset: 'inventory-packages',
      agentId: '001',
      query: { language: 'kuery', query: 'openssl' },
      sort: [
        { field: 'package.name', direction: 'asc' },
        { field: 'agent.name', direction: 'asc' },
      ],
    });
    expect(search).not.toHaveProperty('timeRange');
    expect(calls('/api/alerts/fields')[0].query).toEqual({ dataset: 'inventory-packages' });
  });
});
