/**
 * Bad input over every route of the host and both plugins: a seeded run of `SVC_FUZZ_REQUESTS`
 * requests (3,000 by default; `SVC_FUZZ_SEED` picks another sequence). Asserts that no answer is a 5xx
 * caused by the input (a 502/504 is accepted only as a typed upstream error from a route that talks to
 * the managed API, or as the API's own answer passed through), that the server keeps answering
 * `/api/status`, and that no rejected request changed a stored object.
 */
import { request as httpRequest } from 'node:http';
import { HOST_ID, startMainTestEnv, USER, type MainTestEnv } from '../main/support';
import {
  createRandom,
  MANAGED_PATH_TRICKS,
  PATH_TRICKS,
  randomBody,
  randomQuery,
  type FuzzRequest,
  type Random,
} from './bad-input';

jest.setTimeout(900_000);

const REQUESTS = Number(process.env.SVC_FUZZ_REQUESTS ?? 3_000);
const SEED = Number(process.env.SVC_FUZZ_SEED ?? 0x5eed);

interface RouteSpec {
  method: string;
  /** Template with `{param}`; the generator fills params with path tricks or `params` values. */
  path: string;
  params?: readonly string[];
  query?: readonly string[];
  body?: Record<string, unknown>;
  /** Talks to the managed API: a typed 502/504 may come from it. */
  upstream?: boolean;
  /** Sent without the session cookie only (it would end the fuzzing session). */
  anonymousOnly?: boolean;
}

/** Every route of the dashboard. Params never name an object the run depends on (the admin, the `sim` host). */
const ROUTES: RouteSpec[] = [
  {
    method: 'POST',
    path: '/auth/login',
    body: { username: 'fuzz-nobody', password: 'fuzz-password' },
  },
  { method: 'POST', path: '/auth/logout', anonymousOnly: true },
  { method: 'GET', path: '/api/v1/auth/authinfo' },
  { method: 'GET', path: '/api/status' },
  { method: 'GET', path: '/api/v1/security/users' },
  {
    method: 'POST',
    path: '/api/v1/security/users',
    body: { username: 'fuzz-user', password: 'fuzz-password-1', roles: ['user'] },
  },
  {
    method: 'PUT',
    path: '/api/v1/security/users/{username}',
    params: ['nobody', USER.username],
    body: { password: 'fuzz-password-2', roles: ['user'] },
  },
  { method: 'DELETE', path: '/api/v1/security/users/{username}', params: ['nobody'] },
  { method: 'GET', path: '/api/opensearch-dashboards/settings' },
  {
    method: 'POST',
    path: '/api/opensearch-dashboards/settings',
    body: { changes: { 'theme:darkMode': true } },
  },
  {
    method: 'POST',
    path: '/api/opensearch-dashboards/settings/{key}',
    params: ['theme:darkMode', 'nobody'],
    body: { value: false },
  },
  { method: 'DELETE', path: '/api/opensearch-dashboards/settings/{key}', params: ['nobody'] },
  { method: 'GET', path: '/hosts/apis' },
  {
    method: 'POST',
    path: '/hosts/apis',
    body: {
      id: 'fuzz-host',
      url: 'https://127.0.0.1',
      port: 55000,
      username: 'wazuh-wui',
      password: 'fuzz-password',
    },
  },
  {
    method: 'PUT',
    path: '/hosts/apis/{id}',
    params: ['fuzz-host', 'nobody'],
    body: { port: 55001, run_as: false },
  },
  { method: 'DELETE', path: '/hosts/apis/{id}', params: ['nobody'] },
  {
    method: 'POST',
    path: '/api/request',
    upstream: true,
    body: { id: HOST_ID, method: 'GET', path: '/agents?limit=1' },
  },
  {
    method: 'POST',
    path: '/api/csv',
    upstream: true,
    body: { id: HOST_ID, path: '/agents', filters: [{ name: 'status', value: 'active' }] },
  },
  { method: 'POST', path: '/api/check-api', upstream: true, body: { id: HOST_ID, run_as: true } },
  { method: 'POST', path: '/api/check-stored-api', upstream: true, body: { id: HOST_ID } },
  { method: 'POST', path: '/api/login', upstream: true, body: { idHost: HOST_ID, force: false } },
  { method: 'GET', path: '/api/routes' },
  {
    method: 'GET',
    path: '/api/server/configuration',
    upstream: true,
    query: ['apiHostId', 'node'],
  },
  {
    method: 'PUT',
    path: '/api/server/configuration',
    upstream: true,
    body: { apiHostId: HOST_ID, text: '<ossec_config/>', baseHash: '0'.repeat(64) },
  },
  {
    method: 'GET',
    path: '/api/server/configuration/validation',
    upstream: true,
    query: ['apiHostId', 'node', 'cluster'],
  },
  { method: 'GET', path: '/api/server/readiness', upstream: true, query: ['apiHostId', 'nodes'] },
  { method: 'GET', path: '/api/server/enrollment', upstream: true, query: ['apiHostId'] },
  { method: 'GET', path: '/api/health-check', upstream: true, query: ['refresh'] },
  { method: 'GET', path: '/indexer/known-fields/{pattern}', params: ['svc-alerts-*', 'nobody-*'] },
  { method: 'GET', path: '/indexer/visualizations', query: ['page', 'per_page', 'search'] },
  {
    method: 'POST',
    path: '/indexer/index-patterns',
    body: { title: 'fuzz-*', timeFieldName: 'timestamp' },
  },
  {
    method: 'POST',
    path: '/utils/logs/ui',
    body: { level: 'info', message: 'fuzz', location: 'fuzz' },
  },
  {
    method: 'GET',
    path: '/api/v1/svc-check-updates/updates',
    upstream: true,
    query: ['api_id', 'force'],
  },
  { method: 'GET', path: '/api/v1/svc-check-updates/preferences' },
  {
    method: 'PUT',
    path: '/api/v1/svc-check-updates/preferences',
    body: { dismissed_updates: { '4.14.1': { update_type: 'patch' } } },
  },
  {
    method: 'POST',
    path: '/api/v1/svc-check-updates/dismiss',
    body: { version: '4.14.2', update_type: 'patch' },
  },
];

