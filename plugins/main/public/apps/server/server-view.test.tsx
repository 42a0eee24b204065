import { screen, waitFor, within } from '@testing-library/react';
import {
  fail,
  itemsEnvelope,
  permissionDenied,
  type ManagedApiCallSeen,
} from '../../test-support/mock-http';
import { renderApp } from '../../test-support/render-app';
import { ServerView } from './index';

jest.setTimeout(60_000);

const NODES = [
  { name: 'master-node', type: 'master', version: '4.14.7', ip: '10.0.0.10' },
  { name: 'worker1', type: 'worker', version: '4.14.7', ip: '10.0.0.11' },
  { name: 'worker2', type: 'worker', version: '4.14.7', ip: '10.0.0.12' },
];

/** Three lines per node, a second apart and a node apart, newest first. */
function linesOf(node: string, offset: number) {
  return [0, 1, 2].map((index) => ({
    timestamp: `2026-03-02T10:00:${String(50 - index * 10 - offset).padStart(2, '0')}Z`,
    tag: index === 1 ? 'wazuh-db' : 'wazuh-remoted',
    level: index === 2 ? 'error' : 'info',
    description: `${node} line ${index}`,
  }));
}

const SUMMARY = [
  { 'wazuh-db': { all: 1, info: 1, error: 0, critical: 0, warning: 0, debug: 0 } },
  { 'wazuh-remoted': { all: 2, info: 1, error: 1, critical: 0, warning: 0, debug: 0 } },
];

const DAEMONS = { 'wazuh-analysisd': 'running', 'wazuh-clusterd': 'running' };

function managedApi(clustered: boolean, silent: string[] = []) {
  return async (call: ManagedApiCallSeen) => {
    if (call.path === '/cluster/status')
      return { data: { enabled: clustered ? 'yes' : 'no', running: clustered ? 'yes' : 'no' } };
    if (call.path === '/cluster/nodes') return itemsEnvelope(NODES);
    if (call.path === '/cluster/healthcheck')
      return itemsEnvelope(
        NODES.map((info, index) => ({
          info: { ...info, n_active_agents: 10 + index },
          ...(info.type === 'worker'
            ? {
                status: {
                  last_keep_alive: '2026-03-02 09:59:01.700000+00:00',
                  last_sync_integrity: { date_end_master: '2026-03-02 09:55:00.007000+00:00' },
                },
              }
            : {}),
        })),
      );
    const node = /^\/cluster\/([^/]+)\//.exec(call.path)?.[1];
    if (node && silent.includes(node))
      return fail(500, {
        title: 'Internal Server Error',
        detail: 'Timeout executing API request',
        error: 3021,
      });
    if (call.path === '/manager/logs' || /^\/cluster\/[^/]+\/logs$/.test(call.path)) {
      const all = linesOf(node ?? 'manager', NODES.findIndex((entry) => entry.name === node) + 1);
      const offset = Number(call.query.offset ?? 0);
      const limit = Number(call.query.limit ?? 500);
      return itemsEnvelope(all.slice(offset, offset + limit), all.length);
    }
    if (call.path.endsWith('/logs/summary')) return itemsEnvelope(SUMMARY);
    if (call.path.endsWith('/status')) return itemsEnvelope([DAEMONS]);
    if (call.path.endsWith('/info')) return itemsEnvelope([{ version: 'v4.14.7', type: 'server' }]);
    throw new Error(`unexpected ${call.method} ${call.path}`);
  };
}

function setup(url: string, clustered: boolean, silent?: string[]) {
  return renderApp(<ServerView />, {
    title: 'Server',
    url,
    managedApi: managedApi(clustered, silent),
  });
}

const logReads = (calls: ManagedApiCallSeen[]) => calls.filter((call) => /\/logs$/.test(call.path));

