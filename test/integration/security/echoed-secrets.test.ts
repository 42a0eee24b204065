/**
 * A host that echoes credentials back (the stored user name and password, plain, URL-encoded and in
 * base64, the Basic header, the token it was sent) has none of them in anything the dashboard builds
 * from its answer: the dashboard's messages and attributes, relayed error bodies and log lines, on every
 * path that reads a host's answer (login, token renewal, check-api, check-stored-api, CSV, queued
 * requests, update checks). Real server, real HTTP.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { sendJson, startTestUpstream, type TestUpstream } from '../../support/test-upstream';
import { eventually } from '../../support/waiting';
import { startTestDashboard, type TestClient, type TestDashboard } from '../harness';

jest.setTimeout(60_000);

const USERNAME = 'wazuh-wui';
const PASSWORD = 'Echo Pw/7c+e=not?for&output';
const WRONG_PASSWORD = 'Wrong Pw/41d+not?for&output';

/** Every form of a user name and password a careless host might quote. */
function forms(password: string): string[] {
  const pair = `${USERNAME}:${password}`;
  return [
    pair,
    password,
    Buffer.from(pair).toString('base64'),
    Buffer.from(pair).toString('base64url'),
    encodeURIComponent(pair),
    encodeURIComponent(password),
    encodeURIComponent(password).replace(/%20/g, '+'),
  ];
}

/** The text such a host answers with: all forms of the stored credentials and what it was sent. */
function echo(headers: IncomingHttpHeaders): string {
  return `Invalid credentials for ${forms(PASSWORD).join(' | ')} (${headers.authorization ?? ''})`;
}

function echoingProblem(status: number) {
  return (request: { headers: IncomingHttpHeaders }, response: ServerResponse) =>
    sendJson(
      response,
      status,
      { title: 'Unauthorized', detail: echo(request.headers) },
      'application/problem+json',
    );
}

