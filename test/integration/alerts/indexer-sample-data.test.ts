/**
 * Sample data over HTTP: every user reads the categories' status, only admins add and remove them
 * (with the XSRF header, for a stored API host), and added alerts are the host's manager's, seen by
 * searches, which say they include sample data.
 */
import { HOST_ID } from '../main/support';
import {
  indexerLeaks,
  SIM_MANAGER,
  startIndexerTestEnv,
  type IndexerTestEnv,
} from './indexer-support';

jest.setTimeout(60_000);

interface Statuses {
  categories: Array<{ category: string; index: string; installed: boolean; count: number }>;
}

describe('sample data', () => {
  let env: IndexerTestEnv;

  beforeAll(async () => {
    env = await startIndexerTestEnv();
  });
  afterAll(async () => {
    expect(indexerLeaks(env)).toEqual([]);
    await env.stop();
  });

  const statuses = async () =>
    (await env.user.get('/api/alerts/sample-data')).json<Statuses>().categories;

  it('shows every category as not installed at first, to every user', async () => {
    expect(await statuses()).toEqual([
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

  it('lets only admins add and remove sample data', async () => {
    const add = await env.user.post('/api/alerts/sample-data/security', {
      body: { apiHostId: HOST_ID },
    });
    expect(add.status).toBe(403);
    expect(add.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect((await env.user.delete('/api/alerts/sample-data/security')).status).toBe(403);
    expect((await statuses()).every((entry) => !entry.installed)).toBe(true);
  });

  it('needs the XSRF header, a known category and a stored host', async () => {
    const withoutXsrf = await fetch(`${env.dashboard.url}/api/alerts/sample-data/security`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`admin:${env.dashboard.adminPassword}`).toString('base64')}`,
      },
      body: JSON.stringify({ apiHostId: HOST_ID }),
    });
    expect(withoutXsrf.status).toBe(400);
    expect(((await withoutXsrf.json()) as { message: string }).message).toBe(
      'Request must contain a osd-xsrf header.',
    );
    const unknown = await env.admin.post('/api/alerts/sample-data/everything', {
      body: { apiHostId: HOST_ID },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json<{ message: string }>().message).toMatch(/^\[request params\.category\]/);
    const noHost = await env.admin.post('/api/alerts/sample-data/security', { body: {} });
    expect(noHost.status).toBe(400);
    expect(noHost.json<{ message: string }>().message).toMatch(/apiHostId/);
    const unknownHost = await env.admin.post('/api/alerts/sample-data/security', {
      body: { apiHostId: 'nowhere' },
    });
    expect(unknownHost.status).toBe(404);
  });

  it("adds a category with the host's manager and agents, seen by its searches", async () => {
    const added = await env.admin.post('/api/alerts/sample-data/security', {
      body: { apiHostId: HOST_ID },
    });
    expect(added.status).toBe(200);
    expect(added.json()).toMatchObject({ category: 'security', installed: true, count: 3_500 });
    expect((await statuses())[0]).toMatchObject({ installed: true, count: 3_500 });

    const search = await env.user.post('/api/alerts/search', {
      body: {
        apiHostId: HOST_ID,
        timeRange: { from: 'now-7d', to: 'now' },
        query: { language: 'kuery', query: 'rule.groups:authentication_failed' },
        size: 5,
      },
    });
    const found = search.json<{
      total: { value: number };
      hits: Array<{
        _index: string;
        _source: { manager: { name: string }; agent: { id: string } };
      }>;
      includesSampleData: boolean;
    }>();
    expect(found.total.value).toBeGreaterThan(0);
    expect(found.includesSampleData).toBe(true);
    for (const hit of found.hits) {
      expect(hit._index).toBe('wazuh-alerts-4.x-sample-security');
      expect(hit._source.manager.name).toBe(SIM_MANAGER);
      expect(hit._source.agent.id).not.toBe('000');
    }
  });

  it('removes a category', async () => {
    const removed = await env.admin.delete('/api/alerts/sample-data/security');
    expect(removed.status).toBe(200);
    expect(removed.json()).toMatchObject({ category: 'security', installed: false });
    expect((await statuses())[0]).toMatchObject({ installed: false, count: 0 });
  });

  it.each([
    ['wazuh-inventory-agent', 'inventory-packages', 'package.name'],
    ['wazuh-vulnerabilities', 'vulnerabilities', 'vulnerability.severity'],
  ])(
    "adds and removes %s: the host's agents' states, pinned, marked as sample data",
    async (category, dataset, field) => {
      const added = await env.admin.post(`/api/alerts/sample-data/${category}`, {
        body: { apiHostId: HOST_ID },
      });
      expect(added.status).toBe(200);
      const { count } = added.json<{ count: number }>();
      expect(count).toBeGreaterThan(0);
      const status = (await statuses()).find((entry) => entry.category === category);
      expect(status).toMatchObject({ installed: true, count });

      const read = () =>
        env.user
          .post('/api/alerts/search', {
            body: {
              apiHostId: HOST_ID,
              dataset,
              size: 100,
              charts: [{ id: 'values', type: 'terms', field, size: 5 }],
            },
          })
          .then((response) =>
            response.json<{
              total: { value: number };
              hits: Array<{ _index: string; _source: { wazuh: { cluster: { name: string } } } }>;
              includesSampleData: boolean;
            }>(),
          );
      const found = await read();
      expect(found.total.value).toBeGreaterThan(0);
      expect(found.includesSampleData).toBe(true);
      for (const hit of found.hits) {
        expect(hit._index).toMatch(new RegExp(`-sample-${category}$`));
        expect(hit._source.wazuh.cluster.name).toBe(SIM_MANAGER);
      }

      const removed = await env.admin.delete(`/api/alerts/sample-data/${category}`);
      expect(removed.status).toBe(200);
      expect((await statuses()).find((entry) => entry.category === category)).toMatchObject({
        installed: false,
        count: 0,
      });
      expect((await read()).total.value).toBe(0);
    },
  );
});
