/**
 * Every security module's dashboard queries over HTTP are pinned and filtered like Threat Hunting's:
 * the host's manager only, the module's fixed filter, a pinned agent, and for a run_as user who may
 * see three agents only their alerts. The expected counts are worked out here from the documents
 * themselves, not asked of the indexer.
 */
import type {
  AlertsAggregateResponse,
  AlertsChartResult,
  AlertsFilter,
} from '../../../plugins/main/common/alerts/api';
import { dashboardCharts, MODULES } from '../../../plugins/main/common/modules';
import { generateSampleAlerts } from '../../../plugins/main/server/services/alerts/sample-data/generator';
import {
  SAMPLE_DATA_CATEGORIES,
  type AlertsSampleDataCategory,
} from '../../../plugins/main/common/alerts/api';
import { AGENTS, ANALYST_AGENTS, startAlertsTestEnv, type AlertsTestEnv } from './search-support';

jest.setTimeout(180_000);

const INDEX = 'wazuh-alerts-4.x-modules';
const DAY_MS = 24 * 60 * 60 * 1000;
type Source = Record<string, unknown>;

/** The values at a dotted path, arrays flattened, as the indexer matches them. */
function valuesAt(source: unknown, path: string): unknown[] {
  const [head, ...rest] = path.split('.');
  if (Array.isArray(source)) return source.flatMap((item) => valuesAt(item, path));
  if (source === null || typeof source !== 'object') return [];
  const value = (source as Source)[head];
  if (value === undefined || value === null) return [];
  if (rest.length === 0) return Array.isArray(value) ? value : [value];
  return valuesAt(value, rest.join('.'));
}

function matches(source: Source, filter: AlertsFilter): boolean {
  if (filter.disabled) return true;
  const values = valuesAt(source, filter.field);
  const hit = (() => {
    switch (filter.type) {
      case 'is':
        return values.some((value) => String(value) === String(filter.value));
      case 'is_one_of':
        return values.some((value) => filter.values.map(String).includes(String(value)));
      case 'exists':
        return values.length > 0;
      case 'between':
        return values.some(
          (value) =>
            (filter.gte === undefined || Number(value) >= Number(filter.gte)) &&
            (filter.lte === undefined || Number(value) <= Number(filter.lte)),
        );
    }
  })();
  return filter.negate ? !hit : hit;
}

const ALERT_MODULES = MODULES.filter((module) => module.dashboard.source === 'alerts');

describe('security modules: every dashboard pinned and filtered like Threat Hunting', () => {
  let env: AlertsTestEnv;
  let ours: Source[];

  beforeAll(async () => {
    env = await startAlertsTestEnv({ ownAlerts: 0 });
    const agents = AGENTS.map((id) => ({
      id,
      name: `agent-${id}`,
      ip: `10.0.0.${Number(id) + 1}`,
    }));
    const context = { agents, now: env.now - 60_000, rangeMs: 6 * DAY_MS };
    ours = SAMPLE_DATA_CATEGORIES.filter(({ dataset }) => dataset === 'alerts').flatMap(
      ({ id }, n) =>
        generateSampleAlerts(id as AlertsSampleDataCategory, 700, {
          ...context,
          manager: 'wazuh.manager',
          seed: 40 + n,
        }),
    ) as unknown as Source[];
    const theirs = generateSampleAlerts('security', 200, {
      ...context,
      manager: 'other.manager',
      seed: 99,
    });
    for (const [n, source] of [...ours, ...theirs].entries())
      env.indexer.index(INDEX, source as unknown as Source, `module-${n}`);
  });
  afterAll(() => env?.stop());

  const lastWeek = { apiHostId: 'sim', timeRange: { from: 'now-7d', to: 'now' } };

  async function totalOf(
    client: AlertsTestEnv['admin'],
    module: (typeof ALERT_MODULES)[number],
    agentId?: string,
  ): Promise<{ total: number; charts: Record<string, AlertsChartResult> }> {
    const response = await client.post('/api/alerts/aggregate', {
      body: {
        ...lastWeek,
        agentId,
        filters: module.fixedFilters,
        charts: [{ id: 'total', type: 'count' }, ...dashboardCharts(module, agentId !== undefined)],
      },
    });
    expect(response.status).toBe(200);
    const answer = response.json<AlertsAggregateResponse>();
    const total = answer.charts.total;
    if (total?.type !== 'count') throw new Error(`no count in ${response.text}`);
    return { total: total.count, charts: answer.charts };
  }

  const expected = (module: (typeof ALERT_MODULES)[number], agents: readonly string[]) =>
    ours.filter(
      (source) =>
        agents.includes(String(valuesAt(source, 'agent.id')[0])) &&
        module.fixedFilters.every((filter) => matches(source, filter)),
    ).length;

  it.each(ALERT_MODULES.map((module) => [module.id, module] as const))(
    '%s: the manager and the fixed filter for an admin, three agents for the analyst, one when pinned',
    async (_id, module) => {
      const admin = await totalOf(env.admin, module);
      expect(admin.total).toBe(expected(module, AGENTS));

      const analyst = await totalOf(env.analyst, module);
      expect(analyst.total).toBe(expected(module, ANALYST_AGENTS));
      for (const result of Object.values(analyst.charts)) {
        if (result.type === 'count') continue;
        for (const bucket of result.buckets)
          if (/^agent-\d{3}$/.test(String(bucket.key)))
            expect(ANALYST_AGENTS.map((id) => `agent-${id}`)).toContain(bucket.key);
      }

      const pinned = await totalOf(env.admin, module, '002');
      expect(pinned.total).toBe(expected(module, ['002']));
    },
  );

  it('finds alerts for most modules, so the counts above compare something', () => {
    const withAlerts = ALERT_MODULES.filter((module) => expected(module, AGENTS) > 0);
    expect(withAlerts.length).toBeGreaterThanOrEqual(ALERT_MODULES.length - 2);
  });
});
