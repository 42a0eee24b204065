/**
 * Hostile callers on the real server: guessing passwords from many addresses (form and Basic, name
 * variants), floods of wrong Basic headers, one signed-in user flooding `POST /api/request`, and
 * secrets in query strings kept out of the logs.
 */
import { startTestDashboard, TEST_ADMIN_PASSWORD, type TestDashboard } from '../harness';
import { HOST_ID, startMainTestEnv, USER, type MainTestEnv } from '../main/support';

jest.setTimeout(120_000);

const CAROL_PASSWORD = 'carol-password-1';
const JSON_HEADERS = { 'osd-xsrf': 'it', 'content-type': 'application/json' };

function formLogin(dashboard: TestDashboard, from: string, username: string, password: string) {
  return fetch(`${dashboard.url}/auth/login`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, 'x-forwarded-for': from },
    body: JSON.stringify({ username, password }),
  });
}

function basicCall(dashboard: TestDashboard, from: string, username: string, password: string) {
  return fetch(`${dashboard.url}/api/v1/auth/authinfo`, {
    headers: {
      'x-forwarded-for': from,
      authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
    },
  });
}

describe('Login throttling without lockout', () => {
  let dashboard: TestDashboard;

  beforeAll(async () => {
    dashboard = await startTestDashboard({
      // The test's requests come from loopback: trusting it lets X-Forwarded-For name the client.
      env: { SVC_TRUST_PROXY: 'loopback' },
      config: {
        security: {
          loginThrottle: { freeAttempts: 3, nameCeiling: 20, slowLaneSeconds: 30 },
          passwordChecks: { concurrency: 1, maxWaiting: 2 },
        },
      },
    });
  });
  afterAll(() => dashboard.stop());

  it('slows the guessing client (form and Basic alike, any spelling of the name) but not the owner', async () => {
    const guesser = '203.0.113.50';
    const attempts = [
      () => formLogin(dashboard, guesser, 'admin', 'guess-1'),
      () => basicCall(dashboard, guesser, 'Admin', 'guess-2'),
      () => formLogin(dashboard, guesser, ' ADMIN ', 'guess-3'),
      () => basicCall(dashboard, guesser, 'admin', 'guess-4'),
    ];
    for (const attempt of attempts) expect((await attempt()).status).toBe(401);
    const refused = await basicCall(dashboard, guesser, 'admin', TEST_ADMIN_PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await formLogin(dashboard, guesser, 'admin', TEST_ADMIN_PASSWORD)).status).toBe(429);

    expect((await formLogin(dashboard, '10.0.0.1', 'admin', TEST_ADMIN_PASSWORD)).status).toBe(200);
    expect((await basicCall(dashboard, '10.0.0.2', 'admin', TEST_ADMIN_PASSWORD)).status).toBe(200);
  });

  it('past the name ceiling from many addresses, still lets the owner in from a clean address', async () => {
    await dashboard.addUser('carol', CAROL_PASSWORD, ['user']);
    for (let i = 0; i < 20; i += 1)
      expect((await formLogin(dashboard, `198.51.100.${i}`, 'carol', 'spread-guess')).status).toBe(
        401,
      );
    expect((await formLogin(dashboard, '198.51.100.0', 'carol', CAROL_PASSWORD)).status).toBe(429);
    expect((await formLogin(dashboard, '10.0.0.3', 'carol', CAROL_PASSWORD)).status).toBe(200);
    const slowed = await formLogin(dashboard, '10.0.0.4', 'carol', CAROL_PASSWORD);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(30);
  });

  it('checks one guess at a time from a client: a parallel burst gets 429 unhashed, never 503', async () => {
    const guesser = '203.0.113.80';
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => basicCall(dashboard, guesser, 'admin', `burst-${i}`)),
    );
    const statuses = burst.map((response) => response.status);
    // One check at a time, and none past the free attempts: the rest wait without costing a hash.
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - checked);
    expect(burst.find((response) => response.status === 429)?.headers.get('retry-after')).toBe('1');
    // The same header sent in parallel is one check, whose answer all of them get.
    const same = await Promise.all(
      Array.from({ length: 5 }, () =>
        basicCall(dashboard, '10.0.0.20', 'admin', TEST_ADMIN_PASSWORD),
      ),
    );
    expect(same.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it('refuses password checks beyond the queue at once with 503 and Retry-After, and serves the next login', async () => {
    const flood = await Promise.all(
      Array.from({ length: 30 }, (_, i) => basicCall(dashboard, `192.0.2.${i}`, `nobody${i}`, 'x')),
    );
    const statuses = flood.map((response) => response.status);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 401 || status === 503)).toBe(true);
    const busy = flood.find((response) => response.status === 503);
    expect(busy?.headers.get('retry-after')).toBe('1');
    expect((await formLogin(dashboard, '10.0.0.9', 'admin', TEST_ADMIN_PASSWORD)).status).toBe(200);
  });
});

