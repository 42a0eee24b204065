import { createServer } from 'node:net';
import { eventually } from '../../support/waiting';
import { HOST_ID, leakedSecrets, startMainTestEnv, type MainTestEnv } from './support';

// Starting a dashboard and a simulator takes a while on a loaded machine.
jest.setTimeout(60_000);

interface Envelope {
  data: { affected_items: Array<{ id: string; name?: string }>; total_affected_items: number };
  error: number;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Routes the dashboard calls on its own in the background (host checks, logins, update checks): a
 * check that lands during a test is not something the test sent.
 */
const BACKGROUND_ROUTES = new Set([
  'GET /',
  'GET /security/users/me',
  'POST /security/user/authenticate',
  'POST /security/user/authenticate/run_as',
  'GET /manager/version/check',
]);

describe('POST /api/request', () => {
  let env: MainTestEnv;

  beforeAll(async () => {
    env = await startMainTestEnv({ svc: { api: { timeoutMs: 1500 } } });
  });
  afterEach(() => env.simulator.resetFaults());
  afterAll(async () => {
    expect(leakedSecrets(env)).toEqual([]);
    await env.stop();
  });

  /** Requests the simulator received, the dashboard's background calls left out. */
  const sentByTests = () =>
    Object.entries(env.simulator.stats.byRoute)
      .filter(([route]) => !BACKGROUND_ROUTES.has(route))
      .reduce((total, [, count]) => total + count, 0);

  const request = (body: Record<string, unknown>, client = env.admin) =>
    client.post('/api/request', { body: { id: HOST_ID, ...body } });

  it('returns the managed API envelope and status as they are', async () => {
    const response = await request({ method: 'GET', path: '/agents?limit=10&sort=%2Bid' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const envelope = response.json<Envelope>();
    expect(envelope.error).toBe(0);
    expect(envelope.data.affected_items).toHaveLength(10);
    expect(envelope.data.affected_items[0].id).toBe('000');
    expect(envelope.data.total_affected_items).toBe(51);
  });

  it('turns body.params into query parameters', async () => {
    const response = await request({
      method: 'GET',
      path: '/agents',
      body: { params: { limit: 3, offset: 2, select: ['id', 'name'] } },
    });
    const envelope = response.json<Envelope>();
    expect(envelope.data.affected_items.map((agent) => agent.id)).toEqual(['002', '003', '004']);
    expect(Object.keys(envelope.data.affected_items[0]).sort()).toEqual(['id', 'name']);
  });

  it('sends JSON bodies and passes managed-API validation errors through', async () => {
    const added = await request({
      method: 'POST',
      path: '/agents',
      body: { name: 'integration-agent', ip: '10.9.8.7' },
    });
    expect(added.status).toBe(200);
    expect(added.json<{ data: { id: string } }>().data.id).toMatch(/^\d{3,}$/);
    const invalid = await request({ method: 'GET', path: '/agents?limit=100001' });
    expect(invalid.status).toBe(400);
    expect(invalid.headers['content-type']).toContain('application/problem+json');
    expect(invalid.json<{ title: string; detail: string }>()).toMatchObject({
      title: 'Bad Request',
      detail: expect.stringContaining('100001 is greater than the maximum of 100000'),
    });
  });

  it('passes a 4000 permission error through for a read-only dashboard user (run_as)', async () => {
    const response = await request({ method: 'PUT', path: '/agents/001/restart' }, env.user);
    expect(response.status).toBe(403);
    expect(response.json()).toMatchObject({
      title: 'Permission Denied',
      detail: 'Permission denied: Resource type: agent:id',
      error: 4000,
    });
    const allowed = await request({ method: 'GET', path: '/agents?limit=1' }, env.user);
    expect(allowed.status).toBe(200);
  });

  it('logs in again once when the managed API refuses a cached token', async () => {
    await request({ method: 'GET', path: '/agents?limit=1' });
    const logins = env.simulator.stats.logins;
    // A changed token lifetime makes every issued token fail with 401 "Token expired".
    env.simulator.faults.tokenLifetimeSeconds = 901;
    const response = await request({ method: 'GET', path: '/agents?limit=1' });
    expect(response.status).toBe(200);
    expect(env.simulator.stats.logins).toBe(logins + 1);
  });

  it('answers 502 when the host refuses connections or cannot be reached', async () => {
    env.simulator.faults.refuseConnections = true;
    const refused = await request({ method: 'GET', path: '/agents?limit=1' });
    expect(refused.status).toBe(502);
    expect(refused.json()).toMatchObject({
      statusCode: 502,
      error: 'Bad Gateway',
      attributes: { code: 'host_unreachable', apiHostId: HOST_ID },
    });
    env.simulator.resetFaults();

    await env.admin.post('/hosts/apis', {
      body: env.hostConfig({ id: 'down', port: await closedPort() }),
    });
    const down = await request({ id: 'down', method: 'GET', path: '/agents' });
    expect(down.status).toBe(502);
    expect(down.json()).toMatchObject({
      attributes: {
        code: 'host_unreachable',
        apiHostId: 'down',
        upstream: { code: 'ECONNREFUSED' },
      },
    });
    expect(down.json<{ message: string }>().message).toContain(
      'is not reachable at http://127.0.0.1:',
    );
    await env.admin.delete('/hosts/apis/down');
  });

  it('answers 504 when the host is slower than the timeout', async () => {
    env.simulator.faults.latencyMs = 4000;
    const response = await request({ method: 'GET', path: '/agents?limit=1' });
    expect(response.status).toBe(504);
    expect(response.json()).toMatchObject({
      statusCode: 504,
      error: 'Gateway Timeout',
      message: `API host [${HOST_ID}] did not answer within 1500 ms.`,
      attributes: { code: 'timeout' },
    });
  });

  it('answers 502 for malformed or truncated answers', async () => {
    await request({ method: 'GET', path: '/agents?limit=1' });
    env.simulator.faults.malformedJson = true;
    const malformed = await request({ method: 'GET', path: '/agents?limit=5' });
    expect(malformed.status).toBe(502);
    expect(malformed.json()).toMatchObject({ attributes: { code: 'malformed_response' } });
    env.simulator.resetFaults();
    env.simulator.faults.truncateBody = true;
    const truncated = await request({ method: 'GET', path: '/agents?limit=5' });
    expect(truncated.status).toBe(502);
    // The simulator closes the socket right after writing half a body, so the headers may or may not
    // arrive first: either way the answer is a 502 that says what happened.
    expect(['malformed_response', 'host_unreachable']).toContain(
      truncated.json<{ attributes: { code: string } }>().attributes.code,
    );
  });

  it('answers 404 for an unknown host', async () => {
    const response = await request({ id: 'nowhere', method: 'GET', path: '/agents' });
    expect(response.status).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'API host [nowhere] is not configured.',
      attributes: { code: 'host_not_found', apiHostId: 'nowhere' },
    });
  });

  it.each([
    ['//evil.example/agents', 'the path must start with a single "/"'],
    ['http://evil.example/agents', 'the path must start with "/" (no scheme or host)'],
    ['https:evil.example', 'the path must start with "/" (no scheme or host)'],
    ['/agents/../security/users', 'dot segments ("." or "..") are not allowed'],
    ['/agents/%2e%2e/security', 'dot segments ("." or "..") are not allowed'],
    [
      '/agents%2f..%2fsecurity',
      'encoded slashes, backslashes and control characters are not allowed',
    ],
    ['/agents\r\nHost: evil.example', 'the path contains a control character'],
    ['/agents?x=1\r\nX-Evil: 1', 'the path contains a control character'],
    ['/\\evil.example', 'the path must not contain a backslash'],
    ['/agents#@evil.example', 'the path must not contain a fragment ("#")'],
    ['', 'the path is empty'],
  ])('refuses the path %j without sending anything', async (path, reason) => {
    const before = sentByTests();
    const response = await request({ method: 'GET', path });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      message: `[request body.path]: ${reason}`,
    });
    expect(sentByTests()).toBe(before);
  });

