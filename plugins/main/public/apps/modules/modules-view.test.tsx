/** The modules app over a mocked dashboard: one dashboard request, locked pills, pinning, tabs. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type {
  AlertsAggregateRequest,
  AlertsAggregateResponse,
  AlertsSearchRequest,
} from '../../../common/alerts/api';
import { datasetById } from '../../../common/alerts/datasets';
import { dashboardCharts } from '../../../common/modules';
import { fileIntegrityMonitoring } from '../../../common/modules/file-integrity-monitoring';
import { pciDss } from '../../../common/modules/pci-dss';
import {
  createMockHttp,
  itemsEnvelope,
  type ManagedApiCallSeen,
  type RecordedCall,
} from '../../test-support/mock-http';
import { TEST_API_HOST } from '../../test-support/render-app';
import {
  createTestServices,
  memoryHistory,
  renderWithServices,
} from '../../test-support/test-services';
import { AppRoot } from '../app-root';
import { ModulesView } from '.';

jest.setTimeout(30_000);

const AGGREGATE = 'POST /api/alerts/aggregate';
const SEARCH = 'POST /api/alerts/search';

function managedApi(call: ManagedApiCallSeen): unknown {
  if (call.path === '/agents')
    return itemsEnvelope([
      { id: '001', name: 'web-1' },
      { id: '002', name: 'db-1' },
    ]);
  if (call.path === '/syscheck/001')
    return itemsEnvelope([{ file: '/etc/passwd', uname: 'root', perm: 'rw-r--r--', changes: 3 }]);
  return itemsEnvelope([]);
}

/** Answers every chart asked for: terms with two buckets, counts of 42. */
function answerCharts(call: RecordedCall): AlertsAggregateResponse {
  const request = call.body as AlertsAggregateRequest;
  const charts: AlertsAggregateResponse['charts'] = {};
  for (const chart of request.charts) {
    if (chart.type === 'count') charts[chart.id] = { type: 'count', count: 42 };
    else if (chart.type === 'terms')
      charts[chart.id] = {
        type: 'terms',
        buckets: [
          {
            key: 'modified',
            label: 'modified',
            count: 30,
            split: [
              {
                key: 'Integrity checksum changed.',
                label: 'Integrity checksum changed.',
                count: 30,
              },
            ],
          },
          { key: 'added', label: 'added', count: 12 },
        ],
      };
    else charts[chart.id] = { type: chart.type, buckets: [{ key: 'x', label: 'x', count: 7 }] };
  }
  return { total: { value: 42, relation: 'eq' }, charts, includesSampleData: false };
}

function setup(url: string) {
  const mock = createMockHttp(
    {
      'GET /hosts/apis': () => [TEST_API_HOST],
      'POST /utils/logs/ui': () => ({}),
      'GET /api/alerts/fields': () => ({ fields: [] }),
      [AGGREGATE]: answerCharts,
      [SEARCH]: () => ({
        total: { value: 1, relation: 'eq' },
        hits: [
          {
            _id: 'a1',
            _index: 'wazuh-alerts-4.x-2025.01.01',
            _source: { timestamp: '2025-01-01T00:00:00Z', syscheck: { path: '/etc/passwd' } },
          },
        ],
        includesSampleData: false,
        charts: { 'events-histogram': { type: 'date_histogram', buckets: [] } },
      }),
    },
    managedApi,
  );
  const test = createTestServices(mock);
  const history = memoryHistory(url);
  renderWithServices(
    <AppRoot services={test.services} history={history} title="Modules">
      <ModulesView />
    </AppRoot>,
    test.services,
  );
  const callsOf = (route: string) =>
    mock.calls.filter((call) => `${call.method} ${call.path}` === route);
  return {
    history,
    callsOf,
    user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }),
  };
}

