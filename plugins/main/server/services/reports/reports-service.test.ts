// Reports end to end without HTTP: a request becomes a job that reads the view's charts through the
// data source (here a fake that counts a fixed list of alerts), draws the PDF and stores it; the
// PDF's text holds the counts of the data; failures say why.
import { buffer } from 'node:stream/consumers';
import type {
  AlertsAggregateResponse,
  AlertsBucket,
  AlertsChartRequest,
  AlertsChartResult,
  AlertsFilter,
  AlertsSelection,
} from '../../../common/alerts/api';
import { startTestSavedObjects, type TestSavedObjects } from '@host/server/saved-objects/testing';
import { pdfPages } from '@test/support/pdf-text';
import { createReportsService, REPORT_SAVED_OBJECT_TYPES, reportSavedObjectTypes } from './index';
import type { ReportDataSource } from './reports-service';
import { IndexerError } from '../alerts/indexer';

jest.setTimeout(30_000);

type Alert = Record<string, string | number>;

/** Integrity alerts of three agents: agent a has 5, b 3, c 1; paths and actions vary. */
const ALERTS: Alert[] = [
  ...Array.from({ length: 5 }, (_, n) => ({
    'agent.name': 'agent-a',
    'syscheck.event': n < 3 ? 'modified' : 'added',
    'syscheck.path': '/etc/passwd',
  })),
  ...Array.from({ length: 3 }, () => ({
    'agent.name': 'agent-b',
    'syscheck.event': 'deleted',
    'syscheck.path': '/etc/hosts',
  })),
  { 'agent.name': 'agent-c', 'syscheck.event': 'added', 'syscheck.path': '/tmp/x' },
].map((alert, n) => ({
  ...alert,
  'rule.description': `Rule ${n % 2}`,
  'rule.level': 7,
  'rule.groups': 'syscheck',
}));

function matches(alert: Alert, filters: AlertsFilter[]): boolean {
  return filters.every((filter) =>
    filter.type === 'is'
      ? alert[filter.field] === filter.value
      : filter.type === 'is_one_of'
        ? filter.values.includes(alert[filter.field])
        : filter.type === 'exists'
          ? alert[filter.field] !== undefined
          : true,
  );
}

