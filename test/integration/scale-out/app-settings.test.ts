/**
 * App settings on two instances sharing one PostgreSQL database: what an administrator saves on one
 * instance the other applies (within its refresh interval), with the field of a refused value named,
 * a refused SVG logo, concurrent saves and a reset.
 */
import { describeWithPostgres } from '../../../host/server/saved-objects/postgres/test-support';
import { eventually } from '../../support/waiting';
import type { TestClient } from '../harness';
import { startTwoDashboardsWithApi, type DashboardsWithApi } from './support';

jest.setTimeout(120_000);

const ENCRYPTION_KEY = 'app-settings-test-key-0123456789abcdef';

interface Answer {
  version?: string;
  settings: Array<{ key: string; value: unknown; fileValue: unknown; saved: boolean }>;
  history: Array<{ key: string; user: string; to?: unknown; from?: unknown }>;
  logo?: { sha256: string };
}

const valueOf = (answer: Answer, key: string) =>
  answer.settings.find((setting) => setting.key === key);

describeWithPostgres('App settings across two instances', () => {
  let dashboards: DashboardsWithApi;
  let adminA: TestClient;
  let adminB: TestClient;

  beforeAll(async () => {
    dashboards = await startTwoDashboardsWithApi({
      encryptionKey: ENCRYPTION_KEY,
      config: {
        svc: { csv: { maxRows: 700 }, appSettings: { refreshIntervalMs: 200 } },
      },
    });
    [adminA, adminB] = [await dashboards.a.login(), await dashboards.b.login()];
    await dashboards.a.addUser('ann', 'ann-password-1', ['user']);
  });
  afterAll(() => dashboards?.stop());

  it('applies on B a pattern saved on A, shows the file value as fallback, and resets to it', async () => {
    const before = (await adminA.get('/api/app-settings')).json<Answer>();
    expect(valueOf(before, 'csv.maxRows')).toMatchObject({
      value: 700,
      fileValue: 700,
      saved: false,
    });

    const saved = await adminA.put('/api/app-settings', {
      body: {
        values: { 'indexer.alertsIndexPattern': 'custom-alerts-*', 'csv.maxRows': 25 },
        version: before.version,
      },
    });
    expect(saved.status).toBe(200);
    expect(valueOf(saved.json<Answer>(), 'csv.maxRows')).toMatchObject({
      value: 25,
      fileValue: 700,
      saved: true,
    });

    // B applies it from its next read of the shared record: every user's view of the settings.
    const ann = await dashboards.b.login('ann', 'ann-password-1');
    await eventually(
      async () =>
        (await ann.get('/api/app-settings/public')).json<{ alertsIndexPattern: string }>()
          .alertsIndexPattern === 'custom-alerts-*',
    );
    const onB = (await adminB.get('/api/app-settings')).json<Answer>();
    expect(valueOf(onB, 'indexer.alertsIndexPattern')?.value).toBe('custom-alerts-*');
    expect(onB.history[0]).toMatchObject({ user: 'admin' });
    expect(dashboards.a.logs().join('\n')).toContain(
      'App setting [csv.maxRows] was changed by [admin].',
    );

    const reset = await adminB.put('/api/app-settings', {
      body: { values: { 'csv.maxRows': null }, version: onB.version },
    });
    expect(valueOf(reset.json<Answer>(), 'csv.maxRows')).toMatchObject({
      value: 700,
      saved: false,
    });
    expect(reset.json<Answer>().history[0]).toMatchObject({ key: 'csv.maxRows', from: 25 });
  });

  it('refuses an invalid value naming its field, and a stale version with 409', async () => {
    const current = (await adminA.get('/api/app-settings')).json<Answer>();
    const invalid = await adminA.put('/api/app-settings', {
      body: { values: { 'api.timeoutMs': 5 }, version: current.version },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json()).toMatchObject({
      message: expect.stringContaining('[request body.values.api.timeoutMs]'),
      attributes: { field: 'values.api.timeoutMs' },
    });

    await adminB.put('/api/app-settings', {
      body: { values: { 'alerts.hideManagerAlerts': true }, version: current.version },
    });
    const stale = await adminA.put('/api/app-settings', {
      body: { values: { 'alerts.hideManagerAlerts': false }, version: current.version },
    });
    expect(stale.status).toBe(409);
  });

  it('is for dashboard admins only', async () => {
    const ann = await dashboards.a.login('ann', 'ann-password-1');
    expect((await ann.get('/api/app-settings')).status).toBe(403);
    expect((await ann.put('/api/app-settings', { body: { values: {} } })).status).toBe(403);
  });

  it('refuses an SVG logo with a script, and serves an accepted one from the other instance', async () => {
    const { version } = (await adminA.get('/api/app-settings')).json<Answer>();
    const refused = await adminA.put('/api/app-settings/logo', {
      body: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api")</script></svg>',
      ),
      headers: { 'content-type': 'image/svg+xml' },
      query: { version },
    });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({
      message: expect.stringContaining('must not contain <script>'),
      attributes: { field: 'logo' },
    });

    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>';
    const accepted = await adminA.put('/api/app-settings/logo', {
      body: Buffer.from(svg),
      headers: { 'content-type': 'image/svg+xml' },
      query: { version },
    });
    expect(accepted.status).toBe(200);
    await eventually(async () => (await adminB.get('/api/app-settings/logo')).status === 200);
    const served = await adminB.get('/api/app-settings/logo');
    expect(served.text).toBe(svg);
    expect(served.headers['content-type']).toContain('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
  });
});
