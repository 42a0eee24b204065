/**
 * The available-updates record survives a restart: after stopping the dashboard and starting it on
 * the same data folder, GET /updates gives back the record stored before, without asking the host.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AvailableUpdates, DataResponse } from '../../../plugins/check-updates/common/types';
import { startManagedApi, type ManagedApi } from '../../../simulator';
import { startTestDashboard } from '../harness';
import { API_ID, dashboardConfig, VERSION_CHECK_ROUTE } from './setup';

jest.setTimeout(90_000);

let api: ManagedApi;
let dataDir: string;

beforeAll(async () => {
  api = await startManagedApi({ versionCheck: 'all', agents: 5 });
  dataDir = await mkdtemp(join(tmpdir(), 'svc-check-updates-restart-'));
});

afterAll(async () => {
  await api?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function readUpdates(
  force: boolean,
): Promise<{ status: number; body: DataResponse<AvailableUpdates> }> {
  const dashboard = await startTestDashboard({ dataDir, config: dashboardConfig(api) });
  try {
    const admin = await dashboard.login();
    const response = await admin.get('/api/v1/svc-check-updates/updates', {
      query: { api_id: API_ID, force },
    });
    return { status: response.status, body: response.json() };
  } finally {
    await dashboard.stop();
  }
}

it('reads back after a restart the record stored before it', async () => {
  const before = await readUpdates(true);
  expect(before.status).toBe(200);
  expect(before.body.data.last_available_major?.version).toBe('5.0.0');
  const checks = api.stats.byRoute[VERSION_CHECK_ROUTE];

  // A new answer from the host would differ (and fail): only the stored record can give the same body.
  api.setVersionCheck('error');
  const after = await readUpdates(false);
  expect(after).toEqual(before);
  expect(api.stats.byRoute[VERSION_CHECK_ROUTE]).toBe(checks);
});
