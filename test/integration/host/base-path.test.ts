/** SVC_BASE_PATH: every route, the login cookie and the status answer live under it. */
import { join } from 'node:path';
import { startTestDashboard, type TestDashboard } from '../harness';

// Real servers, scrypt hashing and a shared 2-core machine: generous limits, no timing assertions.
jest.setTimeout(60_000);

describe('base path', () => {
  let dashboard: TestDashboard;

  beforeAll(async () => {
    dashboard = await startTestDashboard({
      pluginsDir: join(__dirname, 'fixtures', 'plugins'),
      env: { SVC_BASE_PATH: '/security-dashboard' },
    });
  });
  afterAll(() => dashboard.stop());

  it('serves every route under the base path', async () => {
    expect(new URL(dashboard.url).pathname).toBe('/security-dashboard');
    expect((await dashboard.anonymous().get('/api/status')).status).toBe(200);
    const admin = await dashboard.login();
    expect((await admin.get('/api/test/noop')).status).toBe(200);
  });

  it('answers 404 outside the base path', async () => {
    const origin = new URL(dashboard.url).origin;
    for (const path of ['/api/status', '/api/test/noop', '/security-dashboardx/api/status']) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Not Found',
      });
    }
  });

  it('scopes the session cookie to the base path', async () => {
    const response = await dashboard
      .anonymous()
      .post('/auth/login', { body: { username: 'admin', password: dashboard.adminPassword } });
    expect(response.status).toBe(200);
    expect(response.setCookies[0]).toMatch(/Path=\/security-dashboard/i);
    expect(response.setCookies[0]).toMatch(/HttpOnly/i);
  });
});
