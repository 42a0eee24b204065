/**
 * An indexer of several nodes, some of them out: one refuses connections, one takes them and never
 * answers. The Overview's counts and a Threat Hunting search still answer within the request's
 * budget (the client skips a failed node and tries the next), and Settings → Indexer shows each
 * node's state, with the failure met there for admins only.
 */
import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import { SEVERITY_CHART, type IndexerStatus } from '../../../plugins/main/common/alerts/api';
import { deadNodeUrl } from './indexer-support';
import { lastDay, startAlertsTestEnv, type AlertsTestEnv } from './search-support';

jest.setTimeout(120_000);

const BUDGET_MS = 3_000;

/** A port that takes connections and never answers on them. */
async function startSilentNode(): Promise<{ url: string; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The Overview's "Last 24 hours alerts" request: one range chart over the severity bands. */
const overviewCounts = {
  apiHostId: 'sim',
  timeRange: { from: 'now-24h', to: 'now' },
  charts: [SEVERITY_CHART],
};

describe('an indexer cluster with nodes out', () => {
  let env: AlertsTestEnv;
  let silent: Awaited<ReturnType<typeof startSilentNode>>;
  let refusing: string;

  beforeAll(async () => {
    silent = await startSilentNode();
    refusing = await deadNodeUrl();
    env = await startAlertsTestEnv({
      ownAlerts: 40,
      indexer: { requestTimeoutMs: BUDGET_MS },
      extraHosts: [refusing, silent.url],
    });
  });
  afterAll(async () => {
    await env?.stop();
    await silent?.stop();
  });

  it('answers the Overview counts and a Threat Hunting search within the budget', async () => {
    for (let round = 0; round < 3; round++) {
      const counts = await env.analyst.post('/api/alerts/aggregate', { body: overviewCounts });
      expect(counts.status).toBe(200);
      const buckets = counts.json<{ charts: { severity: { buckets: Array<{ count: number }> } } }>()
        .charts.severity.buckets;
      expect(buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBeGreaterThan(0);
      const search = await env.analyst.post('/api/alerts/search', {
        body: { ...lastDay, size: 5 },
      });
      expect(search.status).toBe(200);
      // A 200 is an answer within the budget: past it the whole exchange is cut with a 504.
      expect(search.json<{ hits: unknown[] }>().hits).toHaveLength(5);
    }
  });

  it('shows each node, dead since when, and the failure met there to admins only', async () => {
    const forAdmin = (await env.admin.get('/api/alerts/status')).json<IndexerStatus>();
    expect(forAdmin.reachable).toBe(true);
    const byUrl = new Map(forAdmin.nodes!.map((node) => [node.url, node]));
    expect(byUrl.get(env.indexer.url)).toMatchObject({ state: 'alive' });
    expect(byUrl.get(refusing)).toMatchObject({
      state: 'dead',
      since: expect.any(String),
      lastError: expect.stringContaining('ECONNREFUSED'),
    });
    expect(byUrl.get(silent.url)).toMatchObject({
      state: 'dead',
      lastError: expect.stringMatching(/timed out/i),
    });
    expect(Date.parse(byUrl.get(refusing)!.since)).toBeLessThanOrEqual(Date.now());

    const forUser = (await env.analyst.get('/api/alerts/status')).json<IndexerStatus>();
    expect(forUser.nodes!.map((node) => node.state).sort()).toEqual(['alive', 'dead', 'dead']);
    expect(forUser.nodes!.some((node) => 'lastError' in node)).toBe(false);
  });
});
