/**
 * Alerts paging cursors behind a load balancer: a cursor one instance issued pages on through
 * another, and after both restarted, because every instance derives the signing key from the shared
 * SVC_ENCRYPTION_KEY; an instance given another key refuses it with a 400 that says why.
 */
import type { AlertsSearchResponse } from '../../../plugins/main/common/alerts/api';
import {
  createTestDatabase,
  describeWithPostgres,
  type TestDatabase,
} from '../../../host/server/saved-objects/postgres/test-support';
import { ADMIN_USER, startManagedApi, type ManagedApi } from '../../../simulator';
import { startIndexer, type IndexerStandIn } from '../../../simulator/indexer';
import { startTestDashboard, type TestDashboard } from '../harness';

jest.setTimeout(180_000);

const ENCRYPTION_KEY = 'scale-out-cursor-key-0123456789abcdef';
const ROTATED_KEY = 'scale-out-rotated-key-0123456789abcdef';
const ALERTS = 10_250;
const EVERY_MS = 5_000;
const SIZE = 100;
const INDEXER_USER = { username: 'svc-indexer', password: 'scale-out-indexer-password' };
const selection = { apiHostId: 'sim', timeRange: { from: 'now-1d', to: 'now' }, size: SIZE };

function* alerts(now: number) {
  for (let n = 0; n < ALERTS; n++)
    yield {
      index: 'wazuh-alerts-4.x-2024.05.10',
      source: {
        timestamp: new Date(now - EVERY_MS * (n + 1)).toISOString(),
        manager: { name: 'wazuh.manager' },
        agent: { id: '001', name: 'agent-001' },
        rule: { level: n % 16, id: '5700', description: `Alert ${n}` },
      },
    };
}

describeWithPostgres('alerts cursors across instances on one PostgreSQL database', () => {
  let database: TestDatabase;
  let simulator: ManagedApi;
  let indexer: IndexerStandIn;
  let previousKey: string | undefined;
  const running: TestDashboard[] = [];

  /** A dashboard on the shared database, the API host and the indexer, under `key`. */
  async function instance(key: string): Promise<TestDashboard> {
    // The main plugin reads the key from the environment of this process, where the dashboards run.
    process.env.SVC_ENCRYPTION_KEY = key;
    const origin = new URL(simulator.url);
    const dashboard = await startTestDashboard({
      env: { SVC_SAVED_OBJECTS_URL: database.url, SVC_ENCRYPTION_KEY: key },
      config: {
        svc: {
          hosts: [
            {
              id: 'sim',
              url: `${origin.protocol}//${origin.hostname}`,
              port: simulator.port,
              username: ADMIN_USER.username,
              password: ADMIN_USER.password,
              run_as: false,
            },
          ],
          indexer: { hosts: [indexer.url], ...INDEXER_USER },
        },
      },
    });
    running.push(dashboard);
    return dashboard;
  }

  async function stopAll(): Promise<void> {
    await Promise.all(running.splice(0).map((dashboard) => dashboard.stop()));
  }

  async function page(dashboard: TestDashboard, body: Record<string, unknown>) {
    const response = await (
      await dashboard.login()
    ).post('/api/alerts/search', {
      body: { ...selection, ...body },
    });
    return response;
  }

  beforeAll(async () => {
    previousKey = process.env.SVC_ENCRYPTION_KEY;
    database = await createTestDatabase();
    simulator = await startManagedApi();
    indexer = await startIndexer({ documents: alerts(Date.now()), users: [INDEXER_USER] });
  });
  afterAll(async () => {
    await stopAll();
    await indexer?.stop();
    await simulator?.stop();
    await database?.drop();
    if (previousKey === undefined) delete process.env.SVC_ENCRYPTION_KEY;
    else process.env.SVC_ENCRYPTION_KEY = previousKey;
  });

  it('pages on through B with the cursor A issued, and again after both restarted', async () => {
    const a = await instance(ENCRYPTION_KEY);
    const b = await instance(ENCRYPTION_KEY);
    const lastInWindow = await page(a, { page: 99 });
    expect(lastInWindow.status).toBe(200);
    const { cursor, hits } = lastInWindow.json<AlertsSearchResponse>();
    expect(cursor).toEqual(expect.any(String));

    const throughB = await page(b, { cursor });
    expect(throughB.status).toBe(200);
    const next = throughB.json<AlertsSearchResponse>();
    expect(Date.parse(next.hits[0]._source.timestamp as string)).toBe(
      Date.parse(hits[SIZE - 1]._source.timestamp as string) - EVERY_MS,
    );

    await stopAll();
    const [c, d] = [await instance(ENCRYPTION_KEY), await instance(ENCRYPTION_KEY)];
    for (const restarted of [c, d]) {
      const again = await page(restarted, { cursor });
      expect(again.status).toBe(200);
      expect(again.json<AlertsSearchResponse>().hits).toEqual(next.hits);
    }
    // On to the last page, each cursor through the other restarted instance in turn.
    let seen = 10_000 + next.hits.length;
    let cursorOn = next.cursor;
    for (let turn = 0; cursorOn; turn++) {
      const response = await page(turn % 2 ? c : d, { cursor: cursorOn });
      expect(response.status).toBe(200);
      const onward = response.json<AlertsSearchResponse>();
      seen += onward.hits.length;
      cursorOn = onward.cursor;
    }
    expect(seen).toBe(ALERTS);
  });

  it('refuses, with a 400 naming the cursor, a cursor signed before the key was rotated', async () => {
    await stopAll();
    const before = await instance(ENCRYPTION_KEY);
    const { cursor } = (await page(before, { page: 99 })).json<AlertsSearchResponse>();
    await stopAll();
    const rotated = await instance(ROTATED_KEY);
    const refused = await page(rotated, { cursor });
    expect(refused.status).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^\[request body\.cursor\]: was signed under another encryption key \(SVC_ENCRYPTION_KEY changed/,
    );
  });
});
