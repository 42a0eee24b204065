import { SESSION_CACHE_MS } from '../sessions/session-store';
import {
  startSecurityTestServer,
  TEST_ADMIN_PASSWORD,
  type SecurityTestServer,
} from '../test-server';

describe('security routes', () => {
  let server: SecurityTestServer;
  afterEach(() => server?.stop());

  describe('login, logout and authinfo', () => {
    beforeEach(async () => {
      server = await startSecurityTestServer({ basePath: '/dash' });
    });

    it('logs in with a session cookie scoped to the base path', async () => {
      const reply = await server.request('POST', '/auth/login', {
        body: { username: 'admin', password: TEST_ADMIN_PASSWORD },
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ username: 'admin', roles: ['admin'] });
      const cookie = reply.headers.get('set-cookie')!;
      expect(cookie).toMatch(
        /^svc_session=[A-Za-z0-9_-]{43}; Max-Age=28800; Path=\/dash; HttpOnly; SameSite=Lax$/,
      );
      const authinfo = await server.request('GET', '/api/v1/auth/authinfo', {
        cookie: cookie.split(';')[0],
      });
      expect(authinfo).toMatchObject({
        status: 200,
        body: { user_name: 'admin', roles: ['admin'], backend_roles: [] },
      });
    });

    it('answers the same 401 for an unknown user and a wrong password', async () => {
      const unknown = await server.request('POST', '/auth/login', {
        body: { username: 'nobody', password: TEST_ADMIN_PASSWORD },
      });
      const wrong = await server.request('POST', '/auth/login', {
        body: { username: 'admin', password: 'wrong-password' },
      });
      for (const reply of [unknown, wrong]) {
        expect(reply.status).toBe(401);
        expect(reply.body).toEqual({
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Invalid username or password',
        });
        expect(reply.headers.get('set-cookie')).toBeNull();
      }
    });

    it('validates the login body, naming the field', async () => {
      const reply = await server.request('POST', '/auth/login', { body: { username: 'admin' } });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(
        '[request body.password]: expected value of type [string] but got [undefined]',
      );
    });

    it('logout ends the session and clears the cookie', async () => {
      const cookie = await server.login('admin', TEST_ADMIN_PASSWORD);
      const reply = await server.request('POST', '/auth/logout', { cookie });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('set-cookie')).toBe(
        'svc_session=; Max-Age=0; Path=/dash; HttpOnly; SameSite=Lax',
      );
      await expect(
        server.request('GET', '/api/v1/auth/authinfo', { cookie }),
      ).resolves.toMatchObject({ status: 401 });
      // Logging out without a session is fine too.
      await expect(server.request('POST', '/auth/logout')).resolves.toMatchObject({ status: 200 });
    });

    it('accepts Authorization: Basic and refuses everything else with 401', async () => {
      const basic = await server.request('GET', '/api/v1/auth/authinfo', {
        basic: ['admin', TEST_ADMIN_PASSWORD],
      });
      expect(basic).toMatchObject({ status: 200, body: { user_name: 'admin' } });
      await expect(
        server.request('GET', '/api/v1/auth/authinfo', { basic: ['admin', 'nope-nope'] }),
      ).resolves.toMatchObject({ status: 401 });
      await expect(
        server.request('GET', '/api/v1/auth/authinfo', { cookie: 'svc_session=forged' }),
      ).resolves.toMatchObject({ status: 401 });
      await expect(server.request('GET', '/api/v1/auth/authinfo')).resolves.toMatchObject({
        status: 401,
      });
    });

    it('never logs a password', async () => {
      await server.request('POST', '/auth/login', {
        body: { username: 'admin', password: 'wrong-secret-xyz' },
      });
      await server.login('admin', TEST_ADMIN_PASSWORD);
      const logged = JSON.stringify(server.logger.records);
      expect(logged).toContain('Login failed');
      expect(logged).not.toContain('wrong-secret-xyz');
      expect(logged).not.toContain(TEST_ADMIN_PASSWORD);
    });
  });

  describe('login throttling', () => {
    it('answers 429 with Retry-After after the free attempts, a success resets the count, and Basic counts alike', async () => {
      server = await startSecurityTestServer({
        loginThrottle: {
          freeAttempts: 3,
          maxBackoffSeconds: 300,
          nameCeiling: 100,
          slowLaneSeconds: 2,
          windowSeconds: 300,
          clientWindowSeconds: 300,
          knownClientDays: 1,
        },
      });
      const attempt = (password: string) =>
        server.request('POST', '/auth/login', { body: { username: 'admin', password } });
      for (let i = 0; i < 2; i += 1) expect((await attempt('wrong-password')).status).toBe(401);
      expect((await attempt(TEST_ADMIN_PASSWORD)).status).toBe(200);
      for (let i = 0; i < 2; i += 1) expect((await attempt('wrong-password')).status).toBe(401);
      // The third failure comes through Basic: counted like a form login.
      await expect(
        server.request('GET', '/api/v1/auth/authinfo', { basic: ['admin', 'wrong-password'] }),
      ).resolves.toMatchObject({ status: 401 });
      expect((await attempt('wrong-password')).status).toBe(401);
      const throttled = await attempt(TEST_ADMIN_PASSWORD);
      expect(throttled.status).toBe(429);
      const retryAfter = Number(throttled.headers.get('retry-after'));
      expect(retryAfter).toBe(1);
      expect(throttled.body).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: `Too many failed login attempts; try again in ${retryAfter} seconds`,
      });
      // Basic auth for the throttled client and name is refused without checking the password.
      const basic = await server.request('GET', '/api/v1/auth/authinfo', {
        basic: ['admin', TEST_ADMIN_PASSWORD],
      });
      expect(basic.status).toBe(429);
      expect(basic.headers.get('retry-after')).toBe('1');
    });
  });

  describe('sessions', () => {
    it('expire after the idle timeout', async () => {
      let clock = Date.parse('2024-06-01T08:00:00.000Z');
      server = await startSecurityTestServer({
        now: () => clock,
        session: { ttlMinutes: 60, idleTimeoutMinutes: 10 },
      });
      const cookie = await server.login('admin', TEST_ADMIN_PASSWORD);
      clock += 9 * 60_000;
      await expect(
        server.request('GET', '/api/v1/auth/authinfo', { cookie }),
      ).resolves.toMatchObject({ status: 200 });
      clock += 10 * 60_000 + SESSION_CACHE_MS;
      await expect(
        server.request('GET', '/api/v1/auth/authinfo', { cookie }),
      ).resolves.toMatchObject({ status: 401 });
    });
  });

  describe('user management', () => {
    let admin: string;
    beforeEach(async () => {
      server = await startSecurityTestServer();
      admin = await server.login('admin', TEST_ADMIN_PASSWORD);
    });

    it('adds, lists, updates and removes users', async () => {
      const added = await server.request('POST', '/api/v1/security/users', {
        cookie: admin,
        body: { username: 'uma', password: 'uma-password', roles: ['user'] },
      });
      expect(added).toMatchObject({ status: 200, body: { username: 'uma', roles: ['user'] } });
      const listed = await server.request('GET', '/api/v1/security/users', { cookie: admin });
      expect((listed.body.users as Array<{ username: string }>).map((u) => u.username)).toEqual([
        'admin',
        'uma',
      ]);
      expect(JSON.stringify(listed.body)).not.toMatch(/hash|scrypt/);

      const uma = await server.login('uma', 'uma-password');
      const updated = await server.request('PUT', '/api/v1/security/users/uma', {
        cookie: admin,
        body: { password: 'new-uma-password', roles: ['admin'] },
      });
      expect(updated).toMatchObject({ status: 200, body: { username: 'uma', roles: ['admin'] } });
      // A password change ends the user's sessions.
      await expect(
        server.request('GET', '/api/v1/auth/authinfo', { cookie: uma }),
      ).resolves.toMatchObject({ status: 401 });
      await expect(server.login('uma', 'new-uma-password')).resolves.toMatch(/^svc_session=/);

      await expect(
        server.request('DELETE', '/api/v1/security/users/uma', { cookie: admin }),
      ).resolves.toMatchObject({
        status: 200,
        body: { username: 'uma' },
      });
      await expect(
        server.request('POST', '/auth/login', {
          body: { username: 'uma', password: 'new-uma-password' },
        }),
      ).resolves.toMatchObject({
        status: 401,
      });
    });

    it('answers 400 naming the field, 404, 409 and 403', async () => {
      const post = (body: unknown, cookie = admin) =>
        server.request('POST', '/api/v1/security/users', { cookie, body });
      await expect(
        post({ username: 'bad name', password: 'password-1', roles: ['user'] }),
      ).resolves.toMatchObject({
        status: 400,
        body: {
          message:
            '[request body.username]: may contain only letters, digits, ".", "_", "-" and "@", and must start with a letter or digit',
        },
      });
      await expect(
        post({ username: 'ok', password: 'short', roles: ['user'] }),
      ).resolves.toMatchObject({
        status: 400,
        body: { message: '[request body.password]: must be at least 8 characters long' },
      });
      await expect(
        post({ username: 'ok', password: 'password-1', roles: ['root'] }),
      ).resolves.toMatchObject({
        status: 400,
        body: {
          message: '[request body.roles]: must be a non-empty list of roles from: admin, user',
        },
      });
      await expect(post({ username: 'ok', password: 'password-1' })).resolves.toMatchObject({
        status: 400,
        body: {
          message: '[request body.roles]: expected value of type [array] but got [undefined]',
        },
      });
      await expect(
        post({ username: 'admin', password: 'password-1', roles: ['user'] }),
      ).resolves.toMatchObject({
        status: 409,
        body: { message: 'User [admin] already exists' },
      });
      await expect(
        server.request('PUT', '/api/v1/security/users/ghost', {
          cookie: admin,
          body: { roles: ['user'] },
        }),
      ).resolves.toMatchObject({
        status: 404,
        body: { message: 'User [ghost] not found' },
      });
      await expect(
        server.request('PUT', '/api/v1/security/users/admin', { cookie: admin, body: {} }),
      ).resolves.toMatchObject({
        status: 400,
        body: { message: 'Give a new password, new roles or both' },
      });
      await expect(
        server.request('DELETE', '/api/v1/security/users/admin', { cookie: admin }),
      ).resolves.toMatchObject({
        status: 409,
        body: { message: 'Cannot remove [admin], the last admin' },
      });

      await post({ username: 'uma', password: 'uma-password', roles: ['user'] });
      const uma = await server.login('uma', 'uma-password');
      for (const [method, route] of [
        ['GET', '/api/v1/security/users'],
        ['POST', '/api/v1/security/users'],
        ['PUT', '/api/v1/security/users/uma'],
        ['DELETE', '/api/v1/security/users/admin'],
      ]) {
        const body =
          method === 'POST'
            ? { username: 'x', password: 'password-1', roles: ['admin'] }
            : method === 'PUT'
              ? { roles: ['admin'] }
              : undefined;
        await expect(server.request(method, route, { cookie: uma, body })).resolves.toMatchObject({
          status: 403,
          body: { attributes: { code: 'role_required', requiredRole: 'admin' } },
        });
      }
    });
  });
});
