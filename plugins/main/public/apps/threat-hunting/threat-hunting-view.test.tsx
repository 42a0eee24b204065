import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type {
  AlertHit,
  AlertsAggregateResponse,
  AlertsSearchRequest,
  AlertsSearchResponse,
} from '../../../common/alerts/api';
import { AppRoot } from '../app-root';
import { createMockHttp, fail, type RecordedCall } from '../../test-support/mock-http';
import { TEST_API_HOST } from '../../test-support/render-app';
import {
  createTestServices,
  memoryHistory,
  renderWithServices,
} from '../../test-support/test-services';
import { ThreatHuntingView } from './index';

jest.setTimeout(60_000);

function hit(index: number, agent = { id: '001', name: 'web-01' }): AlertHit {
  return {
    _id: `alert-${index}`,
    _index: 'wazuh-alerts-4.x-2026.11.26',
    _source: {
      timestamp: new Date(Date.UTC(2026, 10, 26, 12, 0, index)).toISOString(),
      agent,
      manager: { name: 'manager' },
      rule: {
        id: String(550 + index),
        level: 5 + (index % 10),
        description: `Integrity checksum changed ${index}`,
        groups: ['ossec', 'syscheck'],
      },
      syscheck: { path: `/etc/file-${index}` },
    },
  };
}

const HISTOGRAM = {
  'events-histogram': {
    type: 'date_histogram',
    buckets: [
      { key: Date.UTC(2026, 10, 26, 10), label: '2026-11-26T10:00:00.000Z', count: 5000 },
      { key: Date.UTC(2026, 10, 26, 11), label: '2026-11-26T11:00:00.000Z', count: 7345 },
    ],
  },
} as const;

const AGGREGATE: AlertsAggregateResponse = {
  total: { value: 12_345, relation: 'eq' },
  includesSampleData: false,
  charts: {
    'th-total': { type: 'count', count: 12_345 },
    'th-level-12': {
      type: 'filters',
      buckets: [{ key: 'th-level-12', label: 'th-level-12', count: 321 }],
    },
    'th-auth-failure': {
      type: 'filters',
      buckets: [{ key: 'th-auth-failure', label: 'th-auth-failure', count: 45 }],
    },
    'th-auth-success': {
      type: 'filters',
      buckets: [{ key: 'th-auth-success', label: 'th-auth-success', count: 67 }],
    },
    'th-levels-over-time': {
      type: 'date_histogram',
      buckets: [
        {
          key: Date.UTC(2026, 10, 26, 10),
          label: '2026-11-26T10:00:00.000Z',
          count: 10,
          split: [
            { key: 3, label: '3', count: 6 },
            { key: 12, label: '12', count: 4 },
          ],
        },
      ],
    },
    'th-techniques': {
      type: 'terms',
      buckets: [{ key: 'Brute Force', label: 'Brute Force', count: 9 }],
    },
    'th-agents': {
      type: 'terms',
      buckets: [
        { key: 'web-01', label: 'web-01', count: 8000 },
        { key: 'db-01', label: 'db-01', count: 4345 },
      ],
    },
    'th-agents-over-time': { type: 'date_histogram', buckets: [] },
  },
};

interface Options {
  total?: AlertsSearchResponse['total'];
  search?: (request: AlertsSearchRequest) => unknown;
  aggregate?: () => unknown;
  fetch?: typeof fetch;
}

