import { deferred } from '../test/support/waiting';
import { basicAuth, call, login, request } from './test-client';
import { type ManagedApi, startManagedApi } from './index';
import { ADMIN_USER } from './users';

// Servers and child processes start slowly on a loaded machine.
jest.setTimeout(30_000);

describe('simulator fault knobs', () => {
  let api: ManagedApi;
  let token: string;
  /** Waits the latency and slow-body faults asked for, in order; each ends when `released` does. */
  const pauses: number[] = [];
  let paused = deferred();
  let released = Promise.resolve();
  beforeAll(async () => {
    api = await startManagedApi({
      agents: 10,
      pause: async (ms) => {
        pauses.push(ms);
        paused.resolve();
        await released;
      },
    });
    token = await login(api.url);
  });
  afterEach(() => {
    api.resetFaults();
    pauses.length = 0;
    paused = deferred();
    released = Promise.resolve();
  });
  afterAll(() => api.stop());

  const get = (path = '/agents?limit=3') => request(api.url, token, 'GET', path);

  it('adds latency before it answers', async () => {
    api.faults.latencyMs = 200;
    const hold = deferred();
    released = hold.promise;
    const answered = api.stats.byStatus['200'] ?? 0;
    const answer = get();
    await paused.promise;
    expect(pauses).toEqual([200]);
    expect(api.stats.byStatus['200'] ?? 0).toBe(answered);
    hold.resolve();
    expect((await answer).status).toBe(200);
    expect(api.stats.byStatus['200']).toBe(answered + 1);
  });

  it.each([
    ['internal', 1000, 'Wazuh Internal Error'],
    ['timeout', 3021, 'Timeout executing API request'],
    ['daemons', 1017, 'Some Wazuh daemons are not ready yet in node "node01"'],
  ] as const)('fails requests at the failure rate with kind %s', async (kind, code, detail) => {
    api.faults.failureRate = 1;
    api.faults.failureKind = kind;
    const response = await get();
    expect(response.status).toBe(500);
    expect(response.json.error).toBe(code);
    expect(response.json.detail).toContain(detail);
    api.faults.failureRate = 0;
    expect((await get()).status).toBe(200);
  });

  it('resets connections at the failure rate with kind reset', async () => {
    api.faults.failureRate = 1;
    api.faults.failureKind = 'reset';
    await expect(get()).rejects.toThrow();
  });

  it('fails about the configured share of requests', async () => {
    api.faults.failureRate = 0.5;
    let failed = 0;
    // One at a time: the draws come from a seeded sequence, so the count is the same on every run.
    for (let i = 0; i < 200; i++) if ((await get('/')).status === 500) failed++;
    expect(failed).toBeGreaterThan(50);
    expect(failed).toBeLessThan(150);
  });

  it('refuses connections, then serves again when switched off', async () => {
    api.faults.refuseConnections = true;
    await expect(get()).rejects.toThrow();
    api.faults.refuseConnections = false;
    expect((await get()).status).toBe(200);
  });

  it('dribbles slow bodies that still arrive whole', async () => {
    const normal = await get();
    api.faults.slowBodyMs = 40;
    const slow = await get();
    // Eight pieces, with a wait between each two.
    expect(pauses).toEqual(Array(7).fill(40));
    expect(slow.json.data.affected_items.map((agent: { id: string }) => agent.id)).toEqual(
      normal.json.data.affected_items.map((agent: { id: string }) => agent.id),
    );
  });

  it('truncates bodies short of their announced length', async () => {
    api.faults.truncateBody = true;
    await expect(get()).rejects.toThrow();
  });

  it('sends malformed JSON with status 200', async () => {
    api.faults.malformedJson = true;
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.json).toBeUndefined();
    expect(() => JSON.parse(response.text)).toThrow();
  });

  it('answers 1017 to every request, logins included, while daemons are not ready', async () => {
    api.faults.daemonsNotReady = true;
    const agents = await get();
    expect(agents.status).toBe(500);
    expect(agents.json).toMatchObject({ title: 'Wazuh Internal Error', error: 1017 });
    expect(agents.json.dapi_errors.node01.logfile).toBe('WAZUH_HOME/logs/api.log');
    const loginAttempt = await call(`${api.url}/security/user/authenticate`, {
      method: 'POST',
      headers: { authorization: basicAuth(ADMIN_USER) },
    });
    expect(loginAttempt.json.error).toBe(1017);
  });

  it('changes the token lifetime for new tokens', async () => {
    api.faults.tokenLifetimeSeconds = 30;
    const fresh = await login(api.url);
    const [, payload] = fresh.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      exp: number;
      nbf: number;
    };
    expect(claims.exp - claims.nbf).toBe(30);
    api.resetFaults();
    token = await login(api.url);
  });
});

