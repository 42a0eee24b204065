import { login, request } from './test-client';
import { type ManagedApi, startManagedApi } from './index';

jest.setTimeout(30_000);

describe('simulator cluster reads', () => {
  const started: ManagedApi[] = [];
  afterAll(() => Promise.all(started.map((api) => api.stop())));

  async function start(options: Parameters<typeof startManagedApi>[0]) {
    const api = await startManagedApi({ agents: 2, ...options });
    started.push(api);
    return { api, token: await login(api.url) };
  }

  it('runs without a cluster by default: disabled, and /cluster/local/info refuses with 3013', async () => {
    const { api, token } = await start({});
    const status = await request(api.url, token, 'GET', '/cluster/status');
    expect(status.json).toMatchObject({ data: { enabled: 'no', running: 'no' } });
    const info = await request(api.url, token, 'GET', '/cluster/local/info');
    expect(info.status).toBe(400);
    expect(info.json).toMatchObject({ error: 3013 });
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
});
