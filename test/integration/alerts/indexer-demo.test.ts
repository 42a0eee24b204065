/**
 * Demo mode without an indexer: the dashboard runs the indexer stand-in on loopback, adds sample
 * alerts of the demo manager's agents over the last 7 days (and their vulnerability states) once
 * it is up, and says so.
 */
import { eventually } from '../../support/waiting';
import { startTestDashboard, type TestClient, type TestDashboard } from '../harness';

jest.setTimeout(90_000);

describe('demo mode with the indexer stand-in', () => {
  let dashboard: TestDashboard;
  let user: TestClient;

  beforeAll(async () => {
    dashboard = await startTestDashboard({ env: { SVC_DEMO: 'true' } });
    await dashboard.addUser('viewer', 'viewer-password-1', ['user']);
    user = await dashboard.login('viewer', 'viewer-password-1');
    // The sample alerts are added in the background once the dashboard listens.
    await eventually(() =>
      dashboard.logs().some((line) => line.includes('Demo mode: the indexer stand-in runs at')),
    );
  });
  afterAll(() => dashboard.stop());

  it("serves alerts from the stand-in, pinned to the demo manager's cluster", async () => {
    const status = (await user.get('/api/alerts/status')).json<{
      configured: boolean;
      demo: boolean;
      reachable: boolean;
      hosts: string[];
      apiHosts: Array<{
        apiHostId: string;
        pin: { field: string; value: string };
        last24hAlerts: number;
      }>;
    }>();
    expect(status).toMatchObject({ configured: true, demo: true, reachable: true });
    expect(status.hosts).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/)]);
    expect(status.apiHosts).toEqual([
      {
        apiHostId: 'demo',
        pin: { field: 'cluster.name', value: 'wazuh' },
        last24hAlerts: expect.any(Number),
      },
    ]);
    expect(status.apiHosts[0].last24hAlerts).toBeGreaterThan(0);
  });

  it('has every sample category installed, over the last 7 days', async () => {
    const { categories } = (await user.get('/api/alerts/sample-data')).json<{
      categories: Array<{ installed: boolean; count: number }>;
    }>();
    expect(categories.map((entry) => entry.installed)).toEqual([true, true, true, true, true]);
    const search = (from: string, to: string) =>
      user
        .post('/api/alerts/search', {
          body: { apiHostId: 'demo', timeRange: { from, to }, size: 1 },
        })
        .then((response) => response.json<{ total: { value: number; relation: string } }>().total);
    const week = await search('now-7d', 'now');
    expect(week.value).toBeGreaterThan(1_000);
    expect(await search('now-30d', 'now-8d')).toEqual({ value: 0, relation: 'eq' });
  });

  it('says so in the log', () => {
    const line = dashboard
      .logs()
      .find((entry) => entry.includes('Demo mode: the indexer stand-in runs at'));
    expect(line).toMatch(
      /with \d+ sample documents \(alerts of the last 7 days, the agents' inventory and vulnerabilities\) for 50 agents of manager \[wazuh\.manager\]/,
    );
  });

  it("counts the demo's vulnerability states on the pinned dashboard", async () => {
    const answer = (
      await user.post('/api/alerts/aggregate', {
        body: {
          apiHostId: 'demo',
          dataset: 'vulnerabilities',
          charts: [{ id: 'agents', type: 'terms', field: 'agent.id', size: 100 }],
        },
      })
    ).json<{ total: { value: number }; charts: { agents: { buckets: unknown[] } } }>();
    const { categories } = (await user.get('/api/alerts/sample-data')).json<{
      categories: Array<{ category: string; count: number }>;
    }>();
    expect(answer.total.value).toBe(
      categories.find((entry) => entry.category === 'wazuh-vulnerabilities')?.count,
    );
    expect(answer.charts.agents.buckets.length).toBeGreaterThan(40);
  });

  /** An agent's rows from the managed API's syscollector route, through the dashboard. */
  const syscollector = async (agentId: string, kind: string) => {
    const response = await user.post('/api/request', {
      body: { id: 'demo', method: 'GET', path: `/syscollector/${agentId}/${kind}` },
    });
    if (response.status !== 200) throw new Error(`${response.status}: ${response.text}`);
    return response.json<{ data: { affected_items: Array<Record<string, unknown>> } }>().data
      .affected_items;
  };

  /** An agent's documents of a states dataset, through the alerts routes. */
  const states = async (agentId: string, dataset: string) =>
    (
      await user.post('/api/alerts/search', {
        body: { apiHostId: 'demo', dataset, agentId, size: 100 },
      })
    )
      .json<{ hits: Array<{ _source: Record<string, Record<string, unknown>> }> }>()
      .hits.map((hit) => hit._source);

  it('holds the same inventory as the syscollector routes answer for an agent', async () => {
    const agentId = '001';
    const packages = await syscollector(agentId, 'packages');
    expect(packages.length).toBeGreaterThan(0);
    const statesPackages = await states(agentId, 'inventory-packages');
    const key = (name: unknown, version: unknown) => `${String(name)}@${String(version)}`;
    expect(statesPackages.map((doc) => key(doc.package.name, doc.package.version)).sort()).toEqual(
      packages.map((row) => key(row.name, row.version)).sort(),
    );
    const ports = await syscollector(agentId, 'ports');
    const statesPorts = await states(agentId, 'inventory-ports');
    expect(statesPorts.map((doc) => doc.source.port).sort()).toEqual(
      ports.map((row) => (row.local as { port: number }).port).sort(),
    );
    const processes = await syscollector(agentId, 'processes');
    const statesProcesses = await states(agentId, 'inventory-processes');
    expect(statesProcesses.map((doc) => doc.process.name).sort()).toEqual(
      processes.map((row) => row.name).sort(),
    );
    const [os] = await syscollector(agentId, 'os');
    const [system] = await states(agentId, 'inventory-system');
    expect((system.host.os as { name: string }).name).toBe((os.os as { name: string }).name);
    expect(system.host.hostname).toBe(os.hostname);
    // Every vulnerable package is one the agent has.
    const names = new Set(packages.map((row) => row.name));
    for (const doc of await states(agentId, 'vulnerabilities'))
      expect(names.has(doc.package.name)).toBe(true);
  });
});