describe('credentials a host echoes stay out of the dashboard', () => {
  let upstream: TestUpstream;
  let dashboard: TestDashboard;
  let admin: TestClient;
  const tokens: string[] = [];

  beforeAll(async () => {
    upstream = await startTestUpstream({
      username: USERNAME,
      password: PASSWORD,
      echoCredentials: true,
    });
    const host = (id: string, password: string) => ({
      id,
      url: upstream.url,
      port: upstream.port,
      username: USERNAME,
      password,
      run_as: false,
    });
    dashboard = await startTestDashboard({
      config: { svc: { hosts: [host('echo', PASSWORD), host('wrong', WRONG_PASSWORD)] } },
    });
    admin = await dashboard.login();
    // Every token the host hands out, so a test can check none is quoted back.
    upstream.route('GET', '/ok', (request, response) => {
      tokens.push((request.headers.authorization ?? '').replace(/^Bearer /, ''));
      sendJson(response, 200, { data: { affected_items: [], total_affected_items: 0 }, error: 0 });
    });
  });
  afterAll(async () => {
    await dashboard?.stop();
    await upstream?.stop();
  });

  /** Nothing of the credentials or tokens in this text, and the redaction mark where they were. */
  function expectScrubbed(text: string, password = PASSWORD): void {
    for (const secret of [...forms(password), ...tokens]) expect(text).not.toContain(secret);
    expect(text).toContain('[REDACTED]');
  }

  function expectLogsClean(): void {
    const logs = dashboard.logs().join('\n');
    for (const secret of [...forms(PASSWORD), ...forms(WRONG_PASSWORD), ...tokens])
      expect(logs).not.toContain(secret);
  }

  it('login: a refused login quoting the credentials it got', async () => {
    const response = await admin.post('/api/login', { body: { idHost: 'wrong', force: true } });
    expect(response.status).toBe(502);
    expect(response.json<{ attributes: { code: string } }>().attributes.code).toBe('login_failed');
    expectScrubbed(response.text, WRONG_PASSWORD);
    expectLogsClean();
  });

  it('token renewal: a 401 to a renewed token quoting the stored credentials', async () => {
    expect(
      (await admin.post('/api/request', { body: { id: 'echo', method: 'GET', path: '/ok' } }))
        .status,
    ).toBe(200);
    upstream.route('GET', '/renew', (request, response) => {
      tokens.push((request.headers.authorization ?? '').replace(/^Bearer /, ''));
      echoingProblem(401)(request, response);
    });
    const response = await admin.post('/api/request', {
      body: { id: 'echo', method: 'GET', path: '/renew' },
    });
    expect(response.status).toBe(502);
    expect(response.text).toContain('rejected a token it had just issued');
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    expectScrubbed(response.text);
    expectLogsClean();
  });

  it('relayed error answers: the host’s own body quoting the stored credentials', async () => {
    upstream.route('GET', '/forbidden', echoingProblem(403));
    const response = await admin.post('/api/request', {
      body: { id: 'echo', method: 'GET', path: '/forbidden' },
    });
    expect(response.status).toBe(403);
    expectScrubbed(response.text);
  });

  it.each([
    [
      'check-api',
      '/api/check-api',
      () => ({
        url: upstream.url,
        port: upstream.port,
        username: USERNAME,
        password: PASSWORD,
        run_as: false,
      }),
    ],
    ['check-stored-api', '/api/check-stored-api', () => ({ id: 'echo' })],
  ])('%s: the host’s GET / quoting the stored credentials', async (_label, route, body) => {
    upstream.route('GET', '/', echoingProblem(500));
    const response = await admin.post(route, { body: body() });
    expect(response.status).toBe(502);
    expectScrubbed(response.text);
    expectLogsClean();
  });

  it('CSV: a refused export quoting the stored credentials', async () => {
    upstream.route('GET', '/agents', echoingProblem(500));
    const response = await admin.post('/api/csv', { body: { id: 'echo', path: '/agents' } });
    expect(response.status).toBe(502);
    expectScrubbed(response.text);
    expectLogsClean();
  });

  it('CSV: a page that is not JSON quoting the credentials is not quoted back', async () => {
    upstream.route('GET', '/rules', (request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(`${echo(request.headers)} `.repeat(5000));
    });
    const response = await admin.post('/api/csv', { body: { id: 'echo', path: '/rules' } });
    expect(response.status).toBe(502);
    for (const secret of [...forms(PASSWORD), ...tokens])
      expect(response.text).not.toContain(secret);
    expect(response.text).not.toContain('Invalid cr');
  });

  it('queued requests: the failure of a request sent later, in the log', async () => {
    upstream.route('PUT', '/queued', echoingProblem(401));
    const queued = await admin.post('/api/request', {
      body: { id: 'echo', method: 'PUT', path: '/queued', body: { delay: 100 } },
    });
    expect(queued.status).toBe(200);
    await eventually(() => dashboard.logs().some((line) => line.includes('Queued request')));
    expectLogsClean();
  });

  it.each([
    ['an error answer', 500, { title: 'Error', detail: '' }],
    ['a 200 answer with an error code', 200, { error: 1, title: 'Error', detail: '' }],
    ['a 200 answer whose version is the echo', 200, { error: 0, data: { current_version: '' } }],
  ])('update checks: %s quoting the stored credentials', async (_label, status, body) => {
    upstream.route('GET', '/manager/version/check', (request, response) => {
      const text = echo(request.headers);
      const data = 'data' in body ? { data: { current_version: text } } : { detail: text };
      sendJson(response, status, { ...body, ...data });
    });
    const response = await admin.get('/api/v1/svc-check-updates/updates', {
      query: { api_id: 'echo', force: true },
    });
    expect(response.status).toBe(502);
    for (const secret of [...forms(PASSWORD), ...tokens])
      expect(response.text).not.toContain(secret);
    expectLogsClean();
  });

  it('keeps successful answers as sent: a password that is a common word stays in the data', async () => {
    upstream.route('GET', '/agents/common', (_request, response) =>
      sendJson(response, 200, {
        data: { affected_items: [{ name: `${PASSWORD}.manager` }], total_affected_items: 1 },
        error: 0,
      }),
    );
    const response = await admin.post('/api/request', {
      body: { id: 'echo', method: 'GET', path: '/agents/common' },
    });
    expect(response.status).toBe(200);
    expect(response.text).toContain(`${JSON.stringify(PASSWORD).slice(1, -1)}.manager`);
    const csv = await admin.post('/api/csv', { body: { id: 'echo', path: '/agents/common' } });
    expect(csv.text).toContain(`${PASSWORD}.manager`);
  });
});
