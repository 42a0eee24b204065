/**
 * Demo mode in a running dashboard: the built-in managed API is stored as host `demo`, the proxy
 * reaches its agents with the stored (encrypted) credentials, the update checker finds updates on it,
 * and a restart on the same data points the host at the new simulator.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUN_AS_USER } from '../../../simulator';
import { startTestDashboard, type TestClient, type TestDashboard } from '../harness';

interface HostEntry {
  id: string;
  url: string;
  port: number;
  username: string;
  run_as: boolean;
  demo?: boolean;
}

async function storedHosts(admin: TestClient): Promise<HostEntry[]> {
  const response = await admin.get('/hosts/apis');
  expect(response.status).toBe(200);
  return response.json<HostEntry[]>();
}

async function agentTotal(admin: TestClient): Promise<number> {
  const response = await admin.post('/api/request', {
    body: { id: 'demo', method: 'GET', path: '/agents?limit=1' },
  });
  expect(response.status).toBe(200);
  return response.json<{ data: { total_affected_items: number } }>().data.total_affected_items;
}

// Several dashboard starts per test on a shared, loaded machine.
jest.setTimeout(120_000);

/** Port of the simulator this dashboard started, as its log says. */
function simulatorPort(dashboard: TestDashboard): number {
  const line = dashboard
    .logs()
    .find((entry) => entry.includes('Demo mode: the built-in managed API runs at'));
  const port = /runs at http:\/\/127\.0\.0\.1:(\d+)/.exec(line ?? '')?.[1];
  if (!port) throw new Error('The dashboard did not log the demo simulator it started.');
  return Number(port);
}

describe('demo mode', () => {
  const dashboards: TestDashboard[] = [];
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'svc-demo-it-'));
  });
  afterEach(async () => {
    for (const dashboard of dashboards.splice(0)) await dashboard.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start(
    env: Record<string, string>,
    config?: Record<string, unknown>,
  ): Promise<TestDashboard> {
    const dashboard = await startTestDashboard({ env, config, dataDir });
    dashboards.push(dashboard);
    return dashboard;
  }

  it('with SVC_DEMO=auto on an empty dashboard, serves demo agents and updates through host "demo", again after a restart, pointing at the new simulator', async () => {
    const first = await start({ SVC_DEMO: 'auto' });
    const admin = await first.login();
    const [demo, ...others] = await storedHosts(admin);
    expect(others).toEqual([]);
    expect(demo).toEqual(
      expect.objectContaining({
        id: 'demo',
        url: 'http://127.0.0.1',
        username: RUN_AS_USER.username,
        run_as: true,
        demo: true,
      }),
    );
    expect(await agentTotal(admin)).toBeGreaterThan(0);
    const updates = await admin.get('/api/v1/svc-check-updates/updates', {
      query: { api_id: 'demo' },
    });
    expect(updates.status).toBe(200);
    expect(
      updates.json<{ data: { last_available_patch: unknown } }>().data.last_available_patch,
    ).toEqual(expect.objectContaining({ tag: expect.stringMatching(/^v/) }));
    expect(demo.port).toBe(simulatorPort(first));
    expect(first.logs().join('\n')).not.toContain(RUN_AS_USER.password);
    await dashboards.pop()!.stop();

    const second = await start({ SVC_DEMO: 'auto' });
    const againAdmin = await second.login();
    const [again, ...othersAgain] = await storedHosts(againAdmin);
    expect(othersAgain).toEqual([]);
    expect(again).toEqual(expect.objectContaining({ id: 'demo', demo: true }));
    expect(again.port).toBe(simulatorPort(second));
    expect(await agentTotal(againAdmin)).toBeGreaterThan(0);
  });

  it("keeps the simulator's control path out of reach: neither the proxy nor a direct call can change its faults", async () => {
    const dashboard = await start({ SVC_DEMO: 'auto' });
    const admin = await dashboard.login();
    const simulator = `http://127.0.0.1:${simulatorPort(dashboard)}`;
    const breakIt = { failureRate: 1, latencyMs: 60_000 };
    for (const [method, path] of [
      ['PUT', '/__simulator/faults'],
      ['GET', '/__simulator/faults'],
      ['GET', '/__simulator/stats'],
      ['POST', '/__simulator/enroll'],
      ['PUT', '/agents/../__simulator/faults'],
      ['PUT', '/%5F%5Fsimulator/faults'],
    ]) {
      const proxied = await admin.post('/api/request', {
        body: { id: 'demo', method, path, body: breakIt },
      });
      expect([400, 404, 405]).toContain(proxied.status);
      expect(proxied.text).not.toContain('latencyMs');
    }
    const direct = await fetch(`${simulator}/__simulator/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(breakIt),
    });
    expect(direct.status).toBe(404);
    expect(await agentTotal(admin)).toBeGreaterThan(0);
  });

  it('with SVC_DEMO=auto and a host from the config file, and with SVC_DEMO=false, stores no demo host', async () => {
    const configured = {
      svc: {
        hosts: [
          {
            id: 'prod',
            url: 'https://manager.example.org',
            port: 55000,
            username: 'api-user',
            password: 'Api-Password.1',
          },
        ],
      },
    };
    const withHost = await start({ SVC_DEMO: 'auto' }, configured);
    expect((await storedHosts(await withHost.login())).map((host) => host.id)).toEqual(['prod']);
    await dashboards.pop()!.stop();
    await rm(dataDir, { recursive: true, force: true });

    const off = await start({ SVC_DEMO: 'false' });
    expect(await storedHosts(await off.login())).toEqual([]);
  });

  it('with SVC_DEMO=true, adds the demo host next to the hosts of the config file', async () => {
    const configured = {
      svc: {
        hosts: [
          {
            id: 'prod',
            url: 'https://manager.example.org',
            port: 55000,
            username: 'api-user',
            password: 'Api-Password.1',
          },
        ],
      },
    };
    const dashboard = await start({ SVC_DEMO: 'true' }, configured);
    const admin = await dashboard.login();
    expect((await storedHosts(admin)).map((host) => [host.id, Boolean(host.demo)])).toEqual([
      ['demo', true],
      ['prod', false],
    ]);
    expect(await agentTotal(admin)).toBeGreaterThan(0);
  });
});
