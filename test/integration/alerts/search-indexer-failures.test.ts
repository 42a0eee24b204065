/**
 * The indexer down, slow, refusing the dashboard's credentials, overloaded (429, 503
 * `es_rejected_execution_exception`), failing, or answering something that is not JSON: each alerts
 * route answers a typed 502 or 504 with the indexer's reason, never a 500, never the credentials.
 */
import type { IndexerFaults } from '../../../simulator/indexer';
import { eventually } from '../../support/waiting';
import {
  indexerSecretLeaks,
  INDEXER_USER,
  lastDay,
  startAlertsTestEnv,
  type AlertsTestEnv,
} from './search-support';

jest.setTimeout(180_000);

const adminBasic = (env: AlertsTestEnv) =>
  `Basic ${Buffer.from(`admin:${env.dashboard.adminPassword}`).toString('base64')}`;

const ROUTES: Array<[string, Record<string, unknown>]> = [
  ['search', { ...lastDay, size: 15 }],
  ['aggregate', { ...lastDay, charts: [{ id: 'n', type: 'count' }] }],
  ['csv', { ...lastDay, columns: ['timestamp'] }],
];

/** [fault, HTTP status, code, Retry-After expected] */
const FAULTS: Array<[string, IndexerFaults, number, string, boolean]> = [
  ['down', { down: true }, 502, 'indexer_unreachable', false],
  ['slower than svc.indexer.requestTimeoutMs', { latencyMs: 3_000 }, 504, 'indexer_timeout', false],
  ['401', { status: 401 }, 502, 'indexer_unauthorized', false],
  ['429', { status: 429 }, 502, 'indexer_rejected', true],
  ['503 es_rejected_execution_exception', { status: 503 }, 502, 'indexer_rejected', true],
  ['500', { status: 500 }, 502, 'indexer_unavailable', false],
  ['not JSON', { malformed: true }, 502, 'indexer_bad_answer', false],
];

describe('alerts routes when the indexer fails', () => {
  let env: AlertsTestEnv;
  beforeAll(async () => {
    env = await startAlertsTestEnv({ ownAlerts: 50, indexer: { requestTimeoutMs: 500 } });
  });
  afterAll(() => env?.stop());
  afterEach(() => {
    for (const key of Object.keys(env.indexer.faults) as Array<keyof IndexerFaults>)
      delete env.indexer.faults[key];
  });

  describe.each(FAULTS)('indexer %s', (_name, faults, status, code, retryAfter) => {
    it.each(ROUTES)('POST /api/alerts/%s → typed error', async (route, body) => {
      Object.assign(env.indexer.faults, faults);
      const response = await env.admin.post(`/api/alerts/${route}`, { body });
      expect(response.status).toBe(status);
      const answer = response.json<{
        statusCode: number;
        message: string;
        attributes: { code: string };
      }>();
      expect(answer.statusCode).toBe(status);
      expect(answer.attributes.code).toBe(code);
      expect(answer.message).not.toContain(INDEXER_USER.password);
      expect(response.headers['retry-after'] !== undefined).toBe(retryAfter);
    });
  });

  it('keeps serving when a client leaves while its search waits on the indexer', async () => {
    env.indexer.faults.latencyMs = 300;
    const asked = env.indexer.stats.requests;
    const leaving = new AbortController();
    const gone = fetch(`${env.dashboard.url}/api/alerts/search`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'osd-xsrf': 'test',
        authorization: adminBasic(env),
      },
      body: JSON.stringify({ ...lastDay, size: 1 }),
      signal: leaving.signal,
    }).catch((error: unknown) => error);
    await eventually(() => env.indexer.stats.requests > asked);
    leaving.abort();
    expect(await gone).toMatchObject({ name: 'AbortError' });
    delete env.indexer.faults.latencyMs;
    const next = await env.admin.post('/api/alerts/search', { body: { ...lastDay, size: 1 } });
    expect(next.status).toBe(200);
  });

  it('works again once the indexer is back, and never showed its password', async () => {
    const response = await env.admin.post('/api/alerts/search', { body: { ...lastDay, size: 1 } });
    expect(response.status).toBe(200);
    expect(indexerSecretLeaks(env)).toEqual([]);
  });
});
