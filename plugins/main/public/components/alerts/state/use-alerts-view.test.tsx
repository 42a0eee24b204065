/** The alerts-view engine over a mocked dashboard: its selection, its requests, its sorts, refresh. */
import { act, screen, waitFor } from '@testing-library/react';
import type {
  AlertsAggregateRequest,
  AlertsChartRequest,
  AlertsFilter,
  AlertsSearchRequest,
} from '../../../../common/alerts/api';
import { AppRoot } from '../../../apps/app-root';
import { createMockHttp, type RecordedCall } from '../../../test-support/mock-http';
import { TEST_API_HOST } from '../../../test-support/render-app';
import {
  createTestServices,
  memoryHistory,
  renderWithServices,
} from '../../../test-support/test-services';
import { useAlertsView, type AlertsView, type AlertsViewConfig } from './use-alerts-view';

const CHARTS: AlertsChartRequest[] = [{ id: 'total', type: 'count' }];
const MODULE_FILTER: AlertsFilter[] = [{ type: 'is', field: 'rule.groups', value: 'syscheck' }];

const field = (name: string, type: string, esType: string, aggregatable: boolean) => ({
  name,
  type,
  esType,
  searchable: true,
  aggregatable,
});

function setup(
  config: Omit<AlertsViewConfig, 'apiHostId'>,
  url = '/?host=prod',
  routes: Parameters<typeof createMockHttp>[0] = {},
) {
  const mock = createMockHttp({
    'GET /hosts/apis': () => [TEST_API_HOST],
    'POST /utils/logs/ui': () => ({}),
    'GET /api/alerts/fields': () => ({
      fields: [
        field('timestamp', 'date', 'date', true),
        field('rule.level', 'number', 'long', true),
        field('full_log', 'string', 'text', false),
        field('GeoLocation.location', 'geo_point', 'geo_point', true),
      ],
    }),
    'POST /api/alerts/aggregate': () => ({
      total: { value: 3, relation: 'eq' },
      includesSampleData: false,
      charts: { total: { type: 'count', count: 3 } },
    }),
    'POST /api/alerts/search': () => ({
      total: { value: 0, relation: 'eq' },
      hits: [],
      includesSampleData: false,
    }),
    ...routes,
  });
  const test = createTestServices(mock);
  const history = memoryHistory(url);
  const seen: { view?: AlertsView } = {};
  function Probe() {
    const view = useAlertsView({ apiHostId: 'prod', ...config });
    seen.view = view;
    return <span data-test-subj="probe">{view.charts.data?.total.value ?? 'none'}</span>;
  }
  renderWithServices(
    <AppRoot services={test.services} history={history} title="Engine">
      <Probe />
    </AppRoot>,
    test.services,
  );
  const calls = (path: string) => mock.calls.filter((call: RecordedCall) => call.path === path);
  return { seen, history, calls };
}

const ARCHIVES = 'wazuh-archives-*';
const TWO_PATTERNS = {
  'GET /api/app-settings/public': () => ({
    alertsIndexPattern: 'wazuh-alerts-*',
    selectableAlertsIndexPatterns: ['wazuh-alerts-*', ARCHIVES],
  }),
};

describe('the alerts index pattern of a view', () => {
  afterEach(() => window.localStorage.clear());

  it('reads the configured pattern until the user chooses another, which is kept and linked', async () => {
    const { seen, calls, history } = setup(
      { charts: CHARTS, events: true },
      '/?host=prod',
      TWO_PATTERNS,
    );
    await waitFor(() =>
      expect(seen.view?.indexPatterns.options).toEqual(['wazuh-alerts-*', ARCHIVES]),
    );
    expect(seen.view?.indexPatterns.chosen).toBe('wazuh-alerts-*');
    expect(calls('/api/alerts/search')[0].body).not.toHaveProperty('indexPattern');
    act(() => seen.view!.indexPatterns.choose(ARCHIVES));
    await waitFor(() =>
      expect((calls('/api/alerts/search').at(-1)!.body as AlertsSearchRequest).indexPattern).toBe(
        ARCHIVES,
      ),
    );
    expect((calls('/api/alerts/aggregate').at(-1)!.body as AlertsSearchRequest).indexPattern).toBe(
      ARCHIVES,
    );
    expect(new URLSearchParams(history.location.search).get('pattern')).toBe(ARCHIVES);
    expect(JSON.parse(window.localStorage.getItem('svc:alertsIndexPattern:tester')!)).toBe(
      ARCHIVES,
    );
  });

  it("opens on the user's last choice while it is allowed, and drops a pattern no longer allowed", async () => {
    window.localStorage.setItem('svc:alertsIndexPattern:tester', JSON.stringify(ARCHIVES));
    const kept = setup({ events: true }, '/?host=prod', TWO_PATTERNS);
    await waitFor(() =>
      expect(new URLSearchParams(kept.history.location.search).get('pattern')).toBe(ARCHIVES),
    );
    const stale = setup({ events: true }, '/?host=prod&pattern=gone-*', TWO_PATTERNS);
    await waitFor(() => expect(stale.seen.view?.indexPatterns.options).toHaveLength(2));
    await waitFor(() => expect(stale.history.location.search).not.toContain('pattern=gone'));
  });

  it('sends no pattern for a states dataset, nor for the charts of another dataset', async () => {
    const states = setup(
      { dataset: 'inventory-packages', events: true },
      `/?host=prod&pattern=${ARCHIVES}`,
      TWO_PATTERNS,
    );
    await waitFor(() => expect(states.calls('/api/alerts/search')).toHaveLength(1));
    expect(states.calls('/api/alerts/search')[0].body).not.toHaveProperty('indexPattern');
    expect(states.calls('/api/app-settings/public')).toHaveLength(0);
    const grouped = setup(
      {
        charts: CHARTS,
        chartGroups: [{ dataset: 'vulnerabilities', filters: [], charts: CHARTS }],
      },
      `/?host=prod&pattern=${ARCHIVES}`,
      TWO_PATTERNS,
    );
    await waitFor(() => expect(grouped.calls('/api/alerts/aggregate')).toHaveLength(2));
    const [own, other] = grouped
      .calls('/api/alerts/aggregate')
      .map((call) => call.body as AlertsAggregateRequest);
    expect(own.indexPattern).toBe(ARCHIVES);
    expect(other).not.toHaveProperty('indexPattern');
  });
});

