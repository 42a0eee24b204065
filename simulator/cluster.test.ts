import { login, request } from './test-client';
import { DEMO_CLUSTER, type ManagedApi, startManagedApi } from './index';

jest.setTimeout(30_000);

const START = Date.parse('2026-03-02T10:00:00Z');

describe('simulator cluster reads', () => {
  const started: ManagedApi[] = [];
  afterAll(() => Promise.all(started.map((api) => api.stop())));

  async function start(options: Parameters<typeof startManagedApi>[0]) {
    const api = await startManagedApi({ agents: 2, ...options });
    started.push(api);
    return { api, token: await login(api.url) };
  }

  it('runs without a cluster by default: disabled, and the cluster routes refuse with 3013', async () => {
    const { api, token } = await start({});
    const status = await request(api.url, token, 'GET', '/cluster/status');
    expect(status.json).toMatchObject({ data: { enabled: 'no', running: 'no' } });
    for (const path of ['/cluster/local/info', '/cluster/nodes', '/cluster/node01/logs']) {
      const refused = await request(api.url, token, 'GET', path);
      expect({ path, status: refused.status, error: refused.json.error }).toEqual({
        path,
        status: 400,
        error: 3013,
      });
    }
    const daemons = await request(api.url, token, 'GET', '/manager/status');
    expect(daemons.json.data.affected_items[0]['wazuh-clusterd']).toBe('stopped');
  });

  it('names the cluster and node it was started as', async () => {
    const { api, token } = await start({ cluster: { name: 'prod-cluster', node: 'master-node' } });
    const status = await request(api.url, token, 'GET', '/cluster/status');
    expect(status.json).toMatchObject({ data: { enabled: 'yes', running: 'yes' } });
    const info = await request(api.url, token, 'GET', '/cluster/local/info');
    expect(info.status).toBe(200);
    expect(info.json).toMatchObject({
      data: {
        affected_items: [{ node: 'master-node', cluster: 'prod-cluster', type: 'master' }],
        total_affected_items: 1,
      },
    });
  });

  describe('as the master of two workers', () => {
    let api: ManagedApi;
    let token: string;
    let clock = START;

    beforeAll(async () => {
      ({ api, token } = await start({
        agents: 30,
        cluster: DEMO_CLUSTER,
        now: () => clock,
        users: [{ username: 'w1-reader', password: 'Worker.One1', roles: ['worker1_readers'] }],
        roles: [
          {
            name: 'worker1_readers',
            policies: [
              { actions: ['cluster:read'], resources: ['node:id:worker1'], effect: 'allow' },
            ],
          },
        ],
      }));
    });
    afterEach(() => api.setNodeAnswering('worker2', true));

    it('lists the master and the workers, filtered by type and nodes_list, with unknown nodes failed', async () => {
      const all = await request(api.url, token, 'GET', '/cluster/nodes');
      expect(all.json.data.affected_items).toEqual([
        { name: 'master-node', type: 'master', version: '4.14.7', ip: '10.0.0.10' },
        { name: 'worker1', type: 'worker', version: '4.14.7', ip: '10.0.0.11' },
        { name: 'worker2', type: 'worker', version: '4.14.7', ip: '10.0.0.12' },
      ]);
      const workers = await request(
        api.url,
        token,
        'GET',
        '/cluster/nodes?type=worker&select=ip&sort=-name',
      );
      expect(workers.json.data.affected_items).toEqual([
        { name: 'worker2', ip: '10.0.0.12' },
        { name: 'worker1', ip: '10.0.0.11' },
      ]);
      const listed = await request(api.url, token, 'GET', '/cluster/nodes?nodes_list=worker1,nope');
      expect(listed.json).toMatchObject({
        data: {
          affected_items: [{ name: 'worker1' }],
          total_affected_items: 1,
          total_failed_items: 1,
          failed_items: [{ error: { code: 1730 }, id: ['nope'] }],
        },
        error: 2,
      });
    });

    it('health-checks every node: agents per node, and the workers keep-alive and synchronisations', async () => {
      const health = await request(api.url, token, 'GET', '/cluster/healthcheck');
      const items = health.json.data.affected_items;
      expect(items.map((item: { info: { name: string } }) => item.info.name)).toEqual([
        'master-node',
        'worker1',
        'worker2',
      ]);
      expect(items[0].status).toBeUndefined();
      const agents = await request(api.url, token, 'GET', '/agents?status=active&limit=500');
      const onWorker1 = agents.json.data.affected_items.filter(
        (agent: { node_name: string }) => agent.node_name === 'worker1',
      ).length;
      expect(items[1].info.n_active_agents).toBe(onWorker1);
      expect(items[1].status).toMatchObject({
        last_keep_alive: expect.stringMatching(/^2026-03-02 09:59:\d\d\.\d{6}\+00:00$/),
        last_sync_integrity: { total_files: { missing: 0, extra: 0, extra_valid: 0, shared: 2 } },
        sync_integrity_free: true,
      });
    });

    it('freezes a silent worker where the master last saw it and times out its own routes', async () => {
      api.setNodeAnswering('worker2', false);
      const before = (await request(api.url, token, 'GET', '/cluster/healthcheck')).json;
      clock += 5 * 60_000;
      const after = (await request(api.url, token, 'GET', '/cluster/healthcheck')).json;
      const keepAlive = (json: typeof before, index: number) =>
        json.data.affected_items[index].status.last_keep_alive;
      expect(keepAlive(after, 2)).toBe(keepAlive(before, 2));
      expect(keepAlive(after, 1)).not.toBe(keepAlive(before, 1));
      const silent = await request(api.url, token, 'GET', '/cluster/worker2/status');
      expect({ status: silent.status, error: silent.json.error }).toEqual({
        status: 500,
        error: 3021,
      });
      expect(silent.json.dapi_errors).toHaveProperty('worker2');
      api.setNodeAnswering('worker2', true);
      const back = await request(api.url, token, 'GET', '/cluster/worker2/status');
      expect(back.json.data.affected_items[0]).toMatchObject({ 'wazuh-clusterd': 'running' });
    });

    it("answers each node's status, information, log and log summary, and 1730 for an unknown node", async () => {
      const info = await request(api.url, token, 'GET', '/cluster/worker1/info');
      expect(info.json).toMatchObject({
        data: { affected_items: [{ version: 'v4.14.7', type: 'server' }] },
        message: 'Basic information was successfully read in specified node',
      });
      const masterLog = await request(api.url, token, 'GET', '/cluster/master-node/logs?limit=5');
      const localLog = await request(api.url, token, 'GET', '/manager/logs?limit=5');
      expect(masterLog.json.data.affected_items).toEqual(localLog.json.data.affected_items);
      const workerLog = await request(api.url, token, 'GET', '/cluster/worker1/logs?limit=5');
      expect(workerLog.json.data.affected_items).not.toEqual(masterLog.json.data.affected_items);
      expect(workerLog.json.message).toBe('Logs were successfully read in specified node');
      const summary = await request(api.url, token, 'GET', '/cluster/worker1/logs/summary');
      const total = summary.json.data.affected_items.reduce(
        (sum: number, item: Record<string, { all: number }>) => sum + Object.values(item)[0].all,
        0,
      );
      expect(total).toBe(workerLog.json.data.total_affected_items);
      const unknown = await request(api.url, token, 'GET', '/cluster/worker9/logs');
      expect({ status: unknown.status, error: unknown.json.error }).toEqual({
        status: 404,
        error: 1730,
      });
    });

    it("says in the master's configuration that it runs the cluster", async () => {
      const section = await request(
        api.url,
        token,
        'GET',
        '/manager/configuration?section=cluster',
      );
      expect(section.json.data.affected_items[0].cluster).toMatchObject({
        name: 'wazuh',
        node_name: 'master-node',
        node_type: 'master',
        disabled: 'no',
      });
    });

    it('reads only the nodes the caller may read (cluster:read on node:id)', async () => {
      const reader = await login(api.url, { username: 'w1-reader', password: 'Worker.One1' });
      const nodes = await request(api.url, reader, 'GET', '/cluster/nodes');
      expect(nodes.json.data.affected_items.map((node: { name: string }) => node.name)).toEqual([
        'worker1',
      ]);
      expect((await request(api.url, reader, 'GET', '/cluster/worker1/logs')).status).toBe(200);
      const denied = await request(api.url, reader, 'GET', '/cluster/worker2/logs');
      expect({
        status: denied.status,
        error: denied.json.error,
        detail: denied.json.detail,
      }).toEqual({ status: 403, error: 4000, detail: 'Permission denied: Resource type: node:id' });
      const local = await request(api.url, reader, 'GET', '/cluster/local/info');
      expect(local.status).toBe(403);
    });
  });
});
