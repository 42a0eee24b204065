/**
 * The statistics and monitoring jobs on two dashboards sharing one PostgreSQL database: each tick
 * writes its documents once (not once per instance) into the week's index of the indexer, and the
 * last run, a failed one included, is what both instances show in the indexer's status.
 */
import { Client } from 'pg';
import { RUN_CLAIMS_TABLE } from '../../../host/server/saved-objects/postgres/schema';
import { describeWithPostgres } from '../../../host/server/saved-objects/postgres/test-support';
import { DEMO_CLUSTER } from '../../../simulator';
import { startIndexer, type IndexerStandIn } from '../../../simulator/indexer';
import type { IndexerStatus } from '../../../plugins/main/common/alerts/api';
import { eventually } from '../../support/waiting';
import type { TestClient } from '../harness';
import { simulatorHost, startTwoDashboardsWithApi, type DashboardsWithApi } from './support';

jest.setTimeout(120_000);

const AGENTS = 40;
/** 3 nodes × (remoted, analysisd). */
const STATISTICS_PER_RUN = 6;

describeWithPostgres('the indexer jobs of two dashboards on one PostgreSQL database', () => {
  let indexer: IndexerStandIn;
  let dashboards: DashboardsWithApi;
  let adminA: TestClient;
  let adminB: TestClient;

  async function claimed(job: string): Promise<number> {
    const client = new Client({ connectionString: dashboards.database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: string }>(
        `SELECT count(*) FROM ${RUN_CLAIMS_TABLE} WHERE key LIKE $1`,
        [`svc.${job}:%`],
      );
      return Number(rows[0].count);
    } finally {
      await client.end();
    }
  }

  async function documents(pattern: string): Promise<Array<Record<string, unknown>>> {
    const auth = `Basic ${Buffer.from('admin:admin').toString('base64')}`;
    await fetch(`${indexer.url}/${pattern}/_refresh`, {
      method: 'POST',
      headers: { authorization: auth },
    });
    const answer = await fetch(`${indexer.url}/${pattern}/_search`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ size: 10_000 }),
    });
    const body = (await answer.json()) as {
      hits: { hits: Array<{ _index: string; _source: Record<string, unknown> }> };
    };
    return body.hits.hits.map((hit) => ({ ...hit._source, _index: hit._index }));
  }

  /** Documents grouped by their run's timestamp. */
  const runsOf = (docs: Array<Record<string, unknown>>) => {
    const runs = new Map<string, number>();
    for (const doc of docs)
      runs.set(String(doc.timestamp), (runs.get(String(doc.timestamp)) ?? 0) + 1);
    return runs;
  };

  /** The schedule's ticks the runs started in. */
  const ticksOf = (runs: Map<string, number>, periodMs: number) =>
    new Set([...runs.keys()].map((at) => Math.floor(Date.parse(at) / periodMs))).size;

  beforeAll(async () => {
    indexer = await startIndexer();
    dashboards = await startTwoDashboardsWithApi({
      encryptionKey: 'scale-out-indexer-jobs-key-0123456789',
      simulator: { agents: AGENTS, cluster: DEMO_CLUSTER },
      config: {
        svc: {
          indexer: { hosts: [indexer.url], username: 'admin', password: 'admin' },
          jobs: {
            statistics: { schedule: '*/2 * * * * *' },
            monitoring: { schedule: '*/3 * * * * *' },
          },
        },
      },
    });
    [adminA, adminB] = [await dashboards.a.login(), await dashboards.b.login()];
    const added = await adminA.post('/hosts/apis', {
      body: simulatorHost(dashboards.simulator, 'shared'),
    });
    expect(added.status).toBe(200);
  });
  afterAll(async () => {
    await dashboards?.stop();
    await indexer?.stop();
  });

  it("writes each tick's statistics once, one document per node and daemon, into the week's index", async () => {
    await eventually(async () => runsOf(await documents('wazuh-statistics-*')).size >= 3);
    const docs = await documents('wazuh-statistics-*');
    const ticks = await claimed('statistics');
    const runs = runsOf(docs);
    // Every run wrote all of its documents, and no tick ran on both instances.
    expect([...runs.values()].every((count) => count === STATISTICS_PER_RUN)).toBe(true);
    // A tick run by both instances would show as two runs in one tick's slot.
    expect(runs.size).toBeLessThanOrEqual(ticks);
    expect(ticksOf(runs, 2_000)).toBe(runs.size);
    expect(docs[0]._index).toMatch(/^wazuh-statistics-\d{4}\.\d{1,2}w$/);
    expect(new Set(docs.map((doc) => `${doc.nodeName}/${doc.cluster}`))).toEqual(
      new Set(['master-node/true', 'worker1/true', 'worker2/true']),
    );
    expect(docs.every((doc) => doc.apiName === 'shared')).toBe(true);
  });

  it("writes every agent's status once per tick into the monitoring index", async () => {
    await eventually(async () => runsOf(await documents('wazuh-monitoring-*')).size >= 2);
    const runs = runsOf(await documents('wazuh-monitoring-*'));
    expect([...runs.values()].every((count) => count === AGENTS)).toBe(true);
    expect(runs.size).toBeLessThanOrEqual(await claimed('monitoring'));
    expect(ticksOf(runs, 3_000)).toBe(runs.size);
  });

  it('with the indexer down, a run fails once and both instances say why', async () => {
    const status = async (client: TestClient) =>
      (await client.get('/api/alerts/status')).json<IndexerStatus>();
    const before = (await status(adminA)).jobs?.find((run) => run.job === 'statistics');
    expect(before).toMatchObject({ errors: [] });
    indexer.faults.down = true;
    try {
      const failed = await eventually(async () => {
        const run = (await status(adminB)).jobs?.find((job) => job.job === 'statistics');
        return run && run.errors.length > 0 && run;
      });
      expect(failed).toMatchObject({ documents: 0, errors: [expect.stringMatching(/^Indexer: /)] });
      const onA = (await status(adminA)).jobs?.find((run) => run.job === 'statistics');
      expect(onA?.startedAt).toBeDefined();
    } finally {
      indexer.faults.down = false;
    }
    await eventually(async () => {
      const run = (await status(adminA)).jobs?.find((job) => job.job === 'statistics');
      return run && run.errors.length === 0 && run.documents === STATISTICS_PER_RUN;
    });
  });
});
