/**
 * A hostile indexer in front of the stand-in: a gzip bomb, a huge or an over-long answer, a body
 * that trickles, each shape OpenSearch never sends, each way of echoing the dashboard's credentials.
 * Each is a typed answer (502 `indexer_response_too_large`, 504 `indexer_timeout`, 502
 * `indexer_bad_answer`), never a 500 nor the end of the process, and no credential reaches a user.
 */
import { credentialSecrets } from '../../../plugins/main/server/services/managed-api/secret-scrubber';
import {
  fixedAnswer,
  gzipBomb,
  gzipBombBody,
  hugeBody,
  reshaped,
  trickle,
  type HostileExchange,
  type HostileIndexer,
} from '../../support/hostile-indexer';
import { INDEXER_USER, lastDay, startAlertsTestEnv, type AlertsTestEnv } from './search-support';

jest.setTimeout(120_000);

interface ErrorBody {
  statusCode: number;
  message: string;
  attributes: { code: string; upstream?: Record<string, unknown> };
}

const SEARCH = { ...lastDay, size: 10 };
const CHARTS = {
  ...lastDay,
  charts: [
    { id: 'levels', type: 'terms', field: 'rule.level', size: 5 },
    { id: 'time', type: 'date_histogram' },
    {
      id: 'named',
      type: 'filters',
      filters: { high: { language: 'kuery', query: 'rule.level >= 12' } },
    },
  ],
};

/** Every form of the indexer's credentials a careless or hostile indexer may echo. */
const SECRET_FORMS = [
  ...credentialSecrets(INDEXER_USER.username, INDEXER_USER.password),
  `${INDEXER_USER.username}:${encodeURIComponent(INDEXER_USER.password)}`,
];