/** Codes of typed errors that mean "the managed API failed", in both plugins' vocabularies. */
const UPSTREAM_CODES = new Set([
  'host_unreachable',
  'timeout',
  'tls_error',
  'malformed_response',
  'login_failed',
  'upstream_error',
  'upstream_timeout',
  'upstream_invalid_response',
]);

function generate(random: Random): FuzzRequest & { spec: RouteSpec } {
  const spec = random.chance(0.03)
    ? {
        method: random.pick(['PATCH', 'OPTIONS', 'GET', 'DELETE']),
        path: `/${random.pick(PATH_TRICKS)}/api/x`,
      }
    : random.pick(ROUTES);
  const path = spec.path.replace(/\{\w+\}/g, () =>
    spec.params && random.chance(0.3)
      ? encodeURIComponent(random.pick(spec.params))
      : random.pick(PATH_TRICKS),
  );
  const query = spec.query
    ? randomQuery(random, spec.query)
    : random.chance(0.1)
      ? randomQuery(random, ['x'])
      : '';
  // Wrong method on a known path now and then.
  const method = random.chance(0.05)
    ? random.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'])
    : spec.method;
  let body: { body: string; contentType: string } | undefined;
  if (spec.body) {
    const template =
      spec.path === '/api/request' || spec.path === '/api/csv'
        ? { ...spec.body, path: random.pick(MANAGED_PATH_TRICKS) }
        : spec.body;
    body = randomBody(random, random.chance(0.5) ? spec.body : template);
  } else if (random.chance(0.15)) body = randomBody(random, { unexpected: true });
  return {
    method,
    path: `${path}${query}`,
    route: `${spec.method} ${spec.path}`,
    body: body?.body,
    contentType: body?.contentType,
    spec,
  };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** node:http rather than fetch: fetch normalises `..` and `//` away, and the point is to send them as they are. */
function send(
  baseUrl: string,
  request: FuzzRequest,
  headers: Record<string, string>,
): Promise<Answer | 'unsendable'> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    let outgoing;
    try {
      outgoing = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: request.method,
          path: request.path,
          // A connection of its own: a reused keep-alive socket the server closed after an earlier answer would blame the wrong request.
          agent: false,
          // An explicit length: Node sends a GET or DELETE body unframed otherwise, which reads as a second, garbled request.
          headers: {
            ...headers,
            ...(request.body !== undefined
              ? {
                  'content-type': request.contentType ?? 'application/json',
                  'content-length': String(Buffer.byteLength(request.body)),
                }
              : {}),
          },
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () =>
            resolve({
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              text: Buffer.concat(chunks).toString(),
            }),
          );
          incoming.on('error', () =>
            resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text: '' }),
          );
        },
      );
    } catch {
      // Node refuses to send some paths (control characters): nothing reached the server.
      return resolve('unsendable');
    }
    outgoing.on('error', (error) => resolve({ status: -1, headers: {}, text: String(error) }));
    outgoing.end(request.body);
  });
}