function termsOf(
  alerts: Alert[],
  field: string,
  size: number,
  split?: { field: string; size: number },
): AlertsBucket[] {
  const counts = new Map<string, Alert[]>();
  for (const alert of alerts)
    if (alert[field] !== undefined)
      counts.set(String(alert[field]), [...(counts.get(String(alert[field])) ?? []), alert]);
  return [...counts.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .slice(0, size)
    .map(([key, group]) => ({
      key,
      label: key,
      count: group.length,
      ...(split && { split: termsOf(group, split.field, split.size) }),
    }));
}

function answer(charts: AlertsChartRequest[]): AlertsAggregateResponse {
  const results: Record<string, AlertsChartResult> = {};
  for (const chart of charts) {
    if (chart.type === 'count') results[chart.id] = { type: 'count', count: ALERTS.length };
    else if (chart.type === 'terms')
      results[chart.id] = {
        type: 'terms',
        buckets: termsOf(ALERTS, chart.field, chart.size, chart.split),
      };
    else if (chart.type === 'filters')
      results[chart.id] = {
        type: 'filters',
        buckets: Object.entries(chart.filters).map(([key, filters]) => ({
          key,
          label: key,
          count: ALERTS.filter((alert) => matches(alert, filters as AlertsFilter[])).length,
        })),
      };
    else if (chart.type === 'date_histogram')
      results[chart.id] = {
        type: 'date_histogram',
        buckets: [
          {
            key: 0,
            label: '2026-11-26T09:00:00.000Z',
            count: ALERTS.length,
            ...(chart.split && { split: termsOf(ALERTS, chart.split.field, chart.split.size) }),
          },
        ],
      };
  }
  return {
    total: { value: ALERTS.length, relation: 'eq' },
    charts: results,
    includesSampleData: false,
  };
}

const selection: AlertsSelection = { apiHostId: 'demo', timeRange: { from: 'now-24h', to: 'now' } };

describe('reports service', () => {
  let saved: TestSavedObjects;
  let runs: Array<Promise<unknown>>;
  const asked: Array<{ selection: AlertsSelection; charts: AlertsChartRequest[] }> = [];
  const data: ReportDataSource = {
    aggregate: async (chosen, charts) => {
      asked.push({ selection: chosen, charts });
      return answer(charts);
    },
    scope: async () => ({ agentIds: ['001', '002'] }),
    agent: async (_host, id) =>
      id === '001' ? { id, name: 'web-01', ip: '10.0.0.1', os: 'Ubuntu 24.04' } : undefined,
  };
  const now = () => new Date('2026-11-26T10:00:00Z');
  const service = (maxPrintedTextChars = 2_000) =>
    createReportsService({
      repository: saved.start.createInternalRepository(REPORT_SAVED_OBJECT_TYPES),
      limits: {
        keptPerUser: 10,
        maxSizeBytes: 5_000_000,
        generationTimeoutMs: 20_000,
        maxConcurrentGenerations: 2,
        maxConcurrentPerUser: 2,
        maxQueuedGenerations: 4,
        stalledAfterMs: 30_000,
        maxPrintedTextChars,
      },
      runInBackground: (_name, run) => runs.push(run().catch(() => undefined)),
      logger: saved.logger,
      now,
    });
  beforeEach(async () => {
    saved = await startTestSavedObjects((setup) =>
      reportSavedObjectTypes.forEach((type) => setup.registerType(type)),
    );
    runs = [];
    asked.length = 0;
  });
  afterEach(() => saved.cleanup());

  it("makes a module's report whose counts are the data's, in one data request", async () => {
    const reports = service();
    const job = await reports.generate(
      { username: 'alice', admin: false, data },
      { moduleId: 'file-integrity-monitoring', selection },
    );
    expect(job).toMatchObject({
      status: 'running',
      owner: 'alice',
      title: 'File Integrity Monitoring',
    });
    await Promise.all(runs);
    const done = await reports.job({ username: 'alice', admin: false }, job.id);
    expect(done).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(asked).toHaveLength(1);
    // The range is resolved once, so the queries and the printed range are the same instants.
    expect(asked[0].selection.timeRange).toEqual({
      from: '2026-11-25T10:00:00.000Z',
      to: '2026-11-26T10:00:00.000Z',
    });
    // The report names its view: the search service applies its fixed filter, as for its dashboard.
    expect(asked[0].selection).toMatchObject({
      view: 'file-integrity-monitoring',
      dataset: 'alerts',
    });
    expect(asked[0].selection.filters).toBeUndefined();
    const { stream, report } = await reports.open(
      { username: 'alice', admin: false },
      done.report!.name,
    );
    expect(report).toMatchObject({
      owner: 'alice',
      viewId: 'file-integrity-monitoring',
      title: 'File Integrity Monitoring report',
    });
    const text = (await pdfPages(await buffer(stream))).join('\n');
    expect(text).toMatch(/Alerts:\s+9\b/);
    // KPIs: 9 alerts, 3 added (2 by agent a, 1 by c), 3 modified, 3 deleted ...
    expect(text).toMatch(/9\s+Total\s+3\s+Added\s+3\s+Modified\s+3\s+Deleted/);
    // ... and the agents with most changes, as the data has them.
    expect(text).toMatch(
      /agent-a\s+modified\s+3\s+agent-a\s+added\s+2\s+agent-b\s+deleted\s+3\s+agent-c\s+added\s+1/,
    );
    expect(text).toContain('Only the alerts of the 2 agents the reporting user may see');
    expect(text).toContain('Generated by alice');
  });

  it("makes an agent's Security events report pinned to the agent", async () => {
    const reports = service();
    const job = await reports.generate(
      { username: 'alice', admin: false, data },
      { agentId: '001', selection },
    );
    await Promise.all(runs);
    expect(asked[0].selection.agentId).toBe('001');
    const done = await reports.job({ username: 'alice', admin: false }, job.id);
    expect(done.report?.name).toMatch(
      /^security-events-agent-001-2026-11-26T10-00-00Z-[0-9a-f]{8}\.pdf$/,
    );
    const text = (
      await pdfPages(
        await buffer(
          (await reports.open({ username: 'alice', admin: false }, done.report!.name)).stream,
        ),
      )
    ).join('\n');
    expect(text).toContain('Agent 001: Security events');
    expect(text).toMatch(
      /Name\s+web-01\s+IP address\s+10\.0\.0\.1\s+Operating system\s+Ubuntu 24\.04/,
    );
    expect(text).toContain('agent.id is 001');
  });

  it("reads vulnerability detection's dashboard from the states, naming its view", async () => {
    const reports = service();
    const sources: Array<string | undefined> = [];
    const states: ReportDataSource = {
      ...data,
      aggregate: (chosen, charts, signal) => {
        sources.push(chosen.dataset);
        return data.aggregate(chosen, charts, signal);
      },
    };
    const userFilter = { type: 'is' as const, field: 'vulnerability.severity', value: 'High' };
    const job = await reports.generate(
      { username: 'alice', admin: false, data: states },
      { moduleId: 'vulnerability-detection', selection: { ...selection, filters: [userFilter] } },
    );
    await Promise.all(runs);
    expect(await reports.job({ username: 'alice', admin: false }, job.id)).toMatchObject({
      status: 'succeeded',
    });
    expect(sources).toEqual(['vulnerabilities']);
    // The search service applies the view: the request carries the user's filters only.
    expect(asked[0].selection).toMatchObject({ view: 'vulnerability-detection' });
    expect(asked[0].selection.filters).toEqual([userFilter]);
    expect(asked[0].charts.map((chart) => chart.id)).toContain('vuls-critical');
  });

  it('refuses an unknown module or a request naming neither module nor agent, naming the field', () => {
    const reports = service();
    const caller = { username: 'alice', admin: false, data };
    expect(() => reports.generate(caller, { moduleId: 'nope', selection })).toThrow(
      '[moduleId]: [nope] is not a module',
    );
    expect(() => reports.generate(caller, { selection })).toThrow(
      expect.objectContaining({ field: 'moduleId', statusCode: 400 }),
    );
    expect(() =>
      reports.generate(caller, {
        moduleId: 'gdpr',
        selection: { ...selection, timeRange: { from: 'yesterday', to: 'now' } },
      }),
    ).toThrow(expect.objectContaining({ field: 'selection.timeRange.from' }));
  });

  it('says why a report failed', async () => {
    const reports = service();
    const failing: ReportDataSource = {
      ...data,
      aggregate: async () => {
        throw new IndexerError(
          'indexer_unreachable',
          'The indexer at https://indexer:9200 did not answer.',
        );
      },
    };
    const job = await reports.generate(
      { username: 'alice', admin: false, data: failing },
      { moduleId: 'gdpr', selection },
    );
    await Promise.all(runs);
    expect(await reports.job({ username: 'alice', admin: false }, job.id)).toMatchObject({
      status: 'failed',
      error: {
        code: 'indexer_unreachable',
        message: 'The indexer at https://indexer:9200 did not answer.',
      },
    });
    expect(await reports.list({ username: 'alice', admin: false })).toEqual([]);
  });

  it('prints a filter and a query near the body limit cut with an ellipsis, and says so', async () => {
    const reports = service(500);
    const long = 'x'.repeat(900_000);
    const job = await reports.generate(
      { username: 'alice', admin: false, data },
      {
        moduleId: 'gdpr',
        selection: {
          ...selection,
          query: { language: 'kuery', query: `rule.description: ${long}` },
          filters: [{ type: 'is', field: 'rule.description', value: long }],
        },
      },
    );
    await Promise.all(runs);
    const done = await reports.job({ username: 'alice', admin: false }, job.id);
    expect(done.status).toBe('succeeded');
    const { stream } = await reports.open({ username: 'alice', admin: false }, done.report!.name);
    const text = (await pdfPages(await buffer(stream))).join('\n').replace(/\s+/g, ' ');
    // The filters are GDPR's fixed one and the long one, 500 characters together.
    // pdfkit breaks the unbroken word over lines: read it without the breaks.
    expect(text.replace(/ /g, '')).toMatch(/rule\.descriptionisx+…Query:/);
    expect(text).toMatch(
      /The filters are cut at 500 characters \([\d,]+ more not printed\); the report's figures use them whole\./,
    );
    expect(text).toMatch(/The query is cut at 500 characters \(899,5\d\d more not printed\)/);
    expect(text.length).toBeLessThan(20_000);
    // The data was read with the whole filter.
    expect(asked[0].selection.filters?.at(-1)).toMatchObject({ value: long });
  });
});
