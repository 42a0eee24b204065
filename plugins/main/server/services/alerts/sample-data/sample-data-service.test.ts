import { INVENTORY_TYPES } from '@main/common/alerts/datasets';
import { Client } from '@opensearch-project/opensearch';
import { startIndexer } from '@simulator/indexer';
import { IndexerConnection } from '../indexer';
import { SampleDataService } from './sample-data-service';

type StandIn = Awaited<ReturnType<typeof startIndexer>>;

const NOW = Date.parse('2026-03-10T12:00:00Z');
const target = {
  agents: [
    { id: '001', name: 'web-1', ip: '10.0.0.1' },
    { id: '002', name: 'db-1', ip: '10.0.0.2' },
  ],
  manager: 'wazuh.manager',
};

describe('SampleDataService on the indexer stand-in', () => {
  let standIn: StandIn;
  let client: Client;
  let service: SampleDataService;

  beforeAll(async () => {
    standIn = await startIndexer({ now: () => NOW });
    client = new Client({ node: standIn.url, auth: { username: 'admin', password: 'admin' } });
    const connection = new IndexerConnection('wazuh-alerts-*');
    connection.connect({
      client,
      hosts: [standIn.url],
      demo: false,
      secrets: ['admin'],
      requestTimeoutMs: 5_000,
      nodeStates: () => [],
    });
    service = new SampleDataService({
      indexer: connection,
      now: () => NOW,
      alertsPerKind: 20,
      bulkChunk: 25,
    });
  });
  afterAll(async () => {
    await client.close();
    await standIn.stop();
  });

  it('reports every category as not installed at first', async () => {
    expect(await service.statuses()).toEqual([
      {
        category: 'security',
        index: 'wazuh-alerts-4.x-sample-security',
        installed: false,
        count: 0,
      },
      {
        category: 'auditing-policy-monitoring',
        index: 'wazuh-alerts-4.x-sample-auditing-policy-monitoring',
        installed: false,
        count: 0,
      },
      {
        category: 'threat-detection',
        index: 'wazuh-alerts-4.x-sample-threat-detection',
        installed: false,
        count: 0,
      },
      {
        category: 'wazuh-inventory-agent',
        index: 'wazuh-states-inventory-*-sample-wazuh-inventory-agent',
        installed: false,
        count: 0,
      },
      {
        category: 'wazuh-vulnerabilities',
        index: 'wazuh-states-vulnerabilities-sample-wazuh-vulnerabilities',
        installed: false,
        count: 0,
      },
    ]);
  });

  it('adds a category in _bulk chunks, searchable at once within the alerts pattern', async () => {
    const before = standIn.stats.byEndpoint.bulk ?? 0;
    expect(await service.add('security', target)).toEqual({
      category: 'security',
      index: 'wazuh-alerts-4.x-sample-security',
      installed: true,
      count: 140,
    });
    expect((standIn.stats.byEndpoint.bulk ?? 0) - before).toBe(Math.ceil(140 / 25));
    const { body } = await client.count({
      index: 'wazuh-alerts-*',
      body: { query: { term: { 'rule.groups': 'authentication_failed' } } },
    });
    expect(body.count).toBeGreaterThan(0);
    expect(await service.status('security')).toMatchObject({ installed: true, count: 140 });
  });

  it('replaces an installed category when it is added again', async () => {
    await service.add('threat-detection', target);
    await service.add('threat-detection', target);
    expect(await service.status('threat-detection')).toMatchObject({ installed: true, count: 60 });
  });

  it('removes a category, and removing it again is no error', async () => {
    await service.add('auditing-policy-monitoring', target);
    await service.remove('auditing-policy-monitoring');
    expect(await service.status('auditing-policy-monitoring')).toMatchObject({
      installed: false,
      count: 0,
    });
    await expect(service.remove('auditing-policy-monitoring')).resolves.toMatchObject({
      installed: false,
    });
  });

  it('writes one vulnerability state per agent and CVE under the pin, mapped, replacing the last', async () => {
    const clustered = { ...target, cluster: { name: 'wazuh-cluster', node: 'master' } };
    const added = (await service.add('wazuh-vulnerabilities', clustered)).count;
    expect(added).toBeGreaterThan(0);
    expect(await service.add('wazuh-vulnerabilities', clustered)).toMatchObject({ count: added });
    expect(await service.status('wazuh-vulnerabilities')).toMatchObject({
      installed: true,
      count: added,
    });
    const index = 'wazuh-states-vulnerabilities-sample-wazuh-vulnerabilities';
    const count = async (query: object) =>
      (await client.count({ index: 'wazuh-states-vulnerabilities-*', body: { query } })).body.count;
    expect(await count({ match_all: {} })).toBe(added);
    expect(await count({ match_phrase: { 'wazuh.cluster.name': 'wazuh-cluster' } })).toBe(added);
    // Dates are dates: a range on them finds the states detected in the last 30 days.
    expect(
      await count({ range: { 'vulnerability.detected_at': { gte: NOW - 30 * 86_400_000 } } }),
    ).toBe(added);
    const { body } = await client.indices.getMapping({ index });
    const vulnerability = (
      body[index].mappings.properties?.vulnerability as {
        properties: Record<string, { type?: string }>;
      }
    ).properties;
    expect(vulnerability.detected_at.type).toBe('date');
    expect(vulnerability.published_at.type).toBe('date');
    expect(vulnerability.under_evaluation.type).toBe('boolean');
    // Strings are keywords, so the dashboard's terms charts can count them.
    expect(vulnerability.severity.type).toBe('keyword');
    expect(vulnerability.id.type).toBe('keyword');
    expect(vulnerability.description.type).toBe('keyword');
  });

  it('adds the system inventory: one index per type, every document of an agent under the pin', async () => {
    const added = await service.add('wazuh-inventory-agent', target);
    expect(added).toMatchObject({
      installed: true,
      index: 'wazuh-states-inventory-*-sample-wazuh-inventory-agent',
    });
    const { body: indices } = await client.cat.indices({
      index: 'wazuh-states-inventory-*',
      format: 'json',
    });
    expect((indices as Array<{ index: string }>).map((row) => row.index).sort()).toEqual(
      INVENTORY_TYPES.map(
        (type) => `wazuh-states-inventory-${type}-sample-wazuh-inventory-agent`,
      ).sort(),
    );
    const count = async (index: string, query: object = { match_all: {} }) =>
      (await client.count({ index, body: { query } })).body.count;
    expect(await count('wazuh-states-inventory-*')).toBe(added.count);
    expect(
      await count('wazuh-states-inventory-*', {
        match_phrase: { 'wazuh.cluster.name': target.manager },
      }),
    ).toBe(added.count);
    // One operating system and one hardware document per agent.
    expect(await count('wazuh-states-inventory-system-*')).toBe(target.agents.length);
    expect(await count('wazuh-states-inventory-hardware-*')).toBe(target.agents.length);
    expect(await service.status('wazuh-inventory-agent')).toMatchObject({
      installed: true,
      count: added.count,
    });
    await service.remove('wazuh-inventory-agent');
    expect(await service.status('wazuh-inventory-agent')).toMatchObject({
      installed: false,
      count: 0,
    });
    expect(await count('wazuh-states-inventory-*')).toBe(0);
  });

  it('fails with a typed error when the indexer refuses', async () => {
    standIn.faults.status = 401;
    try {
      await expect(service.statuses()).rejects.toMatchObject({ code: 'indexer_unauthorized' });
    } finally {
      delete standIn.faults.status;
    }
  });
});
