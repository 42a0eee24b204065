/**
 * The plugin's lifecycle in a running dashboard: its config is validated at start, and the periodic
 * job refreshes every stored host without any request.
 */
import type { AvailableUpdates, DataResponse } from '../../../plugins/check-updates/common/types';
import { startManagedApi } from '../../../simulator';
import { eventually } from '../../support/waiting';
import { startTestDashboard } from '../harness';
import { dashboardConfig, FRESH_API_ID, startUpdatesTestBed } from './setup';

jest.setTimeout(60_000);

it('refreshes every host on its schedule and serves the refreshed records', async () => {
  const bed = await startUpdatesTestBed({
    config: { svc_check_updates: { refreshSchedule: '* * * * * *' } },
  });
  try {
    await eventually(() =>
      bed.dashboard
        .logs()
        .some((line) => line.includes('Refreshed available updates of 2 API host(s), 0 failed')),
    );
    // No request reached the dashboard yet: the job alone asked both hosts.
    expect(bed.versionChecks()).toBeGreaterThanOrEqual(2);
    const admin = await bed.dashboard.login();
    const response = await admin.get('/api/v1/svc-check-updates/updates', {
      query: { api_id: FRESH_API_ID },
    });
    expect(response.status).toBe(200);
    const { data } = response.json<DataResponse<AvailableUpdates>>();
    expect(data).toMatchObject({
      api_id: FRESH_API_ID,
      current_version: '4.14.7',
      last_available_major: { version: '5.0.0' },
    });
  } finally {
    await bed.stop();
  }
});

it.each([
  [
    { refreshSchedule: 'every day' },
    '[svc_check_updates.refreshSchedule]: [every day] is not a valid cron expression',
  ],
  [
    { cacheLifetimeMinutes: -1 },
    '[svc_check_updates.cacheLifetimeMinutes]: Value must be equal to or greater than [0].',
  ],
  [
    { releaseNotesUrl: 'notes.html' },
    '[svc_check_updates.releaseNotesUrl]: must be an http(s) URL',
  ],
  [
    { cacheLifetime: '6h' },
    '[svc_check_updates.cacheLifetime]: definition for this key is missing',
  ],
])('refuses to start with the config %j, naming the key', async (settings, message) => {
  const api = await startManagedApi({ agents: 1 });
  try {
    await expect(
      startTestDashboard({ config: dashboardConfig(api, { svc_check_updates: settings }) }),
    ).rejects.toThrow(message);
  } finally {
    await api.stop();
  }
});