function setup(url = '/?host=prod', options: Options = {}) {
  const total = options.total ?? { value: 12_345, relation: 'eq' };
  const mock = createMockHttp({
    'GET /hosts/apis': () => [TEST_API_HOST],
    'POST /utils/logs/ui': () => ({}),
    'GET /api/alerts/fields': () => ({
      fields: [
        ['agent.name', 'string', 'keyword'],
        ['rule.groups', 'string', 'keyword'],
        ['rule.level', 'number', 'long'],
        ['syscheck.path', 'string', 'keyword'],
        ['timestamp', 'date', 'date'],
      ].map(([name, type, esType]) => ({
        name,
        type,
        esType,
        searchable: true,
        aggregatable: true,
      })),
    }),
    'GET /api/alerts/status': () => ({
      configured: true,
      demo: false,
      reachable: false,
      hosts: ['https://indexer.example.org:9200'],
      alertsIndexPattern: 'wazuh-alerts-*',
      error: { code: 'indexer_unreachable', message: 'connect ECONNREFUSED 10.0.0.9:9200' },
    }),
    'POST /api/alerts/search': (call: RecordedCall) => {
      const request = call.body as AlertsSearchRequest;
      if (options.search) return options.search(request);
      const page = request.page ?? 0;
      const hits = Array.from({ length: request.size }, (_, index) =>
        hit(page * request.size + index, index === 1 ? { id: '000', name: 'manager' } : undefined),
      );
      return {
        total,
        hits,
        cursor: `after-page-${page}`,
        includesSampleData: false,
        ...(request.charts && { charts: HISTOGRAM }),
      };
    },
    'POST /api/alerts/aggregate': () => (options.aggregate ? options.aggregate() : AGGREGATE),
  });
  const test = createTestServices(mock, { fetch: options.fetch });
  const history = memoryHistory(url);
  renderWithServices(
    <AppRoot services={test.services} history={history} title="Threat Hunting">
      <ThreatHuntingView />
    </AppRoot>,
    test.services,
  );
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const alertsCalls = () => mock.calls.filter((call) => call.path.startsWith('/api/alerts/'));
  const searches = () =>
    mock.calls
      .filter((call) => call.path === '/api/alerts/search')
      .map((call) => call.body as AlertsSearchRequest);
  const params = () => new URLSearchParams(history.location.search);
  return { ...test, mock, history, user, alertsCalls, searches, params };
}

async function firstRows() {
  await screen.findAllByText('Integrity checksum changed 0');
}

