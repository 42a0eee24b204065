import jwt from 'jsonwebtoken';
import { basicAuth, call, login, request } from './test-client';
import { type ManagedApi, startManagedApi } from './index';
import { ADMIN_USER, READONLY_USER, RUN_AS_USER } from './users';

// Servers and child processes start slowly on a loaded machine.
jest.setTimeout(30_000);

const unauthorized = (detail: string) => ({ title: 'Unauthorized', detail });

describe('simulator authentication', () => {
  let api: ManagedApi;
  beforeEach(async () => {
    api = await startManagedApi({ agents: 5 });
  });
  afterEach(() => api.stop());

  const authenticate = (headers: Record<string, string> = {}, query = '') =>
    call(`${api.url}/security/user/authenticate${query}`, { method: 'POST', headers });

  it('issues an HS256 JWT with the API claims for Basic credentials', async () => {
    const response = await authenticate({ authorization: basicAuth(ADMIN_USER) });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ data: { token: expect.any(String) }, error: 0 });
    const decoded = jwt.decode(response.json.data.token, { complete: true });
    expect(decoded?.header).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decoded?.payload as Record<string, unknown>;
    expect(claims).toMatchObject({
      iss: 'wazuh',
      aud: 'Wazuh API REST',
      sub: 'wazuh',
      run_as: false,
      rbac_roles: [1],
      rbac_mode: 'white',
    });
    expect((claims.exp as number) - (claims.nbf as number)).toBe(900);
    expect(claims).not.toHaveProperty('iat');
  });

  it('returns the bare token as text/plain with raw=true', async () => {
    const response = await authenticate({ authorization: basicAuth(ADMIN_USER) }, '?raw=true');
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(response.text.split('.')).toHaveLength(3);
  });

  it('rejects bad credentials, missing and non-Basic headers with 401 Invalid credentials', async () => {
    const variants: Array<Record<string, string>> = [
      { authorization: basicAuth({ ...ADMIN_USER, password: 'nope' }) },
      {},
      { authorization: 'Bearer abc' },
      { authorization: 'Basic !!!' },
    ];
    for (const headers of variants) {
      const response = await authenticate(headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect(response.json).toEqual(unauthorized('Invalid credentials'));
    }
  });

  it('rejects unknown query parameters on login', async () => {
    const response = await authenticate({ authorization: basicAuth(ADMIN_USER) }, '?pretty=true');
    expect(response.status).toBe(400);
    expect(response.json.detail).toBe('Extra query parameter(s) pretty not in spec');
  });

  it('marks the deprecated GET login', async () => {
    const response = await call(`${api.url}/security/user/authenticate`, {
      headers: { authorization: basicAuth(ADMIN_USER) },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('deprecated')).toBe('true');
  });

  it('answers each malformed bearer header with its own 401 detail', async () => {
    const get = (authorization?: string) =>
      call(`${api.url}/agents`, { headers: authorization ? { authorization } : {} });
    expect((await get()).json).toEqual(unauthorized('No authorization token provided'));
    expect((await get(basicAuth(ADMIN_USER))).json).toEqual(
      unauthorized('No authorization token provided'),
    );
    expect((await get('Bearer')).json).toEqual(unauthorized('Invalid authorization header'));
    expect((await get('Bearer not.a.token')).json).toEqual(unauthorized('Invalid token'));
  });

  it('logs out: tokens issued before are invalid, a new login works at once', async () => {
    const first = await login(api.url);
    const other = await login(api.url, READONLY_USER);
    const logout = await request(api.url, first, 'DELETE', '/security/user/authenticate');
    expect(logout.json).toEqual({ message: 'User wazuh was successfully logged out', error: 0 });
    expect((await request(api.url, first, 'GET', '/agents')).json).toEqual(
      unauthorized('Invalid token'),
    );
    expect((await request(api.url, other, 'GET', '/agents')).status).toBe(200);
    const second = await login(api.url);
    expect((await request(api.url, second, 'GET', '/agents')).status).toBe(200);
  });

  it('revokes every token of every user', async () => {
    const admin = await login(api.url);
    const reader = await login(api.url, READONLY_USER);
    expect((await request(api.url, admin, 'PUT', '/security/user/revoke')).json).toEqual({
      message: 'Tokens were successfully revoked',
      error: 0,
    });
    expect((await request(api.url, reader, 'GET', '/agents')).json).toEqual(
      unauthorized('Invalid token'),
    );
    expect((await request(api.url, admin, 'GET', '/agents')).json).toEqual(
      unauthorized('Invalid token'),
    );
  });

  it('has no DELETE /security/user/revoke', async () => {
    const token = await login(api.url);
    expect((await request(api.url, token, 'DELETE', '/security/user/revoke')).status).toBe(405);
  });
});

describe('simulator token lifetime', () => {
  it('defaults to 900 s and takes the configured value', async () => {
    let now = Date.parse('2025-03-10T10:00:00Z');
    const api = await startManagedApi({ agents: 1, tokenLifetimeSeconds: 60, now: () => now });
    try {
      const token = await login(api.url);
      expect(
        (jwt.decode(token) as { exp: number; nbf: number }).exp -
          (jwt.decode(token) as { nbf: number }).nbf,
      ).toBe(60);
      now += 59_000;
      expect((await request(api.url, token, 'GET', '/')).status).toBe(200);
      now += 2_000;
      expect((await request(api.url, token, 'GET', '/')).json).toEqual(
        unauthorized('Invalid token'),
      );
    } finally {
      await api.stop();
    }
  });

  it('answers Token expired when the lifetime setting changed after issue', async () => {
    const api = await startManagedApi({ agents: 1 });
    try {
      const token = await login(api.url);
      api.faults.tokenLifetimeSeconds = 120;
      expect((await request(api.url, token, 'GET', '/')).json).toEqual(
        unauthorized('Token expired'),
      );
      const fresh = await login(api.url);
      expect(
        (jwt.decode(fresh) as { exp: number; nbf: number }).exp -
          (jwt.decode(fresh) as { nbf: number }).nbf,
      ).toBe(120);
    } finally {
      await api.stop();
    }
  });
});

