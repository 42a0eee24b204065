/**
 * Two full dashboards (both plugins) started together on one PostgreSQL database: what one instance
 * does, the other sees — sessions, failed-login counts, API hosts, settings.
 */
import { describeWithPostgres } from '../../../host/server/saved-objects/postgres/test-support';
import { eventually } from '../../support/waiting';
import type { TestClient } from '../harness';
import {
  loginCookie,
  simulatorHost,
  startTwoDashboardsWithApi,
  withCookie,
  type DashboardsWithApi,
} from './support';

jest.setTimeout(120_000);

const ENCRYPTION_KEY = 'scale-out-test-key-0123456789abcdef';
const ANN = { username: 'ann', password: 'ann-password-1' };

describeWithPostgres('several full dashboards on one PostgreSQL database', () => {
  let dashboards: DashboardsWithApi;
  let adminA: TestClient;
  let adminB: TestClient;

  beforeAll(async () => {
    // Every instance must share the key, or none could read the host passwords another stored.
    dashboards = await startTwoDashboardsWithApi({ encryptionKey: ENCRYPTION_KEY });
    [adminA, adminB] = [await dashboards.a.login(), await dashboards.b.login()];
    await dashboards.a.addUser(ANN.username, ANN.password, ['user']);
  });
  afterAll(() => dashboards?.stop());

  it('started together with one schema and one first admin, and says where objects live', async () => {
    for (const dashboard of [dashboards.a, dashboards.b]) {
      expect(dashboard.logs().join('\n')).toContain(
        `Saved objects are stored in PostgreSQL at postgres://postgres@127.0.0.1:5432/${dashboards.database.name}`,
      );
      expect(dashboard.logs().join('\n')).not.toContain('SVC_ENCRYPTION_KEY is not set');
    }
    const created = [dashboards.a, dashboards.b]
      .flatMap((dashboard) => dashboard.logs())
      .filter((line) => line.includes('Created the first dashboard user'));
    expect(created).toHaveLength(1);
    const { users } = (await adminB.get('/api/v1/security/users')).json<{
      users: Array<{ username: string }>;
    }>();
    expect(users.map((user) => user.username).sort()).toEqual(['admin', 'ann']);
  });

  it('accepts on one instance the session cookie made by the other, until logout', async () => {
    const session = await loginCookie(dashboards.a, ANN.username, ANN.password);
    expect(session.status).toBe(200);
    const onB = await withCookie(dashboards.b, session.cookie, 'GET', '/api/v1/auth/authinfo');
    expect(onB.status).toBe(200);
    expect(onB.body).toMatchObject({ user_name: 'ann', roles: ['user'] });

    const logout = await withCookie(dashboards.b, session.cookie, 'POST', '/auth/logout');
    expect(logout.status).toBe(200);
    expect(
      (await withCookie(dashboards.b, session.cookie, 'GET', '/api/v1/auth/authinfo')).status,
    ).toBe(401);
    // The instance that verified it lately trusts its memory for up to SESSION_CACHE_MS (5 s).
    await eventually(
      async () =>
        (await withCookie(dashboards.a, session.cookie, 'GET', '/api/v1/auth/authinfo')).status ===
        401,
    );
  });

  it('counts failed logins on every instance together', async () => {
    // Two failures on each instance: only the shared count reaches the free attempts (3) and the back-off.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const failed = await loginCookie(
        attempt % 2 ? dashboards.a : dashboards.b,
        ANN.username,
        'wrong-password',
      );
      expect(failed.status).toBe(401);
    }
    for (const dashboard of [dashboards.a, dashboards.b]) {
      const refused = await loginCookie(dashboard, ANN.username, ANN.password);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('uses at once on one instance an API host stored through the other, and forgets it within a second when removed there', async () => {
    const stored = await adminA.post('/hosts/apis', {
      body: simulatorHost(dashboards.simulator, 'shared'),
    });
    expect(stored.status).toBe(200);

    expect(
      (await adminB.get('/hosts/apis')).json<Array<{ id: string }>>().map((host) => host.id),
    ).toEqual(['shared']);
    const throughB = await adminB.post('/api/request', {
      body: { id: 'shared', method: 'GET', path: '/agents?limit=1' },
    });
    expect(throughB.status).toBe(200);
    expect(throughB.json<{ error: number }>().error).toBe(0);

    expect((await adminA.delete('/hosts/apis/shared')).status).toBe(200);
    // The other instance reuses a host it read for a proxied request for up to a second.
    await eventually(
      async () =>
        (
          await adminB.post('/api/request', {
            body: { id: 'shared', method: 'GET', path: '/agents?limit=1' },
          })
        ).status === 404,
    );
  });

  it('shows on one instance an advanced setting changed on the other', async () => {
    const changed = await adminA.post('/api/opensearch-dashboards/settings/discover:sampleSize', {
      body: { value: 250 },
    });
    expect(changed.status).toBe(200);
    const settings = (await adminB.get('/api/opensearch-dashboards/settings')).json<{
      settings: Record<string, { userValue?: unknown }>;
    }>();
    expect(settings.settings['discover:sampleSize'].userValue).toBe(250);
  });
});