describe('a hostile indexer', () => {
  let env: AlertsTestEnv;
  let hostile: HostileIndexer;
  let bomb: Buffer;

  beforeAll(async () => {
    env = await startAlertsTestEnv({
      ownAlerts: 50,
      hostile: true,
      // A limit well under the hostile answers, and a budget that reading up to it fits in even on a
      // busy machine.
      indexer: {
        maxRequestsInFlightPerUser: 1,
        maxResponseBytes: 16 * 1024 * 1024,
        requestTimeoutMs: 3_000,
      },
    });
    hostile = env.hostile!;
    bomb = await gzipBombBody();
  });
  afterEach(async () => {
    delete hostile.answer;
    // Whatever the indexer did, the dashboard still answers.
    expect((await env.admin.get('/api/status')).status).toBe(200);
  });
  afterAll(async () => {
    const texts = [
      ...env.dashboard.logs(),
      ...env.responses.map((response) => `${JSON.stringify(response.headers)} ${response.text}`),
    ];
    expect(SECRET_FORMS.filter((form) => texts.some((text) => text.includes(form)))).toEqual([]);
    await env.stop();
  });

  const search = (body: object = SEARCH) => env.analyst.post('/api/alerts/search', { body });
  const aggregate = (body: object = CHARTS) => env.analyst.post('/api/alerts/aggregate', { body });

  describe('answers past svc.indexer.maxResponseBytes', () => {
    it.each([
      ['a gzip bomb (600 MB inflated)', () => gzipBomb(bomb)],
      ['a 300 MB answer without a length', () => hugeBody()],
      ['a 300 MB answer with its length', () => hugeBody(300 * 1024 * 1024, true)],
    ])('%s: 502 indexer_response_too_large', async (_name, answer) => {
      expect(bomb.length).toBeLessThan(1024 * 1024);
      hostile.answer = answer();
      const response = await search();
      expect(response.status).toBe(502);
      expect(response.json<ErrorBody>().attributes.code).toBe('indexer_response_too_large');
    });
  });

  it('reads no more hits than it asked for (3,000 sent for 10)', async () => {
    hostile.answer = reshaped((answer) => {
      const hits = answer.hits as { hits: unknown[] };
      return {
        ...answer,
        hits: { ...hits, hits: Array.from({ length: 3_000 }, () => hits.hits[0]) },
      };
    });
    const response = await search();
    expect(response.status).toBe(200);
    expect(response.json<{ hits: unknown[] }>().hits).toHaveLength(10);
  });

  it('times out a trickling body within svc.indexer.requestTimeoutMs and frees the slot', async () => {
    hostile.answer = trickle(200);
    const response = await search();
    // The headers came in time, so only the whole-exchange time limit can answer indexer_timeout.
    expect(response.status).toBe(504);
    expect(response.json<ErrorBody>().attributes.code).toBe('indexer_timeout');
    delete hostile.answer;
    // One request in flight per user: a slot still held would get a 429.
    expect((await search()).status).toBe(200);
  });

  describe('answers of the wrong shape: 502 indexer_bad_answer', () => {
    type Answer = Record<string, unknown>;
    const hitsOf = (answer: Answer) => answer.hits as Record<string, unknown>;
    const withHits = (change: (hits: Answer) => Answer) => (answer: Answer) => ({
      ...answer,
      hits: change(hitsOf(answer)),
    });
    const withChart = (name: string, value: unknown) => (answer: Answer) => ({
      ...answer,
      aggregations: { ...(answer.aggregations as Answer), [name]: value },
    });
    const histogramKey = (key: unknown) => (answer: Answer) => {
      const aggregations = answer.aggregations as Record<string, { buckets: Answer[] }>;
      const buckets = aggregations.chart_1.buckets.map((bucket) => ({ ...bucket, key }));
      return withChart('chart_1', { buckets })(answer);
    };

    it.each([
      ['hits: [null]', withHits((hits) => ({ ...hits, hits: [null] }))],
      ['no hits', withHits(({ total }) => ({ total }))],
      ['hits null', (answer: Answer) => ({ ...answer, hits: null })],
      ['a hit without _id', withHits((hits) => ({ ...hits, hits: [{ _index: 'x' }] }))],
      [
        'a _source that is text',
        withHits((hits) => ({ ...hits, hits: [{ _id: '1', _index: 'x', _source: 'x' }] })),
      ],
      ['no total', withHits(({ hits }) => ({ hits }))],
      ['a missing total value', withHits((hits) => ({ ...hits, total: { relation: 'eq' } }))],
      ['a negative total', withHits((hits) => ({ ...hits, total: { value: -1, relation: 'eq' } }))],
      [
        'a total that is text',
        withHits((hits) => ({ ...hits, total: { value: 'many', relation: 'eq' } })),
      ],
      ['aggregations that are text', (answer: Answer) => ({ ...answer, aggregations: 'x' })],
    ])('search: %s', async (_name, reshape) => {
      hostile.answer = reshaped(reshape);
      const response = await search();
      expect(response.status).toBe(502);
      expect(response.json<ErrorBody>().attributes.code).toBe('indexer_bad_answer');
    });

    it.each([
      ['null buckets', withChart('chart_0', { buckets: null })],
      ['a null bucket', withChart('chart_0', { buckets: [null] })],
      ['a missing aggregation', withChart('chart_0', undefined)],
      ['a bucket without doc_count', withChart('chart_0', { buckets: [{ key: 'a' }] })],
      ['a negative doc_count', withChart('chart_0', { buckets: [{ key: 'a', doc_count: -5 }] })],
      ['an object key', withChart('chart_0', { buckets: [{ key: {}, doc_count: 1 }] })],
      [
        'an other count that is text',
        withChart('chart_0', { buckets: [], sum_other_doc_count: 'x' }),
      ],
      ['a date key of 1e20', histogramKey(1e20)],
      ['a date key that is text', histogramKey('yesterday')],
      ['null filter buckets', withChart('chart_2', { buckets: null })],
      [
        'a filter count that is text',
        withChart('chart_2', { buckets: { high: { doc_count: 'x' } } }),
      ],
      ['a null total', withHits(() => ({ hits: [], total: null }))],
      ['a missing total', withHits(() => ({ hits: [] }))],
    ])('aggregate: %s', async (_name, reshape) => {
      hostile.answer = reshaped(reshape);
      const response = await aggregate();
      expect(response.status).toBe(502);
      expect(response.json<ErrorBody>().attributes.code).toBe('indexer_bad_answer');
    });

    it('status: an answer without a version says the indexer is not readable', async () => {
      hostile.answer = (exchange) =>
        exchange.method === 'GET' && exchange.path === '/'
          ? fixedAnswer(200, { name: 'node' })(exchange)
          : false;
      const response = await env.analyst.get('/api/alerts/status');
      expect(response.status).toBe(200);
      expect(response.json()).toMatchObject({
        reachable: false,
        error: { code: 'indexer_bad_answer' },
      });
    });

    it('sample data: a count that is no count', async () => {
      hostile.answer = (exchange) =>
        exchange.path.includes('/_count') ? fixedAnswer(200, { count: 'many' })(exchange) : false;
      const response = await env.analyst.get('/api/alerts/sample-data');
      expect(response.status).toBe(502);
      expect(response.json<ErrorBody>().attributes.code).toBe('indexer_bad_answer');
    });
  });

  describe('an indexer that echoes the credentials', () => {
    const { username, password } = INDEXER_USER;
    const pair = `${username}:${password}`;
    const basic = Buffer.from(pair).toString('base64');
    const error = (status: number, type: string, reason: string) =>
      fixedAnswer(status, { error: { type, reason, root_cause: [{ type, reason }] }, status });

    it.each([
      [
        'the Basic header',
        error(401, 'security_exception', `no permissions for Authorization: Basic ${basic}`),
      ],
      ['the bare Basic token', error(401, 'security_exception', `token ${basic} refused`)],
      [
        'the token without padding',
        error(401, 'security_exception', `token ${basic.replace(/=+$/, '')}`),
      ],
      [
        'the base64url token',
        error(401, 'security_exception', `t=${Buffer.from(pair).toString('base64url')}`),
      ],
      [
        'the URL-encoded pair',
        error(400, 'illegal_argument_exception', `user ${encodeURIComponent(pair)}`),
      ],
      [
        'the URL-encoded password',
        error(400, 'illegal_argument_exception', `pw=${encodeURIComponent(password)}&x`),
      ],
      ['user:password in a URL', error(500, 'exception', `GET http://${pair}@node:9200/ failed`)],
      ['the password in error.type', error(400, `${password}_exception`, 'bad')],
      [
        'a reason only in root_cause',
        fixedAnswer(400, {
          error: { root_cause: [{ type: 'x', reason: `bad ${pair}` }] },
          status: 400,
        }),
      ],
      ['a text/plain body', fixedAnswer(500, `upstream refused ${pair} (Basic ${basic})`)],
      ['a 429 reason', error(429, 'too_many_requests', `slow down ${password}`)],
      [
        'a 503 rejected execution',
        error(503, 'es_rejected_execution_exception', `queue of ${pair}`),
      ],
    ])('%s: scrubbed from the answer', async (_name, answer) => {
      hostile.answer = answer;
      for (const response of [
        await search(),
        await aggregate(),
        await env.analyst.get('/api/alerts/sample-data'),
      ]) {
        expect(response.status).toBeGreaterThanOrEqual(502);
        expect(response.status).toBeLessThan(505);
        for (const form of SECRET_FORMS) expect(response.text).not.toContain(form);
        expect(response.text).toContain('[REDACTED]');
      }
    });
  });

  describe('sample data the indexer refuses', () => {
    const { username, password } = INDEXER_USER;
    const bulk = (body: object) => (exchange: HostileExchange) =>
      exchange.path.includes('/_bulk') ? fixedAnswer(200, body)(exchange) : false;

    it('scrubs an echo in a refused item', async () => {
      hostile.answer = bulk({
        errors: true,
        items: [
          {
            index: {
              status: 400,
              error: { type: `${password}_exception`, reason: `bad ${username}:${password}` },
            },
          },
        ],
      });
      const response = await env.admin.post('/api/alerts/sample-data/security', {
        body: { apiHostId: 'sim' },
      });
      expect(response.status).toBe(502);
      expect(response.json<ErrorBody>().attributes.code).toBe('indexer_bad_request');
      for (const form of SECRET_FORMS) expect(response.text).not.toContain(form);
      expect(response.text).toContain('[REDACTED]');
    });

    it.each([
      ['items that are no list', { errors: true, items: { index: {} } }],
      ['no items', { errors: true }],
    ])('%s: 502 indexer_bad_answer', async (_name, body) => {
      hostile.answer = bulk(body);
      const response = await env.admin.post('/api/alerts/sample-data/security', {
        body: { apiHostId: 'sim' },
      });
      expect(response.status).toBe(502);
      expect(response.json<ErrorBody>().attributes.code).toBe('indexer_bad_answer');
    });
  });

  describe('dates and queries the indexer takes', () => {
    it.each([
      ['from', { from: '+275760-09-13T00:00:00Z', to: 'now' }],
      ['to', { from: 'now-1d', to: '+275760-09-13T00:00:00Z' }],
      ['from', { from: '-000001-01-01T00:00:00Z', to: 'now' }],
    ])('an expanded year in %s: 400 naming timeRange', async (end, timeRange) => {
      const response = await search({ ...SEARCH, timeRange });
      expect(response.status).toBe(400);
      expect(response.json<{ attributes: { field: string } }>().attributes.field).toBe(
        `timeRange.${end}`,
      );
    });

    it.each(['*:*', '*', '*:* AND rule.level:[0 TO 15]'])('Lucene %s matches', async (query) => {
      const response = await env.admin.post('/api/alerts/search', {
        body: { ...SEARCH, query: { language: 'lucene', query } },
      });
      expect(response.status).toBe(200);
      expect(response.json<{ total: { value: number } }>().total.value).toBe(env.ownAlerts);
    });
  });
});

