/** The host's auth step and login routes as a client sees them: throttling, Basic credentials, 401s. */
import { join } from 'node:path';
import { startTestDashboard, type TestDashboard } from '../harness';

// Real servers, scrypt hashing and a shared 2-core machine: generous limits, no timing assertions.
jest.setTimeout(60_000);

describe('login and authentication', () => {
  let dashboard: TestDashboard;

  beforeAll(async () => {
    dashboard = await startTestDashboard({ pluginsDir: join(__dirname, 'fixtures', 'plugins') });
  });
  afterAll(() => dashboard.stop());

  it('logs in with the first admin and answers authinfo', async () => {
    const admin = await dashboard.login();
    expect((await admin.get('/api/v1/auth/authinfo')).json()).toEqual({
      user_name: 'admin',
      roles: ['admin'],
      backend_roles: [],
    });
  });

  it('throttles the client repeating failed logins with 429 and Retry-After', async () => {
    await dashboard.addUser('victim', 'correct-horse-battery', ['user']);
    const attempt = () =>
      dashboard
        .anonymous()
        .post('/auth/login', { body: { username: 'victim', password: 'wrong-password' } });
    const statuses: number[] = [];
    // Three free failures, and the fourth starts the client's back-off.
    for (let index = 0; index < 4; index += 1) statuses.push((await attempt()).status);
    expect(statuses).toEqual([401, 401, 401, 401]);
    const throttled = await attempt();
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    // The right password from the same client does not get through while it waits either.
    expect(
      (
        await dashboard
          .anonymous()
          .post('/auth/login', { body: { username: 'victim', password: 'correct-horse-battery' } })
      ).status,
    ).toBe(429);
    // Other users are not affected.
    expect((await dashboard.login()).get).toBeDefined();
  });

  it('answers 401 for a bad session cookie and after logout', async () => {
    const forged = await dashboard
      .anonymous()
      .get('/api/test/noop', { headers: { cookie: 'svc_session=forged' } });
    expect(forged.status).toBe(401);
    const admin = await dashboard.login();
    expect((await admin.get('/api/test/noop')).status).toBe(200);
    expect((await admin.post('/auth/logout')).status).toBe(200);
    expect((await admin.get('/api/test/noop')).status).toBe(401);
  });

  it('never writes the admin password to the log', () => {
    expect(dashboard.logs().join('\n')).not.toContain(dashboard.adminPassword);
  });
});