describe('Threat Hunting', () => {
  afterEach(() => window.localStorage.clear());

  it('asks for one page, one aggregate and the fields on first view, the last 24 hours newest first', async () => {
    const { alertsCalls, searches } = setup();
    await firstRows();
    await screen.findByText('12,345 hits');
    expect(
      alertsCalls()
        .map((call) => `${call.method} ${call.path}`)
        .sort(),
    ).toEqual(['GET /api/alerts/fields', 'POST /api/alerts/aggregate', 'POST /api/alerts/search']);
    expect(searches()[0]).toEqual({
      apiHostId: 'prod',
      timeRange: { from: 'now-24h', to: 'now' },
      query: { language: 'kuery', query: '' },
      filters: [],
      sort: [{ field: 'timestamp', direction: 'desc' }],
      size: 15,
      page: 0,
      charts: [{ id: 'events-histogram', type: 'date_histogram' }],
    });
    const aggregate = alertsCalls().find((call) => call.path === '/api/alerts/aggregate')!;
    expect(
      (aggregate.body as { charts: Array<{ id: string }> }).charts.map((chart) => chart.id),
    ).toEqual([
      'th-total',
      'th-level-12',
      'th-auth-failure',
      'th-auth-success',
      'th-levels-over-time',
      'th-techniques',
      'th-agents',
      'th-agents-over-time',
    ]);
    expect(screen.getByTestId('alertsKpi-th-total')).toHaveTextContent('12,345Total');
    expect(screen.getByTestId('alertsKpi-th-level-12')).toHaveTextContent(
      '321Level 12 or above alerts',
    );
    expect(screen.getByTestId('alertsKpi-th-auth-failure')).toHaveTextContent(
      '45Authentication failure',
    );
    expect(screen.getByTestId('alertsKpi-th-auth-success')).toHaveTextContent(
      '67Authentication success',
    );
    const table = screen.getByTestId('alertsEventsTable');
    for (const column of ['timestamp', 'agent.name', 'rule.description', 'rule.level', 'rule.id'])
      expect(within(table).getAllByTitle(column).length).toBeGreaterThan(0);
  });

  it('says "more than" when the indexer stopped counting', async () => {
    setup('/?host=prod', { total: { value: 10_000, relation: 'gte' } });
    await screen.findByText('More than 10,000 hits');
  });

  it('links agents (not the manager) to the agent view and rule ids to the rule', async () => {
    setup();
    await firstRows();
    const agentLinks = screen.getAllByTestId('agentLink');
    expect(agentLinks.length).toBe(14);
    expect(agentLinks[0]).toHaveAttribute('href', '/app/svc-agents/001?host=prod');
    expect(screen.getAllByText('manager')[0].closest('a')).toBeNull();
    expect(screen.getAllByTestId('alertsRuleLink')[0]).toHaveAttribute(
      'href',
      '/app/svc-rules?host=prod&rule=550',
    );
  });

  it('keeps the query, language and filters in the URL and sends them', async () => {
    const { user, params, searches } = setup();
    await firstRows();
    const input = screen.getByTestId('alertsSearchInput');
    await user.type(input, 'rule.gro');
    const suggestion = await screen.findByText('rule.groups');
    await user.click(suggestion);
    expect(input).toHaveValue('rule.groups:');
    await user.type(input, 'syscheck{Enter}');
    await waitFor(() => expect(params().get('query')).toBe('rule.groups:syscheck'));
    await waitFor(() =>
      expect(searches().at(-1)?.query).toEqual({
        language: 'kuery',
        query: 'rule.groups:syscheck',
      }),
    );

    await user.selectOptions(screen.getByTestId('alertsQueryLanguage'), 'lucene');
    await user.click(screen.getByTestId('alertsSearchSubmit'));
    await waitFor(() => expect(params().get('language')).toBe('lucene'));
    await waitFor(() => expect(searches().at(-1)?.query?.language).toBe('lucene'));
  });

  it('adds, negates, disables and removes filter pills; back undoes a step', async () => {
    const { user, params, searches, history } = setup();
    await firstRows();
    await user.click(screen.getByTestId('alertsAddFilter'));
    const editor = await screen.findByTestId('alertsFilterEditor');
    const field = within(editor).getByTestId('comboBoxSearchInput');
    await user.type(field, 'rule.level{Enter}');
    await user.selectOptions(within(editor).getByTestId('alertsFilterOperator'), 'between');
    await user.type(within(editor).getByTestId('alertsFilterFrom'), '12');
    await user.click(within(editor).getByTestId('alertsFilterSave'));
    await waitFor(() =>
      expect(JSON.parse(params().get('filters')!)).toEqual([
        { field: 'rule.level', type: 'between', gte: 12 },
      ]),
    );
    expect(screen.getByTestId('alertsFilterPill-0')).toHaveTextContent('rule.level: 12 to +∞');
    await waitFor(() => expect(searches().at(-1)?.filters).toHaveLength(1));

    await user.click(screen.getByLabelText('Edit filter rule.level: 12 to +∞'));
    await user.click(await screen.findByTestId('alertsFilterNegate'));
    await waitFor(() => expect(JSON.parse(params().get('filters')!)[0].negate).toBe(true));

    await user.click(screen.getByLabelText('Edit filter NOT rule.level: 12 to +∞'));
    await user.click(await screen.findByTestId('alertsFilterDisable'));
    await waitFor(() => expect(JSON.parse(params().get('filters')!)[0].disabled).toBe(true));
    expect(screen.getByTestId('alertsFilterPill-0')).toHaveAttribute(
      'data-filter-disabled',
      'true',
    );

    act(() => history.back());
    await waitFor(() => expect(JSON.parse(params().get('filters')!)[0].disabled).toBeUndefined());

    await user.click(screen.getByLabelText('Delete filter NOT rule.level: 12 to +∞'));
    await waitFor(() => expect(params().get('filters')).toBeNull());
  });

  it('filters an agent out from a cell, and for a value from the document flyout', async () => {
    const { user, params } = setup();
    await firstRows();
    const table = screen.getByTestId('alertsEventsTable');
    const cell = within(table)
      .getAllByText('web-01')[0]
      .closest('[role="gridcell"]') as HTMLElement;
    fireEvent.mouseEnter(cell);
    fireEvent.focus(cell);
    const filterOut = await within(cell).findByTestId('alertsCellFilterOut');
    await user.click(filterOut);
    await waitFor(() =>
      expect(JSON.parse(params().get('filters')!)).toEqual([
        { field: 'agent.name', type: 'is', value: 'web-01', negate: true },
      ]),
    );

    await user.click(screen.getAllByTestId('alertsInspectRow')[0]);
    const flyout = await screen.findByTestId('alertDocumentFlyout');
    expect(within(flyout).getByText('Document details')).toBeInTheDocument();
    expect(within(flyout).getByText('syscheck.path')).toBeInTheDocument();
    expect(within(flyout).getByText('/etc/file-0')).toBeInTheDocument();
    await user.click(within(flyout).getByTestId('docFilterFor-syscheck.path'));
    await waitFor(() =>
      expect(JSON.parse(params().get('filters')!)).toContainEqual({
        field: 'syscheck.path',
        type: 'is',
        value: '/etc/file-0',
      }),
    );
    await user.click(within(flyout).getByTestId('alertDocumentJsonTab'));
    expect(within(flyout).getByTestId('alertDocumentJson')).toHaveTextContent('"_id": "alert-0"');
  });

  it('filters from a chart: a slice, a series, and narrows the range to a histogram bar', async () => {
    const { user, params } = setup();
    await firstRows();
    await user.click(screen.getByTestId('alertsPanel-th-agentsLegend-db-01'));
    await waitFor(() =>
      expect(JSON.parse(params().get('filters')!)).toEqual([
        { field: 'agent.name', type: 'is', value: 'db-01' },
      ]),
    );
    await user.click(screen.getByTestId('alertsPanel-th-levels-over-timeLegend-12'));
    await waitFor(() =>
      expect(JSON.parse(params().get('filters')!)).toContainEqual({
        field: 'rule.level',
        type: 'is',
        value: 12,
      }),
    );
    fireEvent.click(screen.getAllByTestId('alertsHistogramBar')[0]);
    await waitFor(() => expect(params().get('from')).toBe('2026-11-26T10:00:00.000Z'));
    expect(params().get('to')).toBe('2026-11-26T11:00:00.000Z');
  });

  it('pages by number inside the first 10,000 hits and by cursor past them, back included', async () => {
    const requests: AlertsSearchRequest[] = [];
    const { user } = setup('/?host=prod&size=100', {
      search: (request) => {
        requests.push(request);
        const page = request.page ?? Number(/after-page-(\d+)/.exec(request.cursor ?? '')?.[1]) + 1;
        return {
          total: { value: 25_000, relation: 'eq' },
          hits: [hit(page)],
          cursor: `after-page-${page}`,
          includesSampleData: false,
        };
      },
    });
    await screen.findByText('25,000 hits');
    // Page 100 (index 99) is the last inside the window: jump there, then go past it.
    await user.click(await screen.findByLabelText('Page 100 of 100'));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ page: 99, size: 100 }));
    await user.click(await screen.findByTestId('alertsNextPage'));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ cursor: 'after-page-99' }));
    expect(requests.at(-1)).not.toHaveProperty('page');
    await screen.findByText('Page 101 of 250');
    await user.click(await screen.findByTestId('alertsNextPage'));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ cursor: 'after-page-100' }));
    await user.click(screen.getByTestId('alertsPreviousPage'));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ cursor: 'after-page-99' }));
    await user.click(screen.getByTestId('alertsPreviousPage'));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ page: 99 }));
  });

  it('changes rows per page and sort through the URL', async () => {
    const { user, params, searches } = setup();
    await firstRows();
    await user.selectOptions(screen.getByTestId('alertsPageSize'), '50');
    await waitFor(() => expect(params().get('size')).toBe('50'));
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ size: 50, page: 0 }));
  });

  it('exports the current selection with the visible columns and sort', async () => {
    const bodies: unknown[] = [];
    const fetchCsv = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      // jsdom has no TextEncoder; the file is ASCII.
      const csv = Uint8Array.from('timestamp,agent.name\n2026,web-01\n', (char) =>
        char.charCodeAt(0),
      );
      return {
        ok: true,
        status: 200,
        statusText: 'OK',
        // jsdom has no ReadableStream: a reader that gives the file in one chunk.
        body: {
          getReader: () => {
            const chunks = [csv];
            return {
              read: async () =>
                chunks.length > 0 ? { done: false, value: chunks.shift() } : { done: true },
            };
          },
        },
        headers: {
          get: (name: string) =>
            name === 'content-disposition' ? 'attachment; filename="alerts.csv"' : null,
        },
      };
    }) as unknown as typeof fetch;
    const { user, saved, toasts } = setup('/?host=prod&query=rule.groups%3Asyscheck', {
      fetch: fetchCsv,
    });
    await firstRows();
    await user.click(screen.getByTestId('alertsCsvExport'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].filename).toBe('alerts.csv');
    expect((fetchCsv as jest.Mock).mock.calls[0][0]).toBe('/api/alerts/csv');
    expect(bodies[0]).toEqual({
      apiHostId: 'prod',
      timeRange: { from: 'now-24h', to: 'now' },
      query: { language: 'kuery', query: 'rule.groups:syscheck' },
      filters: [],
      columns: ['timestamp', 'agent.name', 'rule.description', 'rule.level', 'rule.id'],
      sort: [{ field: 'timestamp', direction: 'desc' }],
    });
    expect(toasts.at(-1)?.toast.text).toContain('1 rows');
  });

  it('says when sample data is part of the view', async () => {
    setup('/?host=prod', { aggregate: () => ({ ...AGGREGATE, includesSampleData: true }) });
    await screen.findByTestId('alertsSampleDataNotice');
    expect(screen.getByTestId('alertsSampleDataNotice')).toHaveTextContent(
      'This view includes sample data',
    );
  });

  it('shows one callout naming the indexer and the cause when it is down, and no toast', async () => {
    const down = () =>
      fail(502, {
        statusCode: 502,
        error: 'Bad Gateway',
        message: 'The indexer did not answer: connect ECONNREFUSED 10.0.0.9:9200',
        attributes: { code: 'indexer_unreachable' },
      });
    const { toasts } = setup('/?host=prod', { search: down, aggregate: down });
    const callout = await screen.findByTestId('indexerUnavailable');
    await within(callout).findByText(
      'The Wazuh indexer at https://indexer.example.org:9200 cannot be read',
    );
    expect(callout).toHaveTextContent('connect ECONNREFUSED 10.0.0.9:9200');
    expect(screen.getAllByTestId('indexerUnavailable')).toHaveLength(1);
    expect(toasts.filter((toast) => toast.color === 'danger')).toHaveLength(0);
  });

  it('says how to connect an indexer when none is configured', async () => {
    const notConfigured = () =>
      fail(503, {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'No indexer is configured',
        attributes: { code: 'indexer_not_configured' },
      });
    setup('/?host=prod', { search: notConfigured, aggregate: notConfigured });
    const callout = await screen.findByTestId('indexerNotConfigured');
    expect(callout).toHaveTextContent('No indexer is connected');
    expect(callout).toHaveTextContent('SVC_INDEXER_URL');
  });

  it('keeps the columns the user chose for that user', async () => {
    const { user } = setup();
    await firstRows();
    await user.click(screen.getByTestId('dataGridColumnSelectorButton'));
    await user.click(
      await screen.findByTestId('dataGridColumnSelectorToggleColumnVisibility-rule.id'),
    );
    await waitFor(() =>
      expect(
        JSON.parse(window.localStorage.getItem('svc:threat-hunting:table:tester')!),
      ).toMatchObject({
        columns: ['timestamp', 'agent.name', 'rule.description', 'rule.level'],
      }),
    );
  });
});
