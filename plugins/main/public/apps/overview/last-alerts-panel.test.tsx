/** The Overview's "Last 24 hours alerts" over a mocked dashboard: one request, counts, links, failures. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AlertsAggregateResponse, IndexerStatus } from '../../../common/alerts/api';
import { MODULE_COUNTS_CHART_ID } from '../../../common/modules';
import { readAlertsViewState } from '../../components/alerts/state/alerts-view-state';
import {
  createMockHttp,
  fail,
  itemsEnvelope,
  type ManagedApiCallSeen,
  type RecordedCall,
  type RouteHandler,
} from '../../test-support/mock-http';
import { TEST_API_HOST } from '../../test-support/render-app';
import {
  createTestServices,
  memoryHistory,
  renderWithServices,
} from '../../test-support/test-services';
import { AppRoot } from '../app-root';
import { OverviewView } from '.';

const AGGREGATE = 'POST /api/alerts/aggregate';

function managedApi(call: ManagedApiCallSeen): unknown {
  switch (call.path) {
    case '/agents/summary/status':
      return {
        data: {
          connection: { total: 3, active: 2, disconnected: 1, pending: 0, never_connected: 0 },
          configuration: { synced: 3, not_synced: 0, total: 3 },
        },
        error: 0,
      };
    case '/agents':
      return itemsEnvelope([
        { id: '001', name: 'web-1', status: 'active', dateAdd: '2025-03-01T10:00:00Z' },
      ]);
    case '/manager/status':
      return itemsEnvelope([{ 'wazuh-analysisd': 'running' }]);
    default:
      return { data: { api_version: '4.14.7', hostname: 'manager' }, error: 0 };
  }
}

function counted(
  counts: { critical: number; high: number; medium: number; low: number },
  includesSampleData = false,
): AlertsAggregateResponse {
  return {
    total: {
      value: counts.critical + counts.high + counts.medium + counts.low,
      relation: 'eq',
    },
    charts: {
      severity: {
        type: 'range',
        buckets: Object.entries(counts).map(([key, count]) => ({ key, label: key, count })),
      },
    },
    includesSampleData,
  };
}

const INDEXER_DOWN: IndexerStatus = {
  configured: true,
  demo: false,
  reachable: false,
  hosts: ['https://indexer-1:9200', 'https://indexer-2:9200'],
  alertsIndexPattern: 'wazuh-alerts-*',
  error: { code: 'indexer_unreachable', message: 'The indexer cannot be reached' },
};

/** The module cards below the agent panels count their alerts in a request of their own. */
const isModuleCounts = (call: RecordedCall) =>
  JSON.stringify(call.body).includes(`"id":"${MODULE_COUNTS_CHART_ID}"`);
const NO_MODULE_COUNTS = {
  total: { value: 0, relation: 'eq' },
  charts: {},
  includesSampleData: false,
};

function setup(aggregate: RouteHandler) {
  const mock = createMockHttp(
    {
      'GET /hosts/apis': () => [TEST_API_HOST],
      'POST /utils/logs/ui': () => ({}),
      'GET /api/alerts/status': () => INDEXER_DOWN,
      [AGGREGATE]: (call) => (isModuleCounts(call) ? NO_MODULE_COUNTS : aggregate(call)),
    },
    managedApi,
  );
  const test = createTestServices(mock);
  renderWithServices(
    <AppRoot services={test.services} history={memoryHistory('/?host=prod')} title="Overview">
      <OverviewView />
    </AppRoot>,
    test.services,
  );
  const aggregateCalls = () =>
    mock.calls.filter(
      (call) => `${call.method} ${call.path}` === AGGREGATE && !isModuleCounts(call),
    );
  const statusCalls = () => mock.calls.filter((call) => call.path === '/api/alerts/status');
  return {
    ...test,
    aggregateCalls,
    statusCalls,
    user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }),
  };
}

function bandLink(key: string): HTMLAnchorElement {
  return screen.getByTestId(`lastAlertsLink-${key}`) as HTMLAnchorElement;
}

/** The view a band's link opens, read as Threat Hunting reads its URL. */
function linkedView(key: string) {
  const url = new URL(bandLink(key).href, 'http://dashboard');
  const { timeRange, filters } = readAlertsViewState(url.searchParams);
  return { path: url.pathname, host: url.searchParams.get('host'), timeRange, filters };
}

