/**
 * The states datasets over HTTP, against the indexer stand-in: every dataset pinned to the host's
 * manager (`wazuh.cluster.name`) and limited to the run_as analyst's agents in tables, charts and
 * CSV like alerts; fields outside a dataset refused; paging and CSV past 10,000 rows; the agent
 * page's state cards in two indexer requests.
 */
import type {
  AlertsAggregateResponse,
  AlertsFieldsResponse,
  AlertsSearchResponse,
} from '../../../plugins/main/common/alerts/api';
import {
  ALERTS_DATASETS,
  datasetById,
  type AlertsDatasetId,
} from '../../../plugins/main/common/alerts/datasets';
import { AGENTS, ANALYST_AGENTS, startAlertsTestEnv, type AlertsTestEnv } from './search-support';

jest.setTimeout(180_000);

const MANAGER = 'wazuh.manager';
/** Packages per agent: ten agents hold more than the indexer's 10,000-hit window. */
const PACKAGES = 1_100;
const STATES = ALERTS_DATASETS.filter((dataset) => dataset.timeField === null).map(
  (dataset) => dataset.id,
);
const host = { apiHostId: 'sim' };

/** The index a states document of `dataset` lives in (the union reads every inventory index). */
function indexOf(dataset: AlertsDatasetId, manager: string): string {
  const pattern = datasetById(dataset)!.indexPattern.replace(/\*$/, '');
  return `${pattern}${manager === MANAGER ? 'test' : 'other'}`;
}

function base(agentId: string, manager: string) {
  return {
    agent: { id: agentId, name: `agent-${agentId}` },
    wazuh: { cluster: { name: manager } },
  };
}

const SEVERITIES = ['Critical', 'High', 'Medium', 'Low'];

function* states() {
  for (const manager of [MANAGER, 'other.manager'])
    for (const agentId of AGENTS) {
      const common = base(agentId, manager);
      const packages = manager === MANAGER ? PACKAGES : 2;
      for (let n = 0; n < packages; n++)
        yield {
          index: indexOf('inventory-packages', manager),
          source: {
            ...common,
            package: { name: `package-${String(n).padStart(4, '0')}`, version: '1.0', type: 'deb' },
          },
        };
      yield {
        index: indexOf('inventory-system', manager),
        source: { ...common, host: { hostname: common.agent.name, os: { name: 'Ubuntu' } } },
      };
      yield {
        index: indexOf('inventory-hardware', manager),
        source: { ...common, host: { cpu: { name: 'CPU', cores: 4 }, memory: { total: 2 ** 33 } } },
      };
      for (const type of ['ports', 'processes', 'users', 'services'] as const)
        yield { index: indexOf(`inventory-${type}`, manager), source: common };
      for (const [n, severity] of SEVERITIES.entries())
        yield {
          index: indexOf('vulnerabilities', manager),
          source: {
            ...common,
            package: { name: `package-000${n}` },
            vulnerability: { id: `CVE-2024-${n}`, severity, score: { base: 9.5 - 2 * n } },
          },
        };
    }
}

/** What each dataset holds of the pinned manager, per agent. */
const PER_AGENT: Partial<Record<AlertsDatasetId, number>> = {
  'inventory-packages': PACKAGES,
  'inventory-system': 1,
  'inventory-hardware': 1,
  'inventory-ports': 1,
  'inventory-processes': 1,
  'inventory-users': 1,
  'inventory-services': 1,
  inventory: PACKAGES + 6,
  vulnerabilities: SEVERITIES.length,
};