describe('simulator control path', () => {
  let api: ManagedApi;
  beforeAll(async () => {
    api = await startManagedApi({ agents: 3, controlPath: true });
  });
  afterAll(() => api.stop());

  const control = (method: string, path: string, body?: unknown) =>
    call(`${api.url}/__simulator/${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('reads, changes and resets the knobs over HTTP', async () => {
    expect((await control('GET', 'faults')).json).toMatchObject({
      latencyMs: 0,
      failureRate: 0,
      tokenLifetimeSeconds: 900,
    });
    const changed = await control('PUT', 'faults', {
      latencyMs: 5,
      malformedJson: true,
      tokenLifetimeSeconds: 60,
    });
    expect(changed.json).toMatchObject({
      latencyMs: 5,
      malformedJson: true,
      tokenLifetimeSeconds: 60,
    });
    expect(api.faults.malformedJson).toBe(true);
    expect((await control('GET', 'faults')).status).toBe(200);
    expect((await control('DELETE', 'faults')).json).toMatchObject({
      latencyMs: 0,
      malformedJson: false,
      tokenLifetimeSeconds: 900,
    });
  });

  it('rejects unknown knobs and bad values', async () => {
    expect((await control('PUT', 'faults', { speed: 1 })).json).toEqual({
      error: 'unknown fault knob speed',
    });
    expect((await control('PUT', 'faults', { failureRate: 2 })).status).toBe(400);
    expect((await control('PUT', 'faults', { failureKind: 'meteor' })).status).toBe(400);
  });

  it('is not affected by faults or authentication and reports counters', async () => {
    api.faults.refuseConnections = true;
    try {
      expect((await control('GET', 'stats')).json).toMatchObject({
        requests: expect.any(Number),
        byRoute: expect.any(Object),
      });
    } finally {
      api.faults.refuseConnections = false;
    }
    const token = await login(api.url);
    const before = api.stats.byRoute['GET /agents'] ?? 0;
    await request(api.url, token, 'GET', '/agents');
    expect(api.stats.byRoute['GET /agents']).toBe(before + 1);
    expect(api.stats.logins).toBeGreaterThan(0);
  });
});

describe('simulator without the control path (its default, as demo mode and the CLI run it)', () => {
  let api: ManagedApi;
  beforeAll(async () => {
    api = await startManagedApi({ agents: 1 });
  });
  afterAll(() => api.stop());

  it.each([
    ['GET', 'faults'],
    ['PUT', 'faults'],
    ['DELETE', 'faults'],
    ['GET', 'stats'],
    ['PUT', 'version-check'],
    ['POST', 'enroll'],
    ['POST', 'connect'],
  ])('answers %s /__simulator/%s like any path the API does not have', async (method, path) => {
    const answer = await call(`${api.url}/__simulator/${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body:
        method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify({ latencyMs: 60_000 }),
    });
    expect(answer.status).toBe(404);
    expect(api.faults.latencyMs).toBe(0);
  });
});

describe('simulator version check', () => {
  let api: ManagedApi;
  let token: string;
  beforeAll(async () => {
    api = await startManagedApi({ agents: 1, controlPath: true });
    token = await login(api.url);
  });
  afterAll(() => api.stop());

  const check = () => request(api.url, token, 'GET', '/manager/version/check');

  it('starts up to date', async () => {
    expect((await check()).json.data).toMatchObject({
      current_version: 'v4.14.7',
      update_check: true,
      last_available_major: {},
      last_available_minor: {},
      last_available_patch: {},
    });
  });

  it.each(['major', 'minor', 'patch'] as const)(
    'offers a %s release with its details',
    async (mode) => {
      api.setVersionCheck(mode);
      const data = (await check()).json.data;
      expect(data[`last_available_${mode}`]).toEqual({
        tag: expect.stringMatching(/^v\d+\.\d+\.\d+$/),
        title: expect.stringMatching(/^Wazuh \d+\.\d+\.\d+$/),
        description: expect.any(String),
        published_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
        semver: { major: expect.any(Number), minor: expect.any(Number), patch: expect.any(Number) },
        html_url: expect.stringContaining('/releases/tag/v'),
      });
      for (const other of ['major', 'minor', 'patch'].filter((kind) => kind !== mode))
        expect(data[`last_available_${other}`]).toEqual({});
    },
  );

  it('reports a disabled update check', async () => {
    api.setVersionCheck('disabled');
    expect((await check()).json.data).toMatchObject({
      update_check: false,
      last_check_date: '',
      last_available_patch: {},
    });
  });

  it('fails with 500 code 2100 when the update service is unreachable, and is switchable over HTTP', async () => {
    const switched = await call(`${api.url}/__simulator/version-check`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'error' }),
    });
    expect(switched.json).toEqual({ mode: 'error' });
    const response = await check();
    expect(response.status).toBe(500);
    expect(response.json).toMatchObject({ title: 'Wazuh Internal Error', error: 2100 });
    expect(response.json.detail).toMatch(/^Error in CTI service request: /);
    expect(response.json).not.toHaveProperty('remediation');
    expect(() => api.setVersionCheck('sideways' as never)).toThrow(RangeError);
  });
});
