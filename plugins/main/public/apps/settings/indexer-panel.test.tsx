/** Settings → Indexer over a mocked dashboard: the indexer's state, each host's pin and count, failures. */
import { screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { IndexerStatus } from '../../../common/alerts/api';
import { createMockHttp, fail, type RouteHandler } from '../../test-support/mock-http';
import { TEST_API_HOST } from '../../test-support/render-app';
import {
  createTestServices,
  memoryHistory,
  renderWithServices,
} from '../../test-support/test-services';
import { AppRoot } from '../app-root';
import { IndexerPanel } from './indexer-panel';

function setup(status: RouteHandler) {
  const mock = createMockHttp({
    'GET /hosts/apis': () => [TEST_API_HOST],
    'POST /utils/logs/ui': () => ({}),
    'GET /api/alerts/status': status,
  });
  const test = createTestServices(mock);
  renderWithServices(
    <AppRoot services={test.services} history={memoryHistory('/?tab=indexer')} title="Settings">
      <IndexerPanel />
    </AppRoot>,
    test.services,
  );
  return {
    ...test,
    mock,
    user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }),
  };
}

const REACHABLE: IndexerStatus = {
  configured: true,
  demo: false,
  reachable: true,
  hosts: ['https://indexer-1:9200', 'https://indexer-2:9200'],
  version: '2.19.1',
  clusterHealth: 'yellow',
  alertsIndexPattern: 'wazuh-alerts-*',
  apiHosts: [
    { apiHostId: 'prod', pin: { field: 'cluster.name', value: 'wazuh' }, last24hAlerts: 12345 },
    { apiHostId: 'lab', error: 'The API host lab could not be reached' },
  ],
};

function fact(title: string): string {
  const facts = screen.getByTestId('indexerFacts');
  const titles = [...facts.querySelectorAll('dt')];
  const index = titles.findIndex((element) => element.textContent === title);
  return facts.querySelectorAll('dd')[index]?.textContent ?? '';
}

describe('Settings → Indexer', () => {
  it('shows the state, version, cluster health, hosts and pattern, and each API host’s pin and count', async () => {
    setup(() => REACHABLE);
    await screen.findByTestId('indexerReachable');
    expect(fact('Version')).toBe('2.19.1');
    expect(fact('Cluster health')).toBe('yellow');
    expect(fact('Hosts')).toBe('https://indexer-1:9200, https://indexer-2:9200');
    expect(fact('Alerts index pattern')).toBe('wazuh-alerts-*');
    const prod = within(screen.getByTestId('indexerApiHost-prod'));
    expect(prod.getByText('cluster.name: wazuh')).toBeTruthy();
    expect(prod.getByText((12345).toLocaleString())).toBeTruthy();
    const lab = within(screen.getByTestId('indexerApiHost-lab'));
    expect(lab.getByText('The API host lab could not be reached')).toBeTruthy();
    expect(screen.queryByTestId('indexerDemo')).toBeNull();
  });

  it('shows the last run of each job writing to the indexer, with what went wrong', async () => {
    setup(() => ({
      ...REACHABLE,
      jobs: [
        {
          job: 'statistics',
          startedAt: '2026-03-02T10:00:00.000Z',
          finishedAt: '2026-03-02T10:00:01.000Z',
          documents: 0,
          errors: ['Indexer: The indexer could not be reached.'],
        },
        {
          job: 'monitoring',
          startedAt: '2026-03-02T10:00:00.000Z',
          finishedAt: '2026-03-02T10:00:02.000Z',
          documents: 1200,
          errors: [],
        },
      ],
    }));
    const statistics = within(await screen.findByTestId('indexerJob-statistics'));
    expect(statistics.getByText('Indexer: The indexer could not be reached.')).toBeTruthy();
    const monitoring = within(screen.getByTestId('indexerJob-monitoring'));
    expect(monitoring.getByText('1200')).toBeTruthy();
  });

  it('says why an unreachable indexer cannot be read, and checks again on demand', async () => {
    let reachable = false;
    const { mock, user } = setup(() =>
      reachable
        ? REACHABLE
        : {
            ...REACHABLE,
            reachable: false,
            version: undefined,
            clusterHealth: undefined,
            apiHosts: [],
            error: {
              code: 'indexer_unreachable',
              message:
                'The indexer cannot be reached. The log tells more under reference 0a1b2c3d.',
              detail: 'connect ECONNREFUSED 10.0.0.9:9200',
            },
          },
    );
    const state = await screen.findByTestId('indexerNotReachable');
    expect(state.textContent).toContain('reference 0a1b2c3d');
    expect(screen.getByTestId('indexerErrorDetail').textContent).toBe(
      'connect ECONNREFUSED 10.0.0.9:9200',
    );
    expect(state.textContent).toContain('indexer_unreachable');
    expect(fact('Version')).toBe('not known');

    reachable = true;
    await user.click(screen.getByTestId('indexerRefresh'));
    await screen.findByTestId('indexerReachable');
    expect(mock.calls.filter((call) => call.path === '/api/alerts/status')).toHaveLength(2);
  });

  it('shows each node, alive or dead since when, with its last failure when given', async () => {
    setup(() => ({
      ...REACHABLE,
      nodes: [
        { url: 'https://indexer-1:9200', state: 'alive', since: '2026-01-01T00:00:00Z' },
        {
          url: 'https://indexer-2:9200',
          state: 'dead',
          since: '2026-01-02T00:00:00Z',
          lastError: 'ConnectionError: connect ECONNREFUSED 10.0.0.2:9200',
        },
      ],
    }));
    await screen.findByTestId('indexerNodes');
    const alive = within(screen.getByTestId('indexerNode-alive'));
    expect(alive.getByText('https://indexer-1:9200')).toBeTruthy();
    const dead = within(screen.getByTestId('indexerNode-dead'));
    expect(dead.getByText('dead: skipped until tried again')).toBeTruthy();
    expect(dead.getByText(new Date('2026-01-02T00:00:00Z').toLocaleString())).toBeTruthy();
    expect(dead.getByText('ConnectionError: connect ECONNREFUSED 10.0.0.2:9200')).toBeTruthy();
  });

  it('says how to connect an indexer when none is configured', async () => {
    setup(() => ({
      configured: false,
      demo: false,
      reachable: false,
      hosts: [],
      alertsIndexPattern: 'wazuh-alerts-*',
    }));
    const callout = await screen.findByTestId('indexerNotConfigured');
    expect(callout.textContent).toContain('SVC_INDEXER_URL');
  });

  it('marks the demo stand-in', async () => {
    setup(() => ({
      ...REACHABLE,
      demo: true,
      configured: false,
      hosts: ['http://127.0.0.1:41234'],
    }));
    await screen.findByTestId('indexerDemo');
    expect(screen.queryByTestId('indexerNotConfigured')).toBeNull();
  });

  it('shows a failing status route in place, without a toast', async () => {
    const { toasts } = setup(() =>
      fail(403, { statusCode: 403, error: 'Forbidden', message: 'Not allowed' }),
    );
    const prompt = await screen.findByTestId('svcErrorPrompt');
    expect(prompt.textContent).toContain('Not allowed');
    expect(toasts).toEqual([]);
  });
});