describe("One source's share of the password checks", () => {
  let dashboard: TestDashboard;
  const statusesOf = (responses: Response[]) => responses.map((response) => response.status);
  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  beforeAll(async () => {
    dashboard = await startTestDashboard({
      env: { SVC_TRUST_PROXY: 'loopback' },
      config: {
        security: {
          passwordChecks: { concurrency: 1, maxWaiting: 3, perAddress: 2, perUsername: 2 },
        },
      },
    });
    await dashboard.addUser('dave', 'dave-password-1', ['user']);
  });
  afterAll(() => dashboard.stop());

  it.each([
    ['Basic headers', basicCall],
    ['form logins', formLogin],
  ])(
    'refuses one address spraying user names (%s) with 429 before hashing and lets a first-time login in',
    async (_kind, attempt) => {
      const sprayer = _kind === 'form logins' ? '203.0.113.91' : '203.0.113.90';
      const spray = Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          attempt(dashboard, sprayer, `sprayed-${_kind}-${i}`, 'x'),
        ),
      );
      const firstTime = formLogin(dashboard, `10.1.0.${_kind.length}`, 'dave', 'dave-password-1');
      const statuses = statusesOf(await spray);
      expect((await firstTime).status).toBe(200);
      expect(count(statuses, 503)).toBe(0);
      expect(count(statuses, 401)).toBeLessThanOrEqual(2);
      expect(count(statuses, 429)).toBe(30 - count(statuses, 401));
    },
  );

  it('answers the refused with Retry-After and a message that names the cause', async () => {
    const spray = await Promise.all(
      Array.from({ length: 10 }, (_, i) => formLogin(dashboard, '203.0.113.92', `n${i}`, 'x')),
    );
    const refused = spray.find((response) => response.status === 429);
    if (!refused) throw new Error('no attempt of the spray was refused');
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await refused.json()).message).toMatch(/being checked at once/);
  });

  it('bounds one user name across addresses the same way, without refusing other names', async () => {
    const spread = Promise.all(
      Array.from({ length: 30 }, (_, i) => basicCall(dashboard, `198.18.0.${i}`, ' Eve ', 'x')),
    );
    const other = formLogin(dashboard, '10.1.0.50', 'dave', 'dave-password-1');
    const statuses = statusesOf(await spread);
    expect((await other).status).toBe(200);
    expect(count(statuses, 503)).toBe(0);
    expect(count(statuses, 401)).toBeLessThanOrEqual(2);
    expect(count(statuses, 429)).toBe(30 - count(statuses, 401));
  });

  it('still lets a client known for its name in from the address that sprays', async () => {
    const shared = '203.0.113.93';
    expect((await formLogin(dashboard, shared, 'dave', 'dave-password-1')).status).toBe(200);
    const spray = Promise.all(
      Array.from({ length: 20 }, (_, i) => basicCall(dashboard, shared, `nat-${i}`, 'x')),
    );
    const known = formLogin(dashboard, shared, 'dave', 'dave-password-1');
    await spray;
    expect((await known).status).toBe(200);
  });
});

describe('Floods by one signed-in user', () => {
  let env: MainTestEnv;

  beforeAll(async () => {
    env = await startMainTestEnv({ svc: { api: { requestsPerUserPerSecond: 5 } } });
  });
  afterAll(() => env?.stop());

  it('answers 429 with Retry-After to the flooding user and keeps serving the others', async () => {
    const call = (client: MainTestEnv['user']) =>
      client.post('/api/request', { body: { id: HOST_ID, method: 'GET', path: '/agents' } });
    const flood = await Promise.all(Array.from({ length: 12 }, () => call(env.user)));
    const limited = flood.filter((response) => response.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(7);
    expect(Number(limited[0].headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(env.admin)).status).toBe(200);
    expect(USER.roles).toEqual(['user']);
  });

  it('keeps secret query parameters out of every log line', async () => {
    await env.admin.get('/no/such/route', {
      query: { password: 'query-password-1', token: 'query-token-2', api_key: 'query-key-3' },
    });
    await env.dashboard.anonymous().post('/auth/login?apikey=query-key-4&secret=query-secret-5', {
      body: { username: 'nobody', password: 'wrong-password' },
    });
    const logs = env.dashboard.logs().join('\n');
    for (const secret of ['query-password-1', 'query-token-2', 'query-key-3', 'wrong-password'])
      expect(logs).not.toContain(secret);
  });
});
