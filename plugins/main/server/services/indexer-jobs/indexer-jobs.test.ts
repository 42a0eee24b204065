import { Client } from '@opensearch-project/opensearch';
import { startIndexer, type IndexerStandIn } from '@simulator/indexer';
import { DEMO_CLUSTER, startManagedApi, type ManagedApi } from '@simulator/index';
import type { Logger } from '@host/server/types';
import { validateRequestBody } from '@simulator/indexer/test-spec-validator';
import type { IndexerJobRun } from '../../../common/indexer-jobs';
import { IndexerConnection } from '../alerts/indexer';
import { readManagerPin } from '../alerts/scope/manager-pin';
import type { IndexerJobDeps } from './indexer-job';
import type { IndexerJobRuns } from './job-runs';
import { runMonitoringJob } from './monitoring-job';
import { runStatisticsJob } from './statistics-job';
import { MONITORING_TEMPLATE, STATISTICS_TEMPLATE } from './templates';
import { simulatorRequester } from './test-support';

jest.setTimeout(60_000);

const AT = new Date('2026-03-02T10:00:00Z');

describe('the statistics and monitoring jobs', () => {
  let cluster: ManagedApi;
  let single: ManagedApi;
  let standIn: IndexerStandIn;
  let client: Client;
  let connection: IndexerConnection;
  let recorded: IndexerJobRun[];
  const warnings: string[] = [];

  beforeAll(async () => {
    [cluster, single, standIn] = await Promise.all([
      startManagedApi({ agents: 120, cluster: DEMO_CLUSTER, controlPath: true }),
      startManagedApi({ agents: 30 }),
      startIndexer(),
    ]);
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
    await Promise.all([cluster.stop(), single.stop(), standIn.stop()]);
  });
  beforeEach(() => {
    recorded = [];
    warnings.length = 0;
  });

  function deps(ids: string[], overrides: Partial<IndexerJobDeps> = {}): IndexerJobDeps {
    const requester = simulatorRequester({ east: cluster.url, west: single.url });
    return {
      apiHostIds: async () => ids,
      requester,
      managerPin: (apiHostId) => readManagerPin(requester, apiHostId),
      connection,
      runs: { record: async (run: IndexerJobRun) => void recorded.push(run) } as IndexerJobRuns,
      logger: {
        warn: (message: string) => warnings.push(message),
        debug: () => undefined,
      } as never as Logger,
      maxBulkBytes: 5 * 1024 * 1024,
      now: () => AT,
      ...overrides,
    };
  }

  async function documents(index: string): Promise<Array<Record<string, unknown>>> {
    await client.indices.refresh({ index });
    const { body } = await client.search({ index, body: { size: 10_000 } });
    return body.hits.hits.map((hit) => hit._source as Record<string, unknown>);
  }

  it('the templates are what the OpenSearch specification accepts', () => {
    expect(validateRequestBody('indices.put_index_template', STATISTICS_TEMPLATE.body)).toEqual([]);
    expect(validateRequestBody('indices.put_index_template', MONITORING_TEMPLATE.body)).toEqual([]);
  });

  it("writes remoted's and analysisd's figures of each cluster node and of a single manager, in one bulk request", async () => {
    const bulksBefore = standIn.stats.byEndpoint.bulk ?? 0;
    const run = await runStatisticsJob(deps(['east', 'west']));
    expect(run).toMatchObject({ job: 'statistics', documents: 8, errors: [] });
    expect(recorded).toEqual([run]);
    expect((standIn.stats.byEndpoint.bulk ?? 0) - bulksBefore).toBe(1);
    const written = await documents('wazuh-statistics-2026.10w');
    const keys = written.map(
      (doc) =>
        `${doc.apiName}/${doc.nodeName ?? '-'}/${doc.cluster}/${doc.remoted ? 'remoted' : 'analysisd'}`,
    );
    expect(keys.sort()).toEqual([
      'east/master-node/true/analysisd',
      'east/master-node/true/remoted',
      'east/worker1/true/analysisd',
      'east/worker1/true/remoted',
      'east/worker2/true/analysisd',
      'east/worker2/true/remoted',
      'west/-/false/analysisd',
      'west/-/false/remoted',
    ]);
    expect(written[0]).toHaveProperty('timestamp', AT.toISOString());
    const mapping = await client.indices.getMapping({ index: 'wazuh-statistics-2026.10w' });
    const properties = mapping.body['wazuh-statistics-2026.10w'].mappings.properties as Record<
      string,
      never
    >;
    expect(properties.analysisd).toMatchObject({
      properties: { event_queue_usage: { type: 'float' } },
    });
  });

  it('skips an API host or a node that does not answer, says so, and writes the rest', async () => {
    await fetch(`${cluster.url}/__simulator/cluster-node`, {
      method: 'PUT',
      body: JSON.stringify({ node: 'worker2', answering: false }),
    });
    try {
      const run = await runStatisticsJob(deps(['east', 'gone']));
      expect(run.documents).toBe(4);
      expect(run.errors).toEqual([
        expect.stringMatching(/^API host \[east\] node \[worker2\] remoted: /),
        expect.stringMatching(/^API host \[east\] node \[worker2\] analysisd: /),
        'API host [gone]: API host [gone] is not stored.',
      ]);
      expect(warnings).toHaveLength(1);
    } finally {
      await fetch(`${cluster.url}/__simulator/cluster-node`, {
        method: 'PUT',
        body: JSON.stringify({ node: 'worker2', answering: true }),
      });
    }
  });

  it('an indexer that is down: one failed attempt, recorded and logged, no documents', async () => {
    const requestsBefore = standIn.stats.requests;
    standIn.faults.down = true;
    try {
      const run = await runStatisticsJob(deps(['east']));
      expect(run.documents).toBe(0);
      expect(run.errors).toEqual([expect.stringMatching(/^Indexer: /)]);
      expect(warnings[0]).toMatch(/^Job \[statistics\] wrote 0 documents; Indexer: /);
    } finally {
      standIn.faults.down = false;
    }
    // The template put failed; nothing was read or sent after it.
    expect(standIn.stats.requests - requestsBefore).toBeLessThanOrEqual(1);
  });

  it('writes every agent of each host but the manager, pinned to its cluster or manager, in bulk requests of bounded size', async () => {
    const bulksBefore = standIn.stats.byEndpoint.bulk ?? 0;
    const run = await runMonitoringJob({
      ...deps(['east', 'west']),
      pageSize: 25,
      maxBulkBytes: 64 * 1024,
    });
    expect(run).toMatchObject({ job: 'monitoring', documents: 150, errors: [] });
    expect((standIn.stats.byEndpoint.bulk ?? 0) - bulksBefore).toBeGreaterThan(1);
    const written = await documents('wazuh-monitoring-2026.10w');
    expect(written).toHaveLength(150);
    expect(written.some((doc) => doc.id === '000')).toBe(false);
    const east = written.find((doc) => doc.apiName === 'east')!;
    expect(east).toMatchObject({ cluster: { name: 'wazuh' }, timestamp: AT.toISOString() });
    expect(east).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        name: expect.any(String),
        status: expect.any(String),
      }),
    );
    const west = written.find((doc) => doc.apiName === 'west')!;
    expect(west).toMatchObject({ manager: { name: expect.any(String) } });
    expect(west).not.toHaveProperty('cluster');
    expect(new Set(written.map((doc) => `${doc.apiName}/${doc.id}`)).size).toBe(150);
  });
});