describe('a module page', () => {
  it('draws the integrity dashboard of a pinned agent from one aggregate request', async () => {
    const { callsOf } = setup('/file-integrity-monitoring?host=prod&agent=001');
    await screen.findByTestId('module-file-integrity-monitoring');
    await waitFor(() => expect(screen.getByTestId('alertsKpi-fim-total')).toHaveTextContent('42'));
    expect(callsOf(AGGREGATE)).toHaveLength(1);
    const body = callsOf(AGGREGATE)[0].body as AlertsAggregateRequest;
    expect(body.agentId).toBe('001');
    // The server applies the module's own filters.
    expect(body.view).toBe('file-integrity-monitoring');
    expect(body.filters).toEqual([]);
    expect(body.charts).toEqual(dashboardCharts(fileIntegrityMonitoring, true));
    expect(callsOf(SEARCH)).toHaveLength(0);
    // The agent's panel set, not the fleet's.
    expect(screen.getByText('Most active users')).toBeInTheDocument();
    expect(screen.queryByText('Top 5 agents')).not.toBeInTheDocument();
    // A table panel lists each value with its split's values.
    const table = screen.getByTestId('alertsPanel-fim-filesTable');
    expect(table).toHaveTextContent('Integrity checksum changed.');
    expect(table).toHaveTextContent('added');
  });

  it("filters on a table row's value and its split's", async () => {
    const { history, user } = setup('/file-integrity-monitoring?host=prod&agent=001');
    const table = await screen.findByTestId('alertsPanel-fim-filesTable');
    await user.click(await within(table).findByText('Integrity checksum changed.'));
    await waitFor(() =>
      expect(JSON.parse(new URLSearchParams(history.location.search).get('filters')!)).toEqual([
        { type: 'is', field: 'syscheck.path', value: 'modified' },
        { type: 'is', field: 'syscheck.event', value: 'Integrity checksum changed.' },
      ]),
    );
  });

  it('shows the module filter and the agent as locked pills that cannot be removed', async () => {
    setup('/file-integrity-monitoring?host=prod&agent=001');
    const module = await screen.findByTestId('alertsLockedFilterPill-0');
    expect(module).toHaveTextContent('rule.groups: syscheck');
    expect(screen.getByTestId('alertsLockedFilterPill-1')).toHaveTextContent('agent.id: 001');
    expect(within(module).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('alertsFilterPill-0')).not.toBeInTheDocument();
  });

  it("adds a filter from a slice; the view's fixed filter stays the server's", async () => {
    const { callsOf, history, user } = setup('/file-integrity-monitoring?host=prod');
    await user.click(await screen.findByTestId('alertsPanel-fim-actionsLegend-modified'));
    await waitFor(() => expect(callsOf(AGGREGATE)).toHaveLength(2));
    expect(new URLSearchParams(history.location.search).get('filters')).toBe(
      JSON.stringify([{ type: 'is', field: 'syscheck.event', value: 'modified' }]),
    );
    expect(callsOf(AGGREGATE)[1].body).toMatchObject({
      view: 'file-integrity-monitoring',
      filters: [{ type: 'is', field: 'syscheck.event', value: 'modified' }],
    });
  });

  it('opens the Events tab with the module columns, its view and the sorts the server accepts', async () => {
    const { callsOf, user } = setup('/file-integrity-monitoring?host=prod&agent=001');
    await user.click(await screen.findByTestId('moduleTab-events'));
    await waitFor(() => expect(callsOf(SEARCH)).toHaveLength(1));
    const body = callsOf(SEARCH)[0].body as {
      filters: unknown;
      view: string;
      agentId: string;
      charts: unknown[];
    };
    expect(body).toMatchObject({ view: 'file-integrity-monitoring', filters: [] });
    expect(body.agentId).toBe('001');
    expect(body.charts).toHaveLength(1);
    await screen.findByTestId('alertsEventsTable');
  });

  it('pins an agent picked from the managed API list', async () => {
    const { history, user } = setup('/mitre-attack?host=prod');
    const picker = await screen.findByTestId('moduleAgentPicker');
    await user.click(within(picker).getByRole('combobox'));
    await user.click(await screen.findByText('002 db-1'));
    await waitFor(() =>
      expect(new URLSearchParams(history.location.search).get('agent')).toBe('002'),
    );
    await screen.findByTestId('moduleAgentPinned');
  });

  it('lists compliance requirements with their top rules', async () => {
    const { callsOf } = setup('/pci-dss?host=prod&tab=controls');
    await screen.findByTestId('complianceRow-modified');
    const body = callsOf(AGGREGATE)[0].body as AlertsAggregateRequest;
    expect(body.charts).toEqual([pciDss.controls!.chart]);
    expect(screen.getByTestId('complianceRow-modified')).toHaveTextContent(
      'Integrity checksum changed. (30)',
    );
  });

  it("lists the pinned agent's watched files as the integrity inventory", async () => {
    setup('/file-integrity-monitoring?host=prod&agent=001&tab=inventory');
    const table = await screen.findByTestId('fimInventory');
    await within(table).findByText('/etc/passwd');
  });

  it('asks for an agent before listing files', async () => {
    setup('/file-integrity-monitoring?host=prod&tab=inventory');
    await screen.findByTestId('fimInventoryPinAgent');
  });

  it('counts vulnerability detection from the states index, without the alerts filter', async () => {
    const { callsOf } = setup('/vulnerability-detection?host=prod');
    await waitFor(() =>
      expect(screen.getByTestId('alertsKpi-vuls-critical')).toHaveTextContent('7'),
    );
    const body = callsOf(AGGREGATE)[0].body as AlertsAggregateRequest;
    expect(body).toMatchObject({ view: 'vulnerability-detection', dataset: 'vulnerabilities' });
    expect(body).not.toHaveProperty('timeRange');
    expect(body.filters).toEqual([]);
    expect(screen.getByTestId('alertsCurrentState')).toBeInTheDocument();
    // The Events tab reads the detector's alerts.
    expect(screen.getByTestId('alertsLockedFilterPill-0')).toHaveTextContent(
      'rule.groups: vulnerability-detector',
    );
  });

  it('lists the fleet vulnerabilities, most severe first, and filters on a severity', async () => {
    const { callsOf, history, user } = setup('/vulnerability-detection?host=prod&tab=inventory');
    await waitFor(() => expect(callsOf(SEARCH)).toHaveLength(1));
    const body = callsOf(SEARCH)[0].body as AlertsSearchRequest;
    expect(body).toMatchObject({ dataset: 'vulnerabilities', view: 'vulnerability-detection' });
    expect(body.sort).toEqual(datasetById('vulnerabilities')!.defaultSort);
    expect(body).not.toHaveProperty('charts');
    await user.click(await screen.findByTestId('vulnerabilitySeverity-Critical'));
    await waitFor(() => expect(callsOf(SEARCH)).toHaveLength(2));
    expect(JSON.parse(new URLSearchParams(history.location.search).get('filters')!)).toEqual([
      { type: 'is', field: 'vulnerability.severity', value: 'Critical' },
    ]);
  });

  it('says which module does not exist', async () => {
    setup('/nope?host=prod');
    await screen.findByTestId('moduleNotFound');
  });
});