describe('an indexer that cannot be reached', () => {
  let env: AlertsTestEnv;

  beforeAll(async () => {
    // The hostile proxy is stopped at once: its port then refuses connections.
    env = await startAlertsTestEnv({ ownAlerts: 1, hostile: true });
    await env.hostile!.stop();
  });
  afterAll(() => env?.stop());

  it('tells the user it cannot be reached, and the log and admins where and why', async () => {
    const port = new URL(env.hostile!.url).port;
    const response = await env.analyst.post('/api/alerts/search', { body: SEARCH });
    expect(response.status).toBe(502);
    const body = response.json<ErrorBody>();
    expect(body.attributes.code).toBe('indexer_unreachable');
    expect(body.message).toMatch(/^The indexer cannot be reached\. .*reference ([0-9a-f]{8})\.$/);
    expect(response.text).not.toContain(port);
    expect(response.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    const reference = /reference ([0-9a-f]{8})/.exec(body.message)![1];
    const line = env.dashboard.logs().find((text) => text.includes(reference));
    expect(line).toMatch(new RegExp(`ECONNREFUSED 127\\.0\\.0\\.1:${port}`));

    const forUser = (await env.analyst.get('/api/alerts/status')).json<{
      error: { detail?: string };
      nodes: Array<{ state: string; lastError?: string }>;
    }>();
    expect(forUser.error.detail).toBeUndefined();
    expect(forUser.nodes).toEqual([expect.not.objectContaining({ lastError: expect.anything() })]);
    expect(JSON.stringify(forUser)).not.toContain('ECONNREFUSED');

    const forAdmin = (await env.admin.get('/api/alerts/status')).json<{
      error: { detail?: string };
      nodes: Array<{ state: string; lastError?: string }>;
    }>();
    expect(forAdmin.error.detail).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
    expect(forAdmin.nodes[0].lastError).toContain('ECONNREFUSED');
  });
});