describe('states datasets', () => {
  let env: AlertsTestEnv;
  beforeAll(async () => {
    // The stand-in maps 22,000 documents on the first search: more time than the default second.
    env = await startAlertsTestEnv({
      ownAlerts: 50,
      documents: states,
      indexer: { requestTimeoutMs: 15_000 },
    });
  });
  afterAll(() => env?.stop());

  const searches = () => env.indexer.stats.byEndpoint.search ?? 0;

  it.each(STATES)(
    '%s: pinned to the manager, the analyst sees only their agents',
    async (dataset) => {
      const perAgent = PER_AGENT[dataset] ?? 0;
      const agentsChart = [{ id: 'agents', type: 'terms', field: 'agent.id', size: 20 }];
      const admin = (
        await env.admin.post('/api/alerts/aggregate', {
          body: { ...host, dataset, charts: agentsChart },
        })
      ).json<AlertsAggregateResponse>();
      expect(admin.total.value).toBe(perAgent * AGENTS.length);
      const analystAnswer = await env.analyst.post('/api/alerts/aggregate', {
        body: { ...host, dataset, charts: agentsChart },
      });
      expect(analystAnswer.status).toBe(200);
      const analyst = analystAnswer.json<AlertsAggregateResponse>();
      expect(analyst.total.value).toBe(perAgent * ANALYST_AGENTS.length);
      const buckets = (analyst.charts.agents as { buckets: Array<{ key: string }> }).buckets;
      expect(buckets.map((bucket) => bucket.key).sort()).toEqual(perAgent ? ANALYST_AGENTS : []);
      const page = (
        await env.analyst.post('/api/alerts/search', { body: { ...host, dataset, size: 100 } })
      ).json<AlertsSearchResponse>();
      expect(page.total.value).toBe(analyst.total.value);
      for (const hit of page.hits) {
        expect(ANALYST_AGENTS).toContain((hit._source.agent as { id: string }).id);
        expect(hit._source.wazuh).toEqual({ cluster: { name: MANAGER } });
      }
    },
  );

  it("exports only the analyst's agents' packages as CSV", async () => {
    const response = await env.analyst.post('/api/alerts/csv', {
      body: { ...host, dataset: 'inventory-packages', columns: ['agent.id', 'package.name'] },
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="inventory-packages-[\dT-]+Z\.csv"$/,
    );
    const lines = response.text.trim().split('\n');
    expect(lines[0]).toBe('agent.id,package.name');
    expect(lines).toHaveLength(PACKAGES * ANALYST_AGENTS.length + 1);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[0]))).toEqual(
      new Set(ANALYST_AGENTS),
    );
    // The default sort: package name, then agent.
    expect(lines.slice(1, 4)).toEqual(ANALYST_AGENTS.map((id) => `${id},package-0000`));
  });

  it.each([
    [
      { filters: [{ field: 'rule.level', type: 'exists' }] },
      'filters.0.field',
      'unknown field [rule.level]',
    ],
    [
      { sort: [{ field: 'timestamp', direction: 'desc' }] },
      'sort.0.field',
      'unknown field [timestamp]',
    ],
    [{ fields: ['vulnerability.id'] }, 'fields.0', 'unknown field [vulnerability.id]'],
    [{ query: { language: 'kuery', query: 'rule.id:5710' } }, 'query.query', 'rule.id'],
    [{ charts: [{ id: 'h', type: 'date_histogram' }] }, 'charts.0.type', 'current state'],
    [{ view: 'pci-dss' }, 'dataset', 'view [pci-dss] reads alerts, not [inventory-packages]'],
    [{ view: 'no-such-view' }, 'view', '[no-such-view] is not a view'],
  ])('refuses %j on a states dataset, naming %s', async (extra, field, reason) => {
    const response = await env.admin.post('/api/alerts/search', {
      body: { ...host, dataset: 'inventory-packages', size: 10, ...extra },
    });
    expect(response.status).toBe(400);
    const body = response.json<{ message: string; attributes: { field: string } }>();
    expect(body.attributes.field).toBe(field);
    expect(body.message).toContain(reason);
  });

  it('refuses an unknown dataset, and alerts without a time range', async () => {
    const unknown = await env.admin.post('/api/alerts/search', {
      body: { ...host, dataset: 'inventory-cars', size: 10 },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json<{ message: string }>().message).toContain('dataset');
    const alerts = await env.admin.post('/api/alerts/search', { body: { ...host, size: 10 } });
    expect(alerts.status).toBe(400);
    expect(alerts.json<{ attributes: { field: string } }>().attributes.field).toBe('timeRange');
  });

  it("lists a dataset's fields, and says it has no time field", async () => {
    const packages = (
      await env.admin.get('/api/alerts/fields?dataset=inventory-packages')
    ).json<AlertsFieldsResponse>();
    expect(packages).toMatchObject({ dataset: 'inventory-packages', timeField: null });
    const names = packages.fields.map((field) => field.name);
    expect(names).toEqual(
      expect.arrayContaining(['package.name', 'agent.id', 'wazuh.cluster.name']),
    );
    expect(names).not.toContain('rule.level');
    const posted = (
      await env.admin.post('/api/alerts/fields', { body: { dataset: 'vulnerabilities' } })
    ).json<AlertsFieldsResponse>();
    expect(posted.fields.map((field) => field.name)).toContain('vulnerability.severity');
    const alerts = (await env.admin.get('/api/alerts/fields')).json<AlertsFieldsResponse>();
    expect(alerts).toMatchObject({ dataset: 'alerts', timeField: 'timestamp' });
    expect((await env.admin.get('/api/alerts/fields?dataset=nope')).status).toBe(400);
  });

  it('pages on past the 10,000th package with the cursor', async () => {
    const size = 100;
    const body = {
      ...host,
      dataset: 'inventory-packages',
      size,
      fields: ['agent.id', 'package.name'],
    };
    const answer = await env.admin.post('/api/alerts/search', { body: { ...body, page: 99 } });
    expect([answer.status, answer.text.slice(0, 300)]).toEqual([200, expect.any(String)]);
    const first = answer.json<AlertsSearchResponse>();
    expect(first.total).toEqual({ value: PACKAGES * AGENTS.length, relation: 'eq' });
    let seen = 10_000;
    let cursor = first.cursor;
    const names = new Set<string>();
    while (cursor) {
      const next = await env.admin.post('/api/alerts/search', { body: { ...body, cursor } });
      expect(next.status).toBe(200);
      const page = next.json<AlertsSearchResponse>();
      for (const hit of page.hits)
        names.add(
          `${(hit._source.agent as { id: string }).id}/${(hit._source.package as { name: string }).name}`,
        );
      seen += page.hits.length;
      cursor = page.cursor;
    }
    expect(seen).toBe(PACKAGES * AGENTS.length);
    expect(names.size).toBe(PACKAGES * AGENTS.length - 10_000);
  });

  it('exports every package past 10,000 rows', async () => {
    const response = await env.admin.post('/api/alerts/csv', {
      body: { ...host, dataset: 'inventory-packages', columns: ['agent.name', 'package.name'] },
    });
    expect(response.status).toBe(200);
    expect(response.headers['x-svc-total-rows']).toBe(String(PACKAGES * AGENTS.length));
    expect(response.text.trim().split('\n')).toHaveLength(PACKAGES * AGENTS.length + 1);
  });

  it("answers the agent page's state cards in two indexer requests", async () => {
    const before = searches();
    const [vulnerabilities, summary] = await Promise.all([
      env.admin.post('/api/alerts/aggregate', {
        body: {
          ...host,
          dataset: 'vulnerabilities',
          agentId: '002',
          charts: [
            { id: 'severity', type: 'terms', field: 'vulnerability.severity', size: 4 },
            { id: 'packages', type: 'terms', field: 'package.name', size: 5 },
          ],
        },
      }),
      env.admin.post('/api/alerts/search', {
        body: {
          ...host,
          dataset: 'inventory',
          agentId: '002',
          size: 2,
          query: { language: 'kuery', query: 'host.os.name:* or host.cpu.name:*' },
          fields: [
            'host.hostname',
            'host.os.name',
            'host.cpu.name',
            'host.cpu.cores',
            'host.memory.total',
          ],
        },
      }),
    ]);
    expect(searches() - before).toBe(2);
    const counts = vulnerabilities.json<AlertsAggregateResponse>().charts;
    expect(
      (counts.severity as { buckets: Array<{ key: string; count: number }> }).buckets
        .map((bucket) => [bucket.key, bucket.count])
        .sort(),
    ).toEqual(SEVERITIES.map((severity) => [severity, 1]).sort());
    expect((counts.packages as { buckets: unknown[] }).buckets).toHaveLength(4);
    const hits = summary.json<AlertsSearchResponse>().hits.map((hit) => hit._source);
    expect(hits).toHaveLength(2);
    expect(hits).toEqual(
      expect.arrayContaining([
        { host: { hostname: 'agent-002', os: { name: 'Ubuntu' } } },
        { host: { cpu: { name: 'CPU', cores: 4 }, memory: { total: 2 ** 33 } } },
      ]),
    );
  });
});