  it.each([
    [{ method: 'get' }, '[request body.method]: must be one of GET, POST, PUT, DELETE, PATCH'],
    [{ method: 'TRACE' }, '[request body.method]: must be one of GET, POST, PUT, DELETE, PATCH'],
    [
      { method: undefined },
      '[request body.method]: expected value of type [string] but got [undefined]',
    ],
    [{ path: 5 }, '[request body.path]: expected value of type [string] but got [number]'],
    [{ id: undefined }, '[request body.id]: expected value of type [string] but got [undefined]'],
    [{ extra: true }, '[request body.extra]: definition for this key is missing'],
    [
      { body: { params: { q: { nested: 1 } } } },
      '[request body.body.params.q]: must be a string, number, boolean or a list of them',
    ],
    [
      { body: { delay: -5 } },
      '[request body.body.delay]: must be a whole number of milliseconds from 0 to 3600000',
    ],
  ])('validates %j', async (override, message) => {
    const response = await env.admin.post('/api/request', {
      body: { id: HOST_ID, method: 'GET', path: '/agents', ...override },
    });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
  });

  it('queues a request with a delay and sends it later as the same user', async () => {
    const restarts = () => env.simulator.stats.byRoute['PUT /agents/{agent_id}/restart'] ?? 0;
    const before = restarts();
    const response = await request({
      method: 'PUT',
      path: '/agents/002/restart',
      body: { delay: 500 },
    });
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ error: 0, data: { queued: true } });
    expect(restarts()).toBe(before);
    await eventually(() => restarts() === before + 1);
  });

  it('needs a dashboard session', async () => {
    expect(
      (
        await env.dashboard
          .anonymous()
          .post('/api/request', { body: { id: HOST_ID, method: 'GET', path: '/agents' } })
      ).status,
    ).toBe(401);
  });
});
