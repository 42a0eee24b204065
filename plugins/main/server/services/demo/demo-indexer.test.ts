import { Client } from '@opensearch-project/opensearch';
import type { Logger, OpenSearchClientConfig } from '@host/server/types';
import { IndexerConnection } from '../alerts/indexer';
import { SampleDataService } from '../alerts/sample-data';
import { startBuiltInIndexer } from './built-in-indexer';
import { DemoIndexer } from './demo-indexer';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const target = {
  agents: [
    { id: '001', name: 'web-1', ip: '10.0.0.1' },
    { id: '002', name: 'db-1', ip: '10.0.0.2' },
  ],
  manager: 'wazuh.manager',
};

function recordingLogger(lines: string[]): Logger {
  const logger = {
    trace: () => undefined,
    debug: () => undefined,
    info: (message: string) => lines.push(message),
    warn: (message: string | Error) => lines.push(String(message)),
    error: (message: string | Error) => lines.push(String(message)),
    fatal: (message: string | Error) => lines.push(String(message)),
    get: () => logger,
  };
  return logger;
}

describe('DemoIndexer', () => {
  const clients: Client[] = [];
  const opensearch = {
    createClient: (config: OpenSearchClientConfig) => {
      const client = new Client({
        node: config.hosts[0],
        auth: { username: config.username ?? '', password: config.password ?? '' },
      });
      clients.push(client);
      return client;
    },
    nodeStates: () => [],
  };
  afterAll(() => Promise.all(clients.map((client) => client.close())));

  it('starts the stand-in, adds every sample category, keeps new alerts arriving until stopped', async () => {
    const lines: string[] = [];
    const connection = new IndexerConnection('wazuh-alerts-*');
    let time = NOW;
    const ticks: Array<() => void> = [];
    const cancel = jest.fn();
    const demo = new DemoIndexer({
      startStandIn: startBuiltInIndexer,
      opensearch,
      connection,
      sampleData: new SampleDataService({
        indexer: connection,
        now: () => time,
        alertsPerKind: 10,
      }),
      target: async () => target,
      requestTimeoutMs: 5_000,
      maxResponseBytes: 1_048_576,
      logger: recordingLogger(lines),
      now: () => time,
      every: (ms, tick) => {
        expect(ms).toBe(20_000);
        ticks.push(tick);
        return cancel;
      },
      seed: 3,
    });
    const notice = await demo.start();
    try {
      expect(notice).toMatch(/^Demo mode: on — indexer stand-in at http:\/\/127\.0\.0\.1:\d+/);
      await demo.ready;
      expect(connection).toMatchObject({ configured: true, demo: true });
      const count = (index: string) =>
        connection.request((client) => client.count({ index })).then((body) => body.count);
      expect(await count('wazuh-alerts-*')).toBe(130);
      // The states carry the manager pin's value, so the pinned dashboard counts them.
      const states = await count('wazuh-states-vulnerabilities-*');
      expect(states).toBeGreaterThanOrEqual(2);
      const inventory = await count('wazuh-states-inventory-*');
      expect(inventory).toBeGreaterThan(2);
      expect(lines[0]).toContain(
        `${130 + states + inventory} sample documents (alerts of the last 7 days, the agents' inventory and vulnerabilities) for 2 agents of manager [wazuh.manager]`,
      );
      const pinned = await connection.request((client) =>
        client.count({
          index: 'wazuh-states-vulnerabilities-*',
          body: { query: { match_phrase: { 'wazuh.cluster.name': 'wazuh.manager' } } },
        }),
      );
      expect(pinned.count).toBe(states);
      const { hits } = await connection.request((client) =>
        client.search({ index: 'wazuh-states-vulnerabilities-*', body: { size: 100 } }),
      );
      const stateAgents = hits.hits.map(
        (hit) => (hit._source as { agent: { id: string } }).agent.id,
      );
      expect([...new Set(stateAgents)].sort()).toEqual(['001', '002']);

      expect(ticks).toHaveLength(1);
      time = NOW + 60_000;
      ticks[0]();
      // A tick while a round is under way adds nothing more.
      ticks[0]();
      await demo.pending;
      await connection.request((client) => client.indices.refresh({ index: 'wazuh-alerts-*' }));
      const live = await count('wazuh-alerts-4.x-2026.03.10');
      expect(live).toBeGreaterThanOrEqual(1);
      expect(live).toBeLessThanOrEqual(2);
      const [latest] = (
        await connection.request((client) =>
          client.search({ index: 'wazuh-alerts-4.x-2026.03.10', body: { size: 1 } }),
        )
      ).hits.hits;
      expect(latest._source).toMatchObject({
        timestamp: new Date(time).toISOString(),
        manager: { name: 'wazuh.manager' },
      });
    } finally {
      await demo.stop();
    }
    expect(cancel).toHaveBeenCalledTimes(1);
    await expect(connection.request((client) => client.info())).rejects.toMatchObject({
      code: 'indexer_unreachable',
    });
  });

  it('logs a failure to fill the stand-in, and stops it at stop', async () => {
    const lines: string[] = [];
    const connection = new IndexerConnection('wazuh-alerts-*');
    const demo = new DemoIndexer({
      startStandIn: startBuiltInIndexer,
      opensearch,
      connection,
      sampleData: new SampleDataService({ indexer: connection }),
      target: () => Promise.reject(new Error('the demo manager did not answer')),
      requestTimeoutMs: 5_000,
      maxResponseBytes: 1_048_576,
      logger: recordingLogger(lines),
    });
    await demo.start();
    await demo.ready;
    expect(lines).toEqual([
      'Demo mode: sample alerts could not be added to the indexer stand-in: the demo manager did not answer',
    ]);
    await demo.stop();
    await expect(connection.request((client) => client.info())).rejects.toMatchObject({
      code: 'indexer_unreachable',
    });
  });
});

describe('DemoIndexer stopping early', () => {
  it('stops adding sample alerts when the dashboard stops first', async () => {
    const connection = new IndexerConnection('wazuh-alerts-*');
    const clients: Client[] = [];
    let release: () => void = () => undefined;
    const targetAsked = new Promise<void>((resolve) => (release = resolve));
    const add = jest.fn();
    const demo = new DemoIndexer({
      startStandIn: startBuiltInIndexer,
      opensearch: {
        createClient: (config) => {
          const client = new Client({ node: config.hosts[0] });
          clients.push(client);
          return client;
        },
        nodeStates: () => [],
      },
      connection,
      sampleData: { add } as unknown as SampleDataService,
      target: async () => {
        release();
        return target;
      },
      requestTimeoutMs: 5_000,
      maxResponseBytes: 1_048_576,
      logger: recordingLogger([]),
    });
    await demo.start();
    await targetAsked;
    await demo.stop();
    // The first category was asked for with the signal that stopping aborted.
    expect(add).toHaveBeenCalledTimes(1);
    expect((add.mock.calls[0][2] as AbortSignal).aborted).toBe(true);
    await Promise.all(clients.map((client) => client.close()));
  });
});
