import {
  API_USER,
  HOST_ID,
  leakedSecrets,
  OTHER_PASSWORD,
  startMainTestEnv,
  type MainTestEnv,
} from './support';

// Starting a dashboard and a simulator takes a while on a loaded machine.
jest.setTimeout(60_000);

interface Check {
  id?: string;
  reachable: boolean;
  authenticated: boolean;
  api_version?: string;
  hostname?: string;
  run_as: string;
}

describe('check-stored-api, check-api, login and routes', () => {
  let env: MainTestEnv;

  beforeAll(async () => {
    env = await startMainTestEnv();
  });
  afterEach(() => env.simulator.resetFaults());
  afterAll(async () => {
    expect(leakedSecrets(env)).toEqual([]);
    await env.stop();
  });

  describe('POST /api/check-stored-api', () => {
    it('checks a stored host: reachable, logged in, version, run_as', async () => {
      const response = await env.user.post('/api/check-stored-api', {
        body: { id: HOST_ID, idChanged: 'previous' },
      });
      expect(response.status).toBe(200);
      const body = response.json<{
        statusCode: number;
        data: { id: string; status: Check };
        idChanged: string;
      }>();
      expect(body).toMatchObject({
        statusCode: 200,
        idChanged: 'previous',
        data: { id: HOST_ID, username: API_USER.username },
      });
      expect(body.data.status).toMatchObject({
        id: HOST_ID,
        reachable: true,
        authenticated: true,
        api_version: '4.14.7',
        run_as: 'enabled',
      });
      expect(response.text).not.toContain('password');
    });

    it('says when the host is down instead of switching to another one', async () => {
      env.simulator.faults.refuseConnections = true;
      const response = await env.user.post('/api/check-stored-api', { body: { id: HOST_ID } });
      expect(response.status).toBe(502);
      expect(response.json()).toMatchObject({
        attributes: {
          code: 'host_unreachable',
          check: { id: HOST_ID, reachable: false, authenticated: false },
        },
      });
    });

    it('reports unknown ids and validates the body', async () => {
      expect(
        (await env.user.post('/api/check-stored-api', { body: { id: 'nowhere' } })).status,
      ).toBe(404);
      const invalid = await env.user.post('/api/check-stored-api', { body: {} });
      expect(invalid.status).toBe(400);
      expect(invalid.json()).toMatchObject({
        message: '[request body.id]: expected value of type [string] but got [undefined]',
      });
    });
  });

  describe('POST /api/check-api', () => {
    it('checks a stored host by id for any user', async () => {
      const response = await env.user.post('/api/check-api', {
        body: { id: HOST_ID, forceRefresh: true },
      });
      expect(response.status).toBe(200);
      expect(response.json<{ data: Check }>().data).toMatchObject({
        reachable: true,
        authenticated: true,
        api_version: '4.14.7',
      });
    });

    it('checks unsaved credentials for admins', async () => {
      const { id: _id, ...unsaved } = env.hostConfig();
      const response = await env.admin.post('/api/check-api', { body: unsaved });
      expect(response.status).toBe(200);
      expect(response.json<{ data: Check }>().data).toMatchObject({
        reachable: true,
        authenticated: true,
        run_as: 'enabled',
      });
      expect(response.json<{ data: Check }>().data).not.toHaveProperty('id');
    });

    it('refuses unsaved credentials from non-admins: they would send a password anywhere', async () => {
      const { id: _id, ...unsaved } = env.hostConfig();
      const response = await env.user.post('/api/check-api', { body: unsaved });
      expect(response.status).toBe(403);
      const redirected = await env.user.post('/api/check-api', {
        body: { id: HOST_ID, url: 'http://127.0.0.2' },
      });
      expect(redirected.status).toBe(403);
    });

    it('reports refused credentials with the upstream detail', async () => {
      const { id: _id, ...unsaved } = env.hostConfig({ password: OTHER_PASSWORD });
      const response = await env.admin.post('/api/check-api', { body: unsaved });
      expect(response.status).toBe(502);
      expect(response.json()).toMatchObject({
        error: 'Bad Gateway',
        message: expect.stringContaining(
          'refused the login of user [svc-integration]: Invalid credentials',
        ),
        attributes: {
          code: 'login_failed',
          upstream: { status: 401, detail: 'Invalid credentials' },
          check: { reachable: true, authenticated: false },
        },
      });
    });

    it('uses the stored password when an admin only changes the address', async () => {
      const response = await env.admin.post('/api/check-api', {
        body: { id: HOST_ID, port: env.simulator.port },
      });
      expect(response.status).toBe(200);
    });

    it('names missing and invalid fields', async () => {
      const missing = await env.admin.post('/api/check-api', {
        body: { url: 'http://127.0.0.1', port: 1, password: 'x' },
      });
      expect(missing.status).toBe(400);
      expect(missing.json()).toMatchObject({
        message: '[request body.username]: is required to check unsaved settings',
      });
      const scheme = await env.admin.post('/api/check-api', {
        body: { url: 'file:///etc/passwd', port: 1, username: 'a', password: 'x' },
      });
      expect(scheme.json()).toMatchObject({
        statusCode: 400,
        message: '[request body.url]: must use the http or https scheme',
      });
      const nothing = await env.admin.post('/api/check-api', { body: {} });
      expect(nothing.json()).toMatchObject({
        statusCode: 400,
        message: expect.stringContaining('[request body.id]'),
      });
    });
  });

  describe('POST /api/login', () => {
    it('logs the current user in on the host and keeps the token on the server', async () => {
      const response = await env.user.post('/api/login', { body: { idHost: HOST_ID } });
      expect(response.status).toBe(200);
      const { data } = response.json<{
        data: { apiHostId: string; runAs: boolean; expiresAt: string };
      }>();
      expect(data).toMatchObject({ apiHostId: HOST_ID, runAs: true });
      expect(Date.parse(data.expiresAt)).toBeGreaterThan(Date.now());
      expect(response.text).not.toMatch(/eyJ[\w-]+\./);
    });

    it('logs in anew only when forced', async () => {
      await env.user.post('/api/login', { body: { idHost: HOST_ID } });
      const logins = env.simulator.stats.logins;
      await env.user.post('/api/login', { body: { idHost: HOST_ID } });
      expect(env.simulator.stats.logins).toBe(logins);
      await env.user.post('/api/login', { body: { idHost: HOST_ID, force: true } });
      expect(env.simulator.stats.logins).toBe(logins + 1);
    });

    it('reports unknown hosts, down hosts and bad input', async () => {
      expect((await env.user.post('/api/login', { body: { idHost: 'nowhere' } })).status).toBe(404);
      env.simulator.faults.refuseConnections = true;
      expect(
        (await env.user.post('/api/login', { body: { idHost: HOST_ID, force: true } })).status,
      ).toBe(502);
      const invalid = await env.user.post('/api/login', {
        body: { idHost: HOST_ID, force: 'yes' },
      });
      expect(invalid.json()).toMatchObject({
        statusCode: 400,
        message: '[request body.force]: expected value of type [boolean] but got [string]',
      });
    });
  });

  describe('GET /api/routes', () => {
    it('serves the route catalogue with an ETag', async () => {
      const response = await env.user.get('/api/routes', { query: { format: 'catalogue' } });
      expect(response.status).toBe(200);
      const catalogue = response.json<{ routes: Array<{ method: string; path: string }> }>();
      expect(catalogue.routes).toEqual(
        expect.arrayContaining([expect.objectContaining({ method: 'GET', path: '/agents' })]),
      );
      const cached = await env.user.get('/api/routes', {
        query: { format: 'catalogue' },
        headers: { 'if-none-match': response.headers.etag },
      });
      expect(cached.status).toBe(304);
    });
  });
});
