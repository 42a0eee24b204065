/**
 * The indexer's state and the manager pin over HTTP: `GET /api/alerts/status`, the health check, and
 * searches of a plain manager's host and of a cluster's host, each seeing only its own alerts.
 */
import { startManagedApi, type ManagedApi } from '../../../simulator';
import { API_USER, HOST_ID } from '../main/support';
import {
  alertOf,
  deadNodeUrl,
  indexerLeaks,
  SIM_MANAGER,
  startIndexerTestEnv,
  type IndexerTestEnv,
} from './indexer-support';

jest.setTimeout(60_000);

const CLUSTER = { name: 'prod-cluster', node: 'master-node' };
const CLUSTER_HOST = 'cluster';

interface Status {
  configured: boolean;
  demo: boolean;
  reachable: boolean;
  hosts: string[];
  version?: string;
  clusterHealth?: string;
  alertsIndexPattern: string;
  apiHosts?: Array<{
    apiHostId: string;
    pin?: { field: string; value: string };
    last24hAlerts?: number;
    error?: string;
  }>;
}

describe('indexer status and the manager pin', () => {
  let env: IndexerTestEnv;
  let clusterApi: ManagedApi;
  let deadNode: string;
  const now = Date.now();

  beforeAll(async () => {
    clusterApi = await startManagedApi({
      cluster: CLUSTER,
      users: [{ ...API_USER, roles: ['administrator'], allowRunAs: true }],
    });
    deadNode = await deadNodeUrl();
    env = await startIndexerTestEnv({
      // The first node is down: every request goes on to the next one.
      nodesBefore: [deadNode],
      documents: [
        // The plain manager's: 3 in the last day, 1 older.
        ...[1, 2, 20, 30].map((hours) => alertOf(now, hours, { manager: SIM_MANAGER })),
        // The cluster's: 2 in the last day.
        ...[3, 4].map((hours) => alertOf(now, hours, { cluster: CLUSTER.name })),
        // Another manager's, in the same indices.
        ...[1, 2, 5, 6, 7].map((hours) => alertOf(now, hours, { manager: 'other.manager' })),
      ],
    });
    const created = await env.admin.post('/hosts/apis', {
      body: env.hostConfig({ id: CLUSTER_HOST, port: clusterApi.port }),
    });
    expect(created.status).toBe(200);
  });
  afterAll(async () => {
    expect(indexerLeaks(env)).toEqual([]);
    await env.stop();
    await clusterApi.stop();
  });

  it('reports the indexer from SVC_INDEXER_*, a dead node first: reachable, version, health, each host pinned and counted', async () => {
    const response = await env.user.get('/api/alerts/status');
    expect(response.status).toBe(200);
    const status = response.json<Status>();
    expect(status).toMatchObject({
      configured: true,
      demo: false,
      reachable: true,
      hosts: [deadNode, env.indexer.url],
      version: '2.19.1',
      clusterHealth: expect.stringMatching(/^(green|yellow)$/),
      alertsIndexPattern: 'wazuh-alerts-*',
    });
    expect(status.apiHosts).toEqual([
      {
        apiHostId: CLUSTER_HOST,
        pin: { field: 'cluster.name', value: CLUSTER.name },
        last24hAlerts: 2,
      },
      { apiHostId: HOST_ID, pin: { field: 'manager.name', value: SIM_MANAGER }, last24hAlerts: 3 },
    ]);
  });

  it('counts the hosts in one indexer request', async () => {
    const before = env.indexer.stats.byEndpoint.search ?? 0;
    await env.user.get('/api/alerts/status');
    expect((env.indexer.stats.byEndpoint.search ?? 0) - before).toBe(1);
  });

  it('gives each host only its manager’s alerts in searches', async () => {
    const search = (apiHostId: string) =>
      env.user.post('/api/alerts/search', {
        body: { apiHostId, timeRange: { from: 'now-7d', to: 'now' }, size: 50 },
      });
    const plain = (await search(HOST_ID)).json<{ total: { value: number }; hits: unknown[] }>();
    expect(plain.total.value).toBe(4);
    const clustered = (await search(CLUSTER_HOST)).json<{ total: { value: number } }>();
    expect(clustered.total.value).toBe(2);
  });

  it('reads the pin again when a host is edited', async () => {
    const edited = await env.admin.put(`/hosts/apis/${CLUSTER_HOST}`, {
      body: { port: env.simulator.port },
    });
    expect(edited.status).toBe(200);
    const status = (await env.user.get('/api/alerts/status')).json<Status>();
    expect(status.apiHosts?.[0]).toEqual({
      apiHostId: CLUSTER_HOST,
      pin: { field: 'manager.name', value: SIM_MANAGER },
      last24hAlerts: 3,
    });
  });

  it('says which host is unknown', async () => {
    const response = await env.user.post('/api/alerts/search', {
      body: { apiHostId: 'nowhere', timeRange: { from: 'now-1d', to: 'now' }, size: 10 },
    });
    expect(response.status).toBe(404);
    expect(response.json()).toMatchObject({ attributes: { code: 'host_not_found' } });
  });

  it('adds the indexer to the health check', async () => {
    const report = (await env.user.get('/api/health-check')).json<{
      state: string;
      checks: Array<{ id: string; state: string; message: string; details: Status }>;
    }>();
    const check = report.checks.find((entry) => entry.id === 'indexer');
    expect(check).toMatchObject({
      state: 'green',
      message: expect.stringContaining('OpenSearch 2.19.1'),
      details: { reachable: true, apiHosts: expect.any(Array) },
    });
  });
});
