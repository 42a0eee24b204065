/**
 * No indexer and demo off: the alerts routes say how to connect one (503
 * indexer_not_configured), the status and health check say there is none, and the rest of the
 * dashboard works as without the alerts side.
 */
import { HOST_ID, startMainTestEnv, type MainTestEnv } from '../main/support';

jest.setTimeout(60_000);

describe('without an indexer', () => {
  let env: MainTestEnv;

  beforeAll(async () => {
    env = await startMainTestEnv();
  });
  afterAll(() => env.stop());

  const selection = { apiHostId: HOST_ID, timeRange: { from: 'now-1d', to: 'now' } };

  it.each([
    ['POST', '/api/alerts/search', { ...selection, size: 10 }],
    ['POST', '/api/alerts/aggregate', { ...selection, charts: [{ id: 'n', type: 'count' }] }],
    ['POST', '/api/alerts/csv', { ...selection, columns: ['timestamp'] }],
    ['GET', '/api/alerts/sample-data', undefined],
  ])(
    '%s %s answers 503 indexer_not_configured, saying how to connect one',
    async (method, path, body) => {
      const response = await env.user.request(method, path, body === undefined ? {} : { body });
      expect(response.status).toBe(503);
      expect(response.json()).toMatchObject({
        statusCode: 503,
        message: expect.stringContaining('SVC_INDEXER_URL'),
        attributes: { code: 'indexer_not_configured' },
      });
    },
  );

  it('reports no indexer in the status and a green health check', async () => {
    expect((await env.user.get('/api/alerts/status')).json()).toMatchObject({
      configured: false,
      demo: false,
      reachable: false,
      hosts: [],
      alertsIndexPattern: 'wazuh-alerts-*',
      error: { code: 'indexer_not_configured' },
    });
    const report = (await env.user.get('/api/health-check')).json<{
      state: string;
      checks: Array<{ id: string; state: string; message: string }>;
    }>();
    // No indexer is not a fault: every check is green, the patterns made at start included.
    expect(report.state).toBe('green');
    expect(
      report.checks.filter((check) => check.state !== 'green').map((check) => check.id),
    ).toEqual([]);
    expect(report.checks.find((check) => check.id === 'indexer')).toMatchObject({
      state: 'green',
      message: expect.stringContaining('No indexer is configured'),
    });
  });

  it('keeps the rest working', async () => {
    expect((await env.user.get('/hosts/apis')).status).toBe(200);
    const agents = await env.user.post('/api/request', {
      body: { method: 'GET', path: '/agents?limit=1', body: {}, id: HOST_ID },
    });
    expect(agents.status).toBe(200);
  });
});
