/**
 * The indexer failing under the status, sample-data and health routes: down, slow, refusing the
 * credentials, overloaded (429 and 503 es_rejected_execution_exception), failing, or answering
 * something that is not JSON. Each is a typed 502 or 504 (the status report says it), never a 500,
 * never a credential in the answer, and the rest of the dashboard keeps working.
 */
import {
  indexerLeaks,
  INDEXER_OPS_USER,
  startIndexerTestEnv,
  type IndexerTestEnv,
} from './indexer-support';

jest.setTimeout(60_000);

interface ErrorBody {
  statusCode: number;
  message: string;
  attributes: { code: string; upstream?: { status?: number; type?: string } };
}

describe('indexer failures', () => {
  let env: IndexerTestEnv;

  beforeAll(async () => {
    // A short budget, so the slow stand-in below times out quickly.
    env = await startIndexerTestEnv({ svc: { indexer: { requestTimeoutMs: 1_000 } } });
  });
  afterEach(() => {
    for (const key of Object.keys(env.indexer.faults))
      delete env.indexer.faults[key as keyof typeof env.indexer.faults];
  });
  afterAll(async () => {
    expect(indexerLeaks(env)).toEqual([]);
    await env.stop();
  });

  it.each([
    ['down', { down: true }, 502, 'indexer_unreachable', undefined],
    ['slow', { latencyMs: 2_000 }, 504, 'indexer_timeout', undefined],
    ['refusing the credentials', { status: 401 }, 502, 'indexer_unauthorized', undefined],
    ['overloaded (429)', { status: 429 }, 502, 'indexer_rejected', '1'],
    ['rejecting execution (503)', { status: 503 }, 502, 'indexer_rejected', '1'],
    ['failing (500)', { status: 500 }, 502, 'indexer_unavailable', undefined],
    ['answering what is not JSON', { malformed: true }, 502, 'indexer_bad_answer', undefined],
  ] as const)(
    'when %s (%j): the sample-data route answers %i %s',
    async (_name, faults, statusCode, code, retryAfter) => {
      Object.assign(env.indexer.faults, faults);
      const response = await env.user.get('/api/alerts/sample-data');
      expect(response.status).toBe(statusCode);
      expect(response.json<ErrorBody>()).toMatchObject({ statusCode, attributes: { code } });
      expect(response.headers['retry-after']).toBe(retryAfter);
      expect(response.text).not.toContain(INDEXER_OPS_USER.password);
      expect(response.text).not.toContain(
        Buffer.from(`${INDEXER_OPS_USER.username}:`).toString('base64').slice(0, 12),
      );

      const status = await env.user.get('/api/alerts/status');
      expect(status.status).toBe(200);
      expect(status.json()).toMatchObject({ configured: true, reachable: false, error: { code } });

      const health = await env.user.get('/api/health-check');
      const indexerCheck = health
        .json<{ checks: Array<{ id: string; state: string }> }>()
        .checks.find((check) => check.id === 'indexer');
      expect(indexerCheck?.state).toBe('red');
      expect((await env.user.get('/hosts/apis')).status).toBe(200);
    },
  );

  it("keeps OpenSearch's reason for a rejected execution", async () => {
    env.indexer.faults.status = 503;
    const body = (await env.user.get('/api/alerts/sample-data')).json<ErrorBody>();
    expect(body.attributes.upstream).toMatchObject({
      status: 503,
      type: 'es_rejected_execution_exception',
    });
    expect(body.message).toContain('rejected execution');
  });

  it('works again once the indexer is back', async () => {
    env.indexer.faults.down = true;
    expect((await env.user.get('/api/alerts/sample-data')).status).toBe(502);
    delete env.indexer.faults.down;
    expect((await env.user.get('/api/alerts/sample-data')).status).toBe(200);
  });
});
