/**
 * Reports behind a load balancer without sticky sessions: two dashboards on one PostgreSQL database,
 * the managed-API simulator and the indexer stand-in. A report made through A is followed, listed,
 * downloaded (the same bytes) and deleted through B; and the job of an instance killed while making
 * a report (a child process, SIGKILL) reads as failed on the other, whose sweep marks it so.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { ReportJob, StoredReport } from '../../../plugins/main/common/modules/reports';
import { startIndexer, type IndexerStandIn } from '../../../simulator/indexer';
import { eventually } from '../../support/waiting';
import type { TestClient } from '../harness';
import { dashboardSession, spawnDashboard, type ChildDashboard } from '../main/processes';
import { describeWithPostgres } from '../../../host/server/saved-objects/postgres/test-support';
import {
  loginCookie,
  simulatorHost,
  startTwoDashboardsWithApi,
  type DashboardsWithApi,
} from './support';

jest.setTimeout(180_000);

const ENCRYPTION_KEY = 'scale-out-reports-test-key-0123456789';
const INDEXER_USER = { username: 'svc-indexer', password: 'scale-out-indexer-password' };
const lastDay = { apiHostId: 'shared', timeRange: { from: 'now-1d', to: 'now' } };

function alerts(now: number) {
  return Array.from({ length: 40 }, (_, n) => ({
    index: 'wazuh-alerts-4.x-2024.05.10',
    source: {
      timestamp: new Date(now - 60_000 * (n + 1)).toISOString(),
      manager: { name: 'wazuh.manager' },
      agent: { id: `00${n % 3}`, name: `agent-${n % 3}` },
      rule: {
        level: n % 16,
        id: String(5700 + (n % 5)),
        description: `Alert ${n}`,
        groups: ['syscheck'],
      },
    },
  }));
}

async function download(url: string, cookie: string): Promise<{ status: number; pdf: Buffer }> {
  const response = await fetch(url, { headers: { cookie } });
  return { status: response.status, pdf: Buffer.from(await response.arrayBuffer()) };
}

/** A TCP server that takes connections and never answers: an indexer that hangs every search. */
async function silentServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describeWithPostgres('reports of two dashboards on one PostgreSQL database', () => {
  let indexer: IndexerStandIn;
  let dashboards: DashboardsWithApi;
  let adminA: TestClient;
  let adminB: TestClient;

  beforeAll(async () => {
    indexer = await startIndexer({ documents: alerts(Date.now()), users: [INDEXER_USER] });
    dashboards = await startTwoDashboardsWithApi({
      encryptionKey: ENCRYPTION_KEY,
      config: {
        svc: {
          indexer: { hosts: [indexer.url], ...INDEXER_USER, requestTimeoutMs: 5_000 },
          reports: { stalledAfterMs: 2_000 },
          jobs: { reportSweepSchedule: '* * * * * *' },
        },
      },
    });
    [adminA, adminB] = [await dashboards.a.login(), await dashboards.b.login()];
    const added = await adminA.post('/hosts/apis', {
      body: simulatorHost(dashboards.simulator, 'shared'),
    });
    expect(added.status).toBe(200);
  });
  afterAll(async () => {
    await dashboards?.stop();
    await indexer?.stop();
  });

  it('follows, lists, downloads and deletes through B a report made through A', async () => {
    const started = await adminA.post('/api/reports', {
      body: { moduleId: 'file-integrity-monitoring', selection: lastDay },
    });
    expect(started.status).toBe(202);
    const job = started.json<ReportJob>();
    const done = await eventually(async () => {
      const read = await adminB.get(`/api/reports/jobs/${job.id}`);
      expect(read.status).toBe(200);
      const state = read.json<ReportJob>();
      return state.status !== 'running' && state;
    });
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, owner: 'admin' });
    const name = done.report!.name;

    const listed = (await adminB.get('/api/reports')).json<{ reports: StoredReport[] }>().reports;
    expect(listed.map((report) => report.name)).toContain(name);

    const { cookie: session } = await loginCookie(
      dashboards.a,
      'admin',
      dashboards.a.adminPassword,
    );
    const fromA = await download(`${dashboards.a.url}/api/reports/${name}`, session);
    const fromB = await download(`${dashboards.b.url}/api/reports/${name}`, session);
    expect(fromA.status).toBe(200);
    expect(fromB.status).toBe(200);
    expect(fromB.pdf.length).toBe(done.report!.size);
    expect(fromB.pdf.equals(fromA.pdf)).toBe(true);
    expect(fromB.pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const deleted = await adminB.delete(`/api/reports/${name}`);
    expect(deleted.status).toBe(200);
    const listedOnA = (await adminA.get('/api/reports')).json<{ reports: StoredReport[] }>();
    expect(listedOnA.reports.map((report) => report.name)).not.toContain(name);
    expect((await download(`${dashboards.a.url}/api/reports/${name}`, session)).status).toBe(404);
  });

  it('fails the report job of an instance killed while making it', async () => {
    const silent = await silentServer();
    let child: ChildDashboard | undefined;
    try {
      // A third instance in its own process, on the same database, whose indexer never answers:
      // its report stays under way until the process is killed.
      child = await spawnDashboard(
        {
          indexer: { hosts: [silent.url], requestTimeoutMs: 120_000 },
          reports: { stalledAfterMs: 2_000 },
        },
        {
          env: {
            SVC_SAVED_OBJECTS_URL: dashboards.database.url,
            SVC_ENCRYPTION_KEY: ENCRYPTION_KEY,
          },
        },
      );
      // The admin user is the one A and B share (the child's own password is for a first start).
      const session = await dashboardSession({
        ...child,
        adminPassword: dashboards.a.adminPassword,
      });
      const started = await fetch(`${child.url}/api/reports`, {
        method: 'POST',
        headers: { cookie: session, 'osd-xsrf': 'scale-out', 'content-type': 'application/json' },
        body: JSON.stringify({ moduleId: 'gdpr', selection: lastDay }),
      });
      expect(started.status).toBe(202);
      const job = (await started.json()) as ReportJob;
      await eventually(async () => {
        const state = (await adminB.get(`/api/reports/jobs/${job.id}`)).json<ReportJob>();
        return state.stage === 'Reading alerts';
      });

      process.kill(child.pid, 'SIGKILL');
      const failed = await eventually(async () => {
        const state = (await adminB.get(`/api/reports/jobs/${job.id}`)).json<ReportJob>();
        return state.status !== 'running' && state;
      });
      expect(failed).toMatchObject({
        status: 'failed',
        error: { code: 'report_instance_stopped', message: expect.stringContaining('stopped') },
      });
      // The sweep of A or B writes the failure, so it stays failed whoever reads it.
      await eventually(() =>
        [...dashboards.a.logs(), ...dashboards.b.logs()].some((line) =>
          line.includes(`Report job [${job.id}] of admin was marked failed`),
        ),
      );
      expect((await adminA.get(`/api/reports/jobs/${job.id}`)).json<ReportJob>().status).toBe(
        'failed',
      );
    } finally {
      await silent.stop();
      if (child && !isAlive(child.pid)) child = undefined;
      await child?.stop();
    }
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