describe('the alerts-view engine', () => {
  it("selects the view's filters then the user's and the pinned agent, in every request", async () => {
    const userFilter = { type: 'is', field: 'rule.level', value: 7 };
    const { calls } = setup(
      { fixedFilters: MODULE_FILTER, agentId: '003', charts: CHARTS, events: true },
      `/?host=prod&query=ssh&filters=${encodeURIComponent(JSON.stringify([userFilter]))}&sort=rule.level`,
    );
    await waitFor(() => expect(calls('/api/alerts/search')).toHaveLength(1));
    await waitFor(() => expect(calls('/api/alerts/aggregate')).toHaveLength(1));
    const aggregate = calls('/api/alerts/aggregate')[0].body as AlertsAggregateRequest;
    const search = calls('/api/alerts/search')[0].body as AlertsSearchRequest;
    for (const request of [aggregate, search]) {
      expect(request.filters).toEqual([...MODULE_FILTER, userFilter]);
      expect(request.agentId).toBe('003');
      expect(request.query).toEqual({ language: 'kuery', query: 'ssh' });
    }
    expect(search.sort).toEqual([{ field: 'rule.level', direction: 'asc' }]);
    expect(search.charts).toEqual([{ id: 'events-histogram', type: 'date_histogram' }]);
  });

  it('offers only the sorts the server accepts: no full text, no locations', async () => {
    const { seen } = setup({ events: false });
    await waitFor(() => expect(seen.view?.fields.names).toHaveLength(4));
    expect(seen.view?.fields.sortable).toEqual(['rule.level', 'timestamp']);
  });

  it('asks for no page where the events are not shown, and for no fields where nobody searches', async () => {
    const { calls } = setup({ charts: CHARTS, searchable: false });
    await screen.findByText('3');
    expect(calls('/api/alerts/search')).toHaveLength(0);
    expect(calls('/api/alerts/fields')).toHaveLength(0);
  });

  it('reads a states dataset: no time range, its default sort, no histogram, its fields', async () => {
    const { seen, calls } = setup({ dataset: 'inventory-packages', charts: CHARTS, events: true });
    await waitFor(() => expect(calls('/api/alerts/search')).toHaveLength(1));
    const search = calls('/api/alerts/search')[0].body as AlertsSearchRequest;
    expect(search.dataset).toBe('inventory-packages');
    expect(search).not.toHaveProperty('timeRange');
    expect(search).not.toHaveProperty('charts');
    expect(search.sort).toEqual([
      { field: 'package.name', direction: 'asc' },
      { field: 'agent.name', direction: 'asc' },
    ]);
    expect(calls('/api/alerts/fields')[0].query).toEqual({ dataset: 'inventory-packages' });
    expect(seen.view?.timed).toBe(false);
  });

  it('names a server view and leaves its filters to the server, showing them locked', async () => {
    const { seen, calls } = setup({
      serverView: { id: 'vulnerability-detection', filters: MODULE_FILTER },
      chartGroups: [{ dataset: 'vulnerabilities', filters: [], charts: CHARTS }],
    });
    await screen.findByText('3');
    const aggregate = calls('/api/alerts/aggregate')[0].body as AlertsAggregateRequest;
    expect(aggregate).toMatchObject({
      view: 'vulnerability-detection',
      dataset: 'vulnerabilities',
    });
    expect(aggregate.filters).toEqual([]);
    expect(seen.view?.locked).toEqual(MODULE_FILTER);
  });

  it('asks every request again on refresh, and once on a change of the URL', async () => {
    const { seen, calls, history } = setup({ charts: CHARTS, events: true });
    await screen.findByText('3');
    await waitFor(() => expect(calls('/api/alerts/search')).toHaveLength(1));
    act(() => seen.view!.refresh());
    await waitFor(() => expect(calls('/api/alerts/aggregate')).toHaveLength(2));
    await waitFor(() => expect(calls('/api/alerts/search')).toHaveLength(2));
    act(() => seen.view!.filterOn('rule.level', 12, false));
    await waitFor(() => expect(calls('/api/alerts/aggregate')).toHaveLength(3));
    await waitFor(() => expect(calls('/api/alerts/search')).toHaveLength(3));
    expect(JSON.parse(new URLSearchParams(history.location.search).get('filters')!)).toEqual([
      { type: 'is', field: 'rule.level', value: 12 },
    ]);
    expect(calls('/api/alerts/fields')).toHaveLength(1);
  });
});