describe('Server app', () => {
  it('on a single manager: no node selector, and the log filters are asked of /manager/logs', async () => {
    const { user, mock, history } = setup('/?host=prod&tab=logs', false);
    await screen.findByText('manager line 0');
    expect(screen.queryByTestId('serverNode')).toBeNull();
    expect(screen.getByTestId('logsSummary')).toHaveTextContent('wazuh-remoted');
    expect(logReads(mock.managedApiCalls)[0]).toMatchObject({
      path: '/manager/logs',
      query: { offset: '0', limit: '20' },
    });

    await user.selectOptions(screen.getByTestId('logsDaemon'), 'wazuh-remoted');
    await user.selectOptions(screen.getByTestId('logsLevel'), 'error');
    await user.type(screen.getByTestId('logsSearch'), 'socket{Enter}');
    await waitFor(() =>
      expect(logReads(mock.managedApiCalls).at(-1)).toMatchObject({
        path: '/manager/logs',
        query: { tag: 'wazuh-remoted', level: 'error', search: 'socket', offset: '0' },
      }),
    );
    const url = new URLSearchParams(history.location.search);
    expect([url.get('tag'), url.get('level'), url.get('search')]).toEqual([
      'wazuh-remoted',
      'error',
      'socket',
    ]);

    await user.click(screen.getByTestId('serverTab-cluster'));
    expect(await screen.findByTestId('clusterDisabled')).toBeInTheDocument();
  });

  it('opens a filtered view from its URL, with the page asked as offset and limit', async () => {
    const { mock } = setup('/?host=prod&tab=logs&level=warning&page=2&size=50', false);
    await waitFor(() =>
      expect(logReads(mock.managedApiCalls)[0]).toMatchObject({
        path: '/manager/logs',
        query: { level: 'warning', offset: '100', limit: '50' },
      }),
    );
    expect(screen.getByTestId('logsLevel')).toHaveValue('warning');
  });

  it('on a cluster: all nodes merged newest first with their node, or the one chosen', async () => {
    const { user, mock, history } = setup('/?host=prod&tab=logs', true);
    await screen.findByText('master-node line 0');
    const rows = within(screen.getByTestId('logLines')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('master-node↦wazuh-remoted↦info↦master-node line 0'),
      expect.stringContaining('worker1 line 0'),
      expect.stringContaining('worker2 line 0'),
      expect.stringContaining('master-node line 1'),
      expect.stringContaining('worker1 line 1'),
      expect.stringContaining('worker2 line 1'),
      expect.stringContaining('master-node line 2'),
      expect.stringContaining('worker1 line 2'),
      expect.stringContaining('worker2 line 2'),
    ]);
    expect(
      logReads(mock.managedApiCalls)
        .map((call) => call.path)
        .sort(),
    ).toEqual(['/cluster/master-node/logs', '/cluster/worker1/logs', '/cluster/worker2/logs']);

    await user.selectOptions(screen.getByTestId('serverNode'), 'worker1');
    await waitFor(() => expect(screen.queryByText('master-node line 0')).toBeNull());
    expect(screen.getByText('worker1 line 0')).toBeInTheDocument();
    expect(new URLSearchParams(history.location.search).get('node')).toBe('worker1');
    expect(logReads(mock.managedApiCalls).at(-1)?.path).toBe('/cluster/worker1/logs');

    await user.click(screen.getByTestId('serverTab-status'));
    expect(await screen.findByTestId('nodeDaemons-worker1')).toBeInTheDocument();
    expect(screen.queryByTestId('nodeDaemons-master-node')).toBeNull();
    await user.selectOptions(screen.getByTestId('serverNode'), '');
    expect(await screen.findByTestId('nodeDaemons-master-node')).toBeInTheDocument();
    expect(screen.getByTestId('nodeDaemons-worker2')).toBeInTheDocument();
  });

  it('says which node did not answer and shows the lines of the others', async () => {
    setup('/?host=prod&tab=logs', true, ['worker2']);
    await screen.findByText('master-node line 0');
    expect(screen.getByTestId('logsSilentNodes')).toHaveTextContent('No lines from worker2');
    expect(screen.queryByText('worker2 line 0')).toBeNull();
  });

  it("shows a user who may not read the cluster the answering node's status as a single manager", async () => {
    const clustered = managedApi(true);
    renderApp(<ServerView />, {
      title: 'Server',
      url: '/?host=prod',
      managedApi: (call) =>
        call.path === '/cluster/nodes' ? permissionDenied('node:id') : clustered(call),
    });
    expect(await screen.findByTestId('managerDaemons')).toBeInTheDocument();
    expect(screen.queryByTestId('serverNode')).toBeNull();
  });

  it('lists the nodes with agents, keep-alive and integrity sync, and a silent node as such', async () => {
    setup('/?host=prod&tab=cluster', true, ['worker2']);
    const worker1 = await screen.findByTestId('clusterNode-worker1');
    expect(worker1).toHaveTextContent('worker');
    expect(worker1).toHaveTextContent('10.0.0.11');
    expect(worker1).toHaveTextContent('11');
    expect(worker1).toHaveTextContent(new Date('2026-03-02T09:59:01.700Z').toLocaleString());
    expect(worker1).toHaveTextContent(new Date('2026-03-02T09:55:00.007Z').toLocaleString());
    expect(worker1).toHaveTextContent('Answering');
    expect(screen.getByTestId('clusterNode-master-node')).toHaveTextContent('master');
    expect(screen.getByTestId('clusterNode-worker2')).toHaveTextContent('Not answering');
    expect(screen.getByTestId('clusterSilentNodes')).toHaveTextContent(
      'worker2 did not answer the master',
    );
    expect(screen.queryByTestId('serverNode')).toBeNull();
  });
});
