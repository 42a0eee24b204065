import { Client } from '@opensearch-project/opensearch';
import { startIndexer } from '@simulator/indexer';
import { IndexerConnection } from './connection';
import { indexerStatus } from './status';

type StandIn = Awaited<ReturnType<typeof startIndexer>>;

const NOW = Date.parse('2026-03-10T12:00:00Z');
const HOUR = 3_600_000;

const alert = (hoursAgo: number, manager: string, agentId: string) => ({
  index: 'wazuh-alerts-4.x-2026.03.10',
  source: {
    timestamp: new Date(NOW - hoursAgo * HOUR).toISOString(),
    manager: { name: manager },
    agent: { id: agentId },
  },
});

describe('indexerStatus', () => {
  let standIn: StandIn;
  let client: Client;
  let connection: IndexerConnection;

  beforeAll(async () => {
    standIn = await startIndexer({
      now: () => NOW,
      documents: [
        alert(1, 'm1', '001'),
        alert(2, 'm1', '002'),
        alert(3, 'm1', '003'),
        alert(30, 'm1', '001'),
        alert(1, 'm2', '001'),
      ],
    });
    client = new Client({ node: standIn.url, auth: { username: 'admin', password: 'admin' } });
    connection = new IndexerConnection('wazuh-alerts-*');
    connection.connect({
      client,
      hosts: [standIn.url],
      demo: false,
      secrets: ['admin'],
      requestTimeoutMs: 5_000,
      nodeStates: () => [],
    });
  });
  afterAll(async () => {
    await client.close();
    await standIn.stop();
  });

  it('says there is no indexer when none is configured', async () => {
    expect(await indexerStatus({ connection: new IndexerConnection('wazuh-alerts-*') })).toEqual({
      configured: false,
      demo: false,
      reachable: false,
      hosts: [],
      alertsIndexPattern: 'wazuh-alerts-*',
      error: {
        code: 'indexer_not_configured',
        message: expect.stringContaining('svc.indexer.hosts'),
      },
    });
  });

  it("gives the version and health, and each host's alerts of the last day within the user's scope, in one search", async () => {
    const before = standIn.stats.byEndpoint.search ?? 0;
    const status = await indexerStatus({
      connection,
      apiHosts: {
        list: async () => [{ id: 'h1' }, { id: 'h1-restricted' }, { id: 'h2' }, { id: 'down' }],
        scope: async (id) => {
          if (id === 'down')
            throw Object.assign(new Error('API host [down] cannot be reached'), {
              code: 'host_unreachable',
            });
          if (id === 'h2') return { pin: { field: 'manager.name', value: 'm2' } };
          return {
            pin: { field: 'manager.name', value: 'm1' },
            ...(id === 'h1-restricted' && { agentIds: ['001', '003'] }),
          };
        },
      },
    });
    expect(status).toEqual({
      configured: true,
      demo: false,
      reachable: true,
      hosts: [standIn.url],
      nodes: [],
      version: '2.19.1',
      clusterHealth: expect.stringMatching(/^(green|yellow)$/),
      alertsIndexPattern: 'wazuh-alerts-*',
      apiHosts: [
        { apiHostId: 'h1', pin: { field: 'manager.name', value: 'm1' }, last24hAlerts: 3 },
        {
          apiHostId: 'h1-restricted',
          pin: { field: 'manager.name', value: 'm1' },
          last24hAlerts: 2,
        },
        { apiHostId: 'h2', pin: { field: 'manager.name', value: 'm2' }, last24hAlerts: 1 },
        { apiHostId: 'down', error: 'API host [down] cannot be reached' },
      ],
    });
    expect((standIn.stats.byEndpoint.search ?? 0) - before).toBe(1);
  });

  it('reports an indexer it cannot read instead of failing', async () => {
    standIn.faults.status = 401;
    try {
      expect(await indexerStatus({ connection })).toMatchObject({
        configured: true,
        reachable: false,
        error: { code: 'indexer_unauthorized' },
      });
    } finally {
      delete standIn.faults.status;
    }
  });
});
