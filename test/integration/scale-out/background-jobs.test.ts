/**
 * Two full dashboards on one PostgreSQL database with background jobs ticking every second: each
 * tick's API host check runs on one instance, the check it stores is what both show, and a request
 * queued on one instance is sent once, by the other when the first has stopped.
 */
import { Client } from 'pg';
import { RUN_CLAIMS_TABLE } from '../../../host/server/saved-objects/postgres/schema';
import { describeWithPostgres } from '../../../host/server/saved-objects/postgres/test-support';
import { eventually } from '../../support/waiting';
import type { TestClient } from '../harness';
import { simulatorHost, startTwoDashboardsWithApi, type DashboardsWithApi } from './support';

jest.setTimeout(120_000);

const EVERY_SECOND = '* * * * * *';
const HOST_CHECK_ROUTE = 'GET /';
const RESTART_ROUTE = 'PUT /agents/{agent_id}/restart';

describeWithPostgres('background jobs of two dashboards on one PostgreSQL database', () => {
  let dashboards: DashboardsWithApi;
  let adminA: TestClient;
  let adminB: TestClient;
  const calls = (route: string) => dashboards.simulator.stats.byRoute[route] ?? 0;
  /** Ticks of the host-check job claimed so far: each claimed tick runs on one instance. */
  async function claimedChecks(): Promise<number> {
    const client = new Client({ connectionString: dashboards.database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: string }>(
        `SELECT count(*) FROM ${RUN_CLAIMS_TABLE} WHERE key LIKE 'svc.api-host-checks:%'`,
      );
      return Number(rows[0].count);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    dashboards = await startTwoDashboardsWithApi({
      encryptionKey: 'scale-out-jobs-test-key-0123456789',
      config: { svc: { jobs: { apiCheckSchedule: EVERY_SECOND, queueSchedule: EVERY_SECOND } } },
    });
    [adminA, adminB] = [await dashboards.a.login(), await dashboards.b.login()];
    const added = await adminA.post('/hosts/apis', {
      body: simulatorHost(dashboards.simulator, 'shared'),
    });
    expect(added.status).toBe(200);
  });
  afterAll(() => dashboards?.stop());

  it('checks the host once per tick across both instances, not once per instance', async () => {
    const [checksBefore, ticksBefore] = [calls(HOST_CHECK_ROUTE), await claimedChecks()];
    const ticks = await eventually(async () => {
      const claimed = (await claimedChecks()) - ticksBefore;
      return claimed >= 4 && claimed;
    });
    const checks = calls(HOST_CHECK_ROUTE) - checksBefore;
    // One check per claimed tick, give or take a check under way at either reading; each instance
    // checking on its own would make two per tick.
    expect(checks).toBeGreaterThanOrEqual(ticks - 1);
    expect(checks).toBeLessThanOrEqual(ticks + 1);
  });

  it('shows on both instances the check one of them stored', async () => {
    const statusOn = async (client: TestClient) =>
      (await client.get('/hosts/apis')).json<Array<{ status?: { checked_at: string } }>>()[0]
        .status;
    await eventually(async () => (await statusOn(adminB))?.checked_at !== undefined);
    const [onA, onB] = await Promise.all([statusOn(adminA), statusOn(adminB)]);
    expect(onA).toMatchObject({ reachable: true, authenticated: true });
    // A tick may land between the two reads; both show checks stored in the database.
    expect(Math.abs(Date.parse(onA!.checked_at) - Date.parse(onB!.checked_at))).toBeLessThan(3_000);
  });

  it('sends a request queued on one instance once, from the other after the first stopped', async () => {
    const before = calls(RESTART_ROUTE);
    const queued = await adminA.post('/api/request', {
      body: { id: 'shared', method: 'PUT', path: '/agents/002/restart', body: { delay: 3_000 } },
    });
    expect(queued.status).toBe(200);
    expect(queued.json()).toMatchObject({ error: 0, data: { queued: true } });
    await dashboards.a.stop();

    await eventually(async () => calls(RESTART_ROUTE) === before + 1);
    // Once sent, the request leaves the queue: nothing is left to send it again.
    await eventually(
      async () => (await adminB.get('/api/queued-requests')).json<{ total: number }>().total === 0,
    );
    expect(calls(RESTART_ROUTE)).toBe(before + 1);
  });
});
