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
    expect(categories.map((entry) => entry.installed)).toEqual([true, true, true]);
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
      /with 6500 sample alerts of the last 7 days and \d+ vulnerability states for 50 agents of manager \[wazuh\.manager\]/,
    );
  });

  it("counts the demo's vulnerability states on the pinned dashboard", async () => {
    const answer = (
      await user.post('/api/alerts/aggregate', {
        body: {
          apiHostId: 'demo',
          timeRange: { from: 'now-24h', to: 'now' },
          dataset: 'vulnerabilities-states',
          charts: [{ id: 'agents', type: 'terms', field: 'agent.id', size: 100 }],
        },
      })
    ).json<{ total: { value: number }; charts: { agents: { buckets: unknown[] } } }>();
    const logged = /and (\d+) vulnerability states/.exec(
      dashboard.logs().find((entry) => entry.includes('vulnerability states')) ?? '',
    );
    expect(answer.total.value).toBe(Number(logged?.[1]));
    expect(answer.charts.agents.buckets).toHaveLength(50);
  });
});