describe('simulator run_as login', () => {
  let api: ManagedApi;
  beforeAll(async () => {
    api = await startManagedApi({ agents: 3 });
  });
  afterAll(() => api.stop());

  const runAs = (credentials: typeof RUN_AS_USER, context: unknown, raw = '') =>
    call(`${api.url}/security/user/authenticate/run_as${raw}`, {
      method: 'POST',
      headers: { authorization: basicAuth(credentials), 'content-type': 'application/json' },
      body: typeof context === 'string' ? context : JSON.stringify(context),
    });

  it('maps the auth context to roles with the security rules', async () => {
    const cases: Array<[unknown, number[]]> = [
      [{ user_name: 'admin' }, [1]],
      [{ user_name: 'alice', roles: ['admin'] }, [1]],
      [{ user_name: 'bob', roles: ['user'] }, [2]],
      [{ user_name: 'carol', roles: ['auditor'] }, []],
    ];
    for (const [context, roles] of cases) {
      const response = await runAs(RUN_AS_USER, context);
      expect(response.status).toBe(200);
      const claims = jwt.decode(response.json.data.token) as Record<string, unknown>;
      expect(claims).toMatchObject({ sub: 'wazuh-wui', run_as: true, rbac_roles: roles });
      expect(claims.hash_auth_context).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('gives run_as tokens the permissions of the mapped roles', async () => {
    const reader = await runAs(RUN_AS_USER, { user_name: 'bob', roles: ['user'] }, '?raw=true');
    const restart = await request(api.url, reader.text, 'PUT', '/agents/001/restart');
    expect(restart.status).toBe(403);
    const nobody = await runAs(RUN_AS_USER, { user_name: 'carol' }, '?raw=true');
    const agents = await request(api.url, nobody.text, 'GET', '/agents');
    expect(agents.json).toMatchObject({
      data: { affected_items: [], total_affected_items: 0 },
      message: 'No agent information was returned',
      error: 0,
    });
  });

  it('refuses users without allow_run_as with 403 code 6004', async () => {
    const response = await runAs(READONLY_USER, { user_name: 'admin' });
    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({ title: 'Permission Denied', error: 6004 });
  });

  it('limits the auth context to 8 KiB', async () => {
    const response = await runAs(RUN_AS_USER, { user_name: 'x'.repeat(9000) });
    expect(response.status).toBe(413);
    expect(response.json).toEqual({
      title: 'Request Entity Too Large',
      detail: 'Auth context payload exceeds the maximum allowed size of 8192 bytes.',
      error: 413,
    });
  });

  it('rejects a body that is not JSON', async () => {
    const response = await runAs(RUN_AS_USER, '{not json');
    expect(response.status).toBe(400);
    expect(response.json.error).toBe(1018);
  });
});

describe('simulator login blocking and request limit', () => {
  it('blocks an IP after the configured failed logins, even with good credentials', async () => {
    let now = Date.parse('2025-03-10T10:00:00Z');
    const api = await startManagedApi({
      agents: 1,
      loginBlocking: { maxAttempts: 3, blockSeconds: 300 },
      now: () => now,
    });
    try {
      const attempt = (credentials: typeof ADMIN_USER) =>
        call(`${api.url}/security/user/authenticate`, {
          method: 'POST',
          headers: { authorization: basicAuth(credentials) },
        });
      const wrong = { ...ADMIN_USER, password: 'wrong' };
      for (let i = 0; i < 3; i++) expect((await attempt(wrong)).status).toBe(401);
      const blocked = await attempt(ADMIN_USER);
      expect(blocked.status).toBe(403);
      expect(blocked.json).toEqual({
        title: 'Permission Denied',
        detail:
          'Limit of login attempts reached. The current IP has been blocked due to a high number of login attempts',
        error: 6000,
      });
      now += 300_000;
      expect((await attempt(ADMIN_USER)).status).toBe(200);
    } finally {
      await api.stop();
    }
  });

  it('does not block by default', async () => {
    const api = await startManagedApi({ agents: 1 });
    try {
      for (let i = 0; i < 60; i++) {
        await call(`${api.url}/security/user/authenticate`, {
          method: 'POST',
          headers: { authorization: basicAuth({ ...ADMIN_USER, password: 'x' }) },
        });
      }
      expect(
        (
          await call(`${api.url}/security/user/authenticate`, {
            method: 'POST',
            headers: { authorization: basicAuth(ADMIN_USER) },
          })
        ).status,
      ).toBe(200);
    } finally {
      await api.stop();
    }
  });

  it('answers 429 code 6001 past the per-minute budget, counting every request', async () => {
    let now = Date.parse('2025-03-10T10:00:00Z');
    const api = await startManagedApi({ agents: 1, requestsPerMinute: 5, now: () => now });
    try {
      const token = await login(api.url);
      for (let i = 0; i < 4; i++)
        expect((await request(api.url, token, 'GET', '/')).status).toBe(200);
      const limited = await request(api.url, token, 'GET', '/');
      expect(limited.status).toBe(429);
      expect(limited.json).toMatchObject({
        title: 'Too Many Requests',
        detail: 'Maximum number of requests per minute reached',
        error: 6001,
      });
      expect(limited.json.remediation).toContain('api.yaml');
      now += 61_000;
      expect((await request(api.url, token, 'GET', '/')).status).toBe(200);
    } finally {
      await api.stop();
    }
  });
});
