/**
 * Alerts routes over HTTP: every query is pinned to the API host's manager, and a run_as user who
 * may see three agents sees only their alerts, in counts, table, charts and CSV.
 */
import type {
  AlertsAggregateResponse,
  AlertsSearchResponse,
} from '../../../plugins/main/common/alerts/api';
import {
  AGENTS,
  ANALYST_AGENTS,
  indexerSecretLeaks,
  lastDay,
  startAlertsTestEnv,
  type AlertsTestEnv,
} from './search-support';

jest.setTimeout(120_000);

describe('alerts search: manager pin and agent visibility', () => {
  let env: AlertsTestEnv;
  beforeAll(async () => {
    env = await startAlertsTestEnv({ ownAlerts: 600 });
  });
  afterAll(() => env?.stop());

  const analystShare = (total: number) =>
    Array.from({ length: total }, (_, n) => AGENTS[n % AGENTS.length]).filter((id) =>
      ANALYST_AGENTS.includes(id),
    ).length;

  it("reads only the host's manager's alerts", async () => {
    const response = await env.admin.post('/api/alerts/search', {
      body: { ...lastDay, size: 100 },
    });
    expect(response.status).toBe(200);
    const page = response.json<AlertsSearchResponse>();
    expect(page.total).toEqual({ value: env.ownAlerts, relation: 'eq' });
    expect(
      page.hits.every((hit) => (hit._source.manager as { name: string }).name === 'wazuh.manager'),
    ).toBe(true);
    expect(String(page.hits[0]._source.timestamp) > String(page.hits[99]._source.timestamp)).toBe(
      true,
    );
  });

  it('shows a restricted user only the agents they may see: counts, table, charts and CSV', async () => {
    const expected = analystShare(env.ownAlerts);
    const table = (
      await env.analyst.post('/api/alerts/search', { body: { ...lastDay, size: 100 } })
    ).json<AlertsSearchResponse>();
    expect(table.total.value).toBe(expected);
    expect(new Set(table.hits.map((hit) => (hit._source.agent as { id: string }).id))).toEqual(
      new Set(ANALYST_AGENTS),
    );

    const charts = await env.analyst.post('/api/alerts/aggregate', {
      body: {
        ...lastDay,
        charts: [
          { id: 'total', type: 'count' },
          { id: 'agents', type: 'terms', field: 'agent.id', size: 10 },
          {
            id: 'severity',
            type: 'range',
            field: 'rule.level',
            ranges: [
              { key: 'critical', gte: 15 },
              { key: 'high', gte: 12, lt: 15 },
              { key: 'medium', gte: 7, lt: 12 },
              { key: 'low', gte: 0, lt: 7 },
            ],
          },
        ],
      },
    });
    expect(charts.status).toBe(200);
    const answer = charts.json<AlertsAggregateResponse>();
    expect(answer.charts.total).toEqual({ type: 'count', count: expected });
    const agents = answer.charts.agents as { buckets: Array<{ key: string; count: number }> };
    expect(agents.buckets.map((bucket) => bucket.key).sort()).toEqual(ANALYST_AGENTS);
    const bands = answer.charts.severity as { buckets: Array<{ count: number }> };
    expect(bands.buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(expected);

    const csv = await env.analyst.post('/api/alerts/csv', {
      body: { ...lastDay, columns: ['agent.id', 'rule.level'] },
    });
    expect(csv.status).toBe(200);
    const rows = csv.text.trim().split('\n').slice(1);
    expect(rows).toHaveLength(expected);
    expect(new Set(rows.map((row) => row.split(',')[0]))).toEqual(new Set(ANALYST_AGENTS));
  });

  it('gives an unrestricted user every agent of the manager', async () => {
    const answer = (
      await env.user.post('/api/alerts/aggregate', {
        body: {
          ...lastDay,
          charts: [{ id: 'agents', type: 'terms', field: 'agent.id', size: 20 }],
        },
      })
    ).json<AlertsAggregateResponse>();
    const agents = answer.charts.agents as { buckets: Array<{ key: string }> };
    expect(agents.buckets.map((bucket) => bucket.key).sort()).toEqual(AGENTS);
    expect(answer.total.value).toBe(env.ownAlerts);
  });

  it('lists the alert fields for the search bar', async () => {
    const response = await env.user.get('/api/alerts/fields');
    expect(response.status).toBe(200);
    const { fields } = response.json<{ fields: Array<{ name: string; aggregatable: boolean }> }>();
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'rule.level', type: 'number', aggregatable: true }),
        expect.objectContaining({ name: 'full_log', type: 'string', aggregatable: false }),
      ]),
    );
  });

  it("never shows the indexer's password", () => {
    expect(indexerSecretLeaks(env)).toEqual([]);
  });
});