describe('Last 24 hours alerts', () => {
  it('asks once for the four bands of the selected host and shows each count with its label', async () => {
    const { aggregateCalls } = setup(() =>
      counted({ critical: 3, high: 41, medium: 1200, low: 7 }),
    );
    const panel = within(await screen.findByTestId('overviewLastAlerts'));
    await waitFor(() => expect(bandLink('medium').textContent).toBe((1200).toLocaleString()));

    expect(aggregateCalls()).toHaveLength(1);
    expect(aggregateCalls()[0].body).toEqual({
      apiHostId: 'prod',
      timeRange: { from: 'now-24h', to: 'now' },
      charts: [
        {
          id: 'severity',
          type: 'range',
          field: 'rule.level',
          ranges: [
            { key: 'critical', gte: 15 },
            { key: 'high', gte: 12, lt: 15 },
            { key: 'medium', gte: 7, lt: 12 },
            { key: 'low', gte: 0, lt: 7 },
          ],
        },
      ],
    });
    expect(
      ['critical', 'high', 'medium', 'low'].map((key) => [
        bandLink(key).textContent,
        screen.getByTestId(`lastAlerts-${key}`).textContent,
      ]),
    ).toEqual([
      ['3', expect.stringContaining('Critical severityRule level 15 or higher')],
      ['41', expect.stringContaining('High severityRule level 12 to 14')],
      [(1200).toLocaleString(), expect.stringContaining('Medium severityRule level 7 to 11')],
      ['7', expect.stringContaining('Low severityRule level 0 to 6')],
    ]);
    expect(panel.queryByTestId('alertsSampleDataNotice')).toBeNull();
    // The agent panels are there too.
    await screen.findByTestId('agentsCount-total');
  });

  it('links each count to Threat Hunting on its band and the last 24 hours, critical open-ended', async () => {
    setup(() => counted({ critical: 1, high: 2, medium: 3, low: 4 }));
    await waitFor(() => expect(bandLink('low').textContent).toBe('4'));
    const base = {
      path: '/app/svc-threat-hunting',
      host: 'prod',
      timeRange: { from: 'now-24h', to: 'now' },
    };
    const between = (gte: number, lte?: number) => [
      { type: 'between', field: 'rule.level', gte, ...(lte === undefined ? {} : { lte }) },
    ];
    expect(linkedView('critical')).toEqual({ ...base, filters: between(15) });
    expect(linkedView('high')).toEqual({ ...base, filters: between(12, 14) });
    expect(linkedView('medium')).toEqual({ ...base, filters: between(7, 11) });
    expect(linkedView('low')).toEqual({ ...base, filters: between(0, 6) });
  });

  it('says when the counts include sample data', async () => {
    setup(() => counted({ critical: 0, high: 0, medium: 5, low: 9 }, true));
    await screen.findByTestId('alertsSampleDataNotice');
    expect(bandLink('critical').textContent).toBe('0');
  });

  it('shows an indexer that fails once, naming it and the cause, without a toast; the agents still show; Try again asks again', async () => {
    let down = true;
    const { aggregateCalls, statusCalls, toasts, user } = setup(() =>
      down
        ? fail(502, {
            statusCode: 502,
            error: 'Bad Gateway',
            message: 'The indexer did not answer: connect ECONNREFUSED 10.0.0.9:9200',
            attributes: { code: 'indexer_unreachable', hosts: ['https://10.0.0.9:9200'] },
          })
        : counted({ critical: 0, high: 1, medium: 2, low: 3 }),
    );
    const callout = await screen.findByTestId('indexerUnavailable');
    expect(callout.textContent).toContain('https://10.0.0.9:9200');
    expect(callout.textContent).toContain('connect ECONNREFUSED 10.0.0.9:9200');
    expect(callout.textContent).toContain('indexer_unreachable');
    expect(screen.getAllByTestId('indexerUnavailable')).toHaveLength(1);
    expect(screen.queryByTestId('lastAlertsLink-low')).toBeNull();
    await screen.findByTestId('agentsCount-total');
    expect(screen.queryByTestId('svcErrorPrompt')).toBeNull();
    expect(toasts).toEqual([]);
    expect(statusCalls()).toEqual([]);

    down = false;
    await user.click(screen.getByTestId('indexerRetry'));
    await waitFor(() => expect(bandLink('low').textContent).toBe('3'));
    expect(screen.queryByTestId('indexerUnavailable')).toBeNull();
    expect(aggregateCalls()).toHaveLength(2);
  });

  it('names the indexer from its state when the failed answer does not', async () => {
    const { statusCalls } = setup(() =>
      fail(504, {
        statusCode: 504,
        error: 'Gateway Timeout',
        message: 'The indexer did not answer in time (svc.indexer.requestTimeoutMs)',
        attributes: { code: 'indexer_timeout' },
      }),
    );
    const callout = await screen.findByTestId('indexerUnavailable');
    await waitFor(() =>
      expect(callout.textContent).toContain(
        'The Wazuh indexer at https://indexer-1:9200, https://indexer-2:9200 cannot be read',
      ),
    );
    expect(callout.textContent).toContain('did not answer in time');
    expect(statusCalls()).toHaveLength(1);
  });

  it('does not blame the indexer when the host would not say which manager its alerts carry', async () => {
    const { statusCalls } = setup(() =>
      fail(502, {
        statusCode: 502,
        error: 'Bad Gateway',
        message:
          'API host [prod] gave no manager name for agent 000 (GET /agents?agents_list=000).',
        attributes: { code: 'manager_pin_unavailable', apiHostId: 'prod' },
      }),
    );
    const callout = await screen.findByTestId('alertsUnreadable');
    expect(callout.textContent).toContain('The alerts of this API host cannot be read');
    expect(callout.textContent).toContain('gave no manager name for agent 000');
    expect(screen.queryByTestId('indexerUnavailable')).toBeNull();
    expect(statusCalls()).toEqual([]);
  });

  it('says how to connect an indexer when none is configured', async () => {
    const { toasts } = setup(() =>
      fail(503, {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'No indexer is configured',
        attributes: { code: 'indexer_not_configured' },
      }),
    );
    const callout = await screen.findByTestId('indexerNotConfigured');
    for (const setting of [
      'SVC_INDEXER_URL',
      'SVC_INDEXER_USERNAME',
      'SVC_INDEXER_PASSWORD',
      'SVC_INDEXER_CA_FILE',
      'svc.indexer.hosts',
      'config/svc.yml',
    ])
      expect(callout.textContent).toContain(setting);
    await screen.findByTestId('agentsCount-total');
    expect(toasts).toEqual([]);
  });

  it('treats an answer without the severity buckets as a failure to show, not as zeros', async () => {
    setup(() => ({ total: { value: 0, relation: 'eq' }, charts: {}, includesSampleData: false }));
    const cause = await screen.findByTestId('indexerUnavailableCause');
    expect(cause.textContent).toContain('no "severity" buckets');
  });
});