/** What the dashboard stores, as the admin sees it (host check results are live state, not stored). */
async function snapshot(env: MainTestEnv): Promise<string> {
  const read = async (path: string) => {
    const response = await env.admin.get(path);
    if (response.status !== 200)
      throw new Error(`${path} answered ${response.status}: ${response.text}`);
    return response.json<unknown>();
  };
  const [hosts, preferences, users, settings] = await Promise.all(
    [
      '/hosts/apis',
      '/api/v1/svc-check-updates/preferences',
      '/api/v1/security/users',
      '/api/opensearch-dashboards/settings',
    ].map(read),
  );
  return JSON.stringify({
    hosts: (hosts as Array<Record<string, unknown>>).map(({ status: _status, ...host }) => host),
    preferences,
    users,
    settings,
  });
}

function isUpstreamCaused(spec: RouteSpec, answer: Answer, simulatorAsked: boolean): boolean {
  if (!spec.upstream || (!simulatorAsked && answer.status !== 502 && answer.status !== 504))
    return false;
  // The console passes the managed API's own answers through, its 5xx included.
  if (answer.headers['x-svc-api-host'] && simulatorAsked) return true;
  try {
    const code = (JSON.parse(answer.text) as { attributes?: { code?: string } }).attributes?.code;
    return (
      (answer.status === 502 || answer.status === 504) &&
      code !== undefined &&
      UPSTREAM_CODES.has(code)
    );
  } catch {
    return false;
  }
}

describe(`fuzzing every route with bad input (seed ${SEED})`, () => {
  let env: MainTestEnv;

  beforeAll(async () => {
    env = await startMainTestEnv({ svc: { api: { timeoutMs: 2_000 } } });
  });
  afterAll(async () => {
    await env?.stop();
  });

  it(`survives ${REQUESTS} bad requests with no input-caused 5xx and no change from a rejected one`, async () => {
    const random = createRandom(SEED);
    const adminCookie = await cookieOf(env, 'admin', env.dashboard.adminPassword);
    const userCookie = await cookieOf(env, USER.username, USER.password);
    const histogram = new Map<string, number>();
    const inputCaused5xx: string[] = [];
    const changedByRejected: string[] = [];
    let upstreamCaused = 0;
    let accepted = 0;

    let before = await snapshot(env);
    for (let index = 0; index < REQUESTS; index++) {
      const request = generate(random);
      const roll = random.next();
      const headers: Record<string, string> = {};
      if (roll > 0.05) headers['osd-xsrf'] = 'fuzz';
      if (!request.spec.anonymousOnly && roll < 0.85) headers.cookie = adminCookie;
      else if (!request.spec.anonymousOnly && roll < 0.93) headers.cookie = userCookie;
      const asked = env.simulator.stats.requests;
      const answer = await send(env.dashboard.url, request, headers);
      const key = answer === 'unsendable' ? 'unsendable' : String(answer.status);
      histogram.set(key, (histogram.get(key) ?? 0) + 1);
      if (answer === 'unsendable') continue;
      const described = `${request.method} ${request.path.slice(0, 120)} ${request.body?.slice(0, 120) ?? ''}`;
      if (answer.status >= 500 || answer.status < 0) {
        if (isUpstreamCaused(request.spec, answer, env.simulator.stats.requests > asked))
          upstreamCaused++;
        else inputCaused5xx.push(`${answer.status} ← ${described} → ${answer.text.slice(0, 300)}`);
      }
      const acceptedWrite = answer.status >= 200 && answer.status < 300 && request.method !== 'GET';
      if (acceptedWrite) accepted++;
      // Each request is checked on its own, so a change is pinned on the request that made it.
      if (acceptedWrite || request.method !== 'GET' || answer.status >= 300) {
        const after = await snapshot(env);
        if (!acceptedWrite && after !== before)
          changedByRejected.push(`${answer.status} ← ${described}`);
        before = after;
      }
    }

    const status = await env.dashboard.anonymous().get('/api/status');
    console.log(
      [
        `fuzz seed ${SEED}: ${REQUESTS} requests tried; accepted writes ${accepted}; upstream-caused 5xx ${upstreamCaused}; input-caused 5xx ${inputCaused5xx.length}`,
        `status histogram: ${[...histogram]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([code, count]) => `${code}:${count}`)
          .join(' ')}`,
      ].join('\n'),
    );
    expect(inputCaused5xx).toEqual([]);
    expect(changedByRejected).toEqual([]);
    expect(status.status).toBe(200);
  });
});

async function cookieOf(env: MainTestEnv, username: string, password: string): Promise<string> {
  const response = await env.dashboard
    .anonymous()
    .post('/auth/login', { body: { username, password } });
  if (response.status !== 200)
    throw new Error(`login as ${username} failed with ${response.status}`);
  return response.setCookies.map((cookie) => cookie.split(';')[0]).join('; ');
}
