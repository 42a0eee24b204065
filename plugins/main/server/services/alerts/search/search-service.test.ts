/**
 * The search service against the indexer stand-in over its real protocol (no dashboard HTTP): the
 * pin and the agent restriction in pages, charts and CSV; paging past the 10,000th hit; charts in
 * one request; typed failures. Every body the service sends is checked against OpenSearch's spec.
 */
import { Client } from '@opensearch-project/opensearch';
import type { Readable } from 'node:stream';
import { startIndexer, type IndexerStandIn } from '@simulator/indexer';
import { validateSearchRequest } from '@simulator/indexer/test-query-shapes';
import { SEVERITY_CHART, type AlertsBucket, type AlertsSelection } from '@main/common/alerts/api';
import type { Logger, OsdRequest } from '@host/server/types';
import { IndexerConnection } from '../indexer';
import { IndexerError } from '../indexer/errors';
import type { AlertsScope } from '../scope';
import { RequestFieldError } from '../../request-field-error';
import { LimitReachedError } from '../../service-errors';
import { createAlertsSearchService } from './index';
import type { AlertsSearchLimits, AlertsSearchService } from './search-service';

jest.setTimeout(60_000);

const NOW = Date.parse('2024-05-10T12:00:00Z');
const PATTERN = 'wazuh-alerts-*';
const ARCHIVES = 'wazuh-archives-*';
const AGENTS = ['000', '001', '002', '003', '004', '005'];
/** Alerts of the pinned manager, one a minute back from NOW, levels 0..15 in turn. */
const OWN_ALERTS = 10_050;

function alert(n: number, manager: string, agentId: string) {
  return {
    timestamp: new Date(NOW - 60_000 * (n + 1)).toISOString(),
    id: `${NOW / 1000}.${n}`,
    manager: { name: manager },
    agent: { id: agentId, name: `agent-${agentId}` },
    rule: {
      level: n % 16,
      id: String(5700 + (n % 20)),
      description: `=cmd|' /C calc'!A${n}`,
      groups: ['sshd', n % 2 ? 'authentication_failed' : 'syslog'],
    },
  };
}

function* documents() {
  for (let n = 0; n < OWN_ALERTS; n++)
    yield {
      index: 'wazuh-alerts-4.x-2024.05.10',
      source: alert(n, 'wazuh-manager', AGENTS[n % AGENTS.length]),
    };
  for (let n = 0; n < 40; n++)
    yield { index: 'wazuh-alerts-4.x-2024.05.10', source: alert(n, 'other-manager', '001') };
  for (let n = 0; n < 12; n++)
    yield { index: 'wazuh-alerts-4.x-sample-security', source: alert(n, 'sample-manager', '002') };
}

const silent: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  fatal() {},
  trace() {},
  get: () => silent,
} as unknown as Logger;

describe('alerts search service on the indexer stand-in', () => {
  let indexer: IndexerStandIn;
  let client: Client;
  let service: AlertsSearchService;
  let makeService: (limits?: Partial<AlertsSearchLimits>) => AlertsSearchService;
  let scope: AlertsScope;
  const sent: unknown[] = [];
  /** What searches inside a point in time answer instead of the stand-in, when set. */
  let badPitAnswer: unknown;
  const caller = { request: {} as OsdRequest, username: 'alice' };
  const selection = (extra: Partial<AlertsSelection> = {}): AlertsSelection => ({
    apiHostId: 'h1',
    timeRange: { from: 'now-30d', to: 'now' },
    ...extra,
  });

  beforeAll(async () => {
    indexer = await startIndexer({ documents: documents(), now: () => NOW });
    client = new Client({ node: indexer.url, auth: { username: 'admin', password: 'admin' } });
    const recording = new Proxy(client, {
      get(target, property) {
        if (property === 'search')
          return (params: { body?: { pit?: unknown } }, options?: object) => {
            sent.push(params.body);
            if (params.body?.pit && badPitAnswer)
              return Promise.resolve({ body: badPitAnswer, statusCode: 200 });
            return target.search(params as never, options);
          };
        return Reflect.get(target, property) as unknown;
      },
    });
    const connection = new IndexerConnection(PATTERN);
    connection.connect({
      client: recording,
      hosts: [indexer.url],
      demo: false,
      secrets: ['admin'],
      requestTimeoutMs: 5_000,
      nodeStates: () => [],
    });
    makeService = (limits = {}) =>
      createAlertsSearchService({
        connection,
        alertsIndexPattern: () => PATTERN,
        selectableAlertsIndexPatterns: () => [PATTERN, ARCHIVES],
        scope: { resolve: async () => scope },
        limits: {
          maxPageSize: 100,
          maxBuckets: 10_000,
          csvMaxRows: 20_000,
          maxRequestsInFlightPerUser: 4,
          requestTimeoutMs: 10_000,
          statisticsMaxRangeDays: 31,
          ...limits,
        },
        logger: silent,
        now: () => new Date(NOW),
        cursorKey: Buffer.alloc(32, 7),
      });
    service = makeService();
  });
  afterAll(async () => {
    await client.close();
    await indexer.stop();
  });
  beforeEach(() => {
    scope = { pin: { field: 'manager.name', value: 'wazuh-manager' } };
    indexer.faults.status = undefined;
    indexer.faults.down = undefined;
  });
  afterEach(() => {
    // Every body the service sent is a valid OpenSearch search request.
    for (const body of sent.splice(0)) expect(validateSearchRequest(body)).toEqual([]);
  });

  const requests = (endpoint: string) => indexer.stats.byEndpoint[endpoint] ?? 0;

  it('reads only the pinned manager, newest first', async () => {
    const page = await service.search(caller, { ...selection(), size: 15 });
    expect(page.total).toEqual({ value: OWN_ALERTS, relation: 'eq' });
    expect(page.hits).toHaveLength(15);
    expect(
      page.hits.every((hit) => (hit._source.manager as { name: string }).name === 'wazuh-manager'),
    ).toBe(true);
    expect(page.hits[0]._source.timestamp).toBe(new Date(NOW - 60_000).toISOString());
    expect(page.includesSampleData).toBe(false);
  });

  it('limits a restricted user to their agents in the page, the charts and the CSV', async () => {
    scope = {
      pin: { field: 'manager.name', value: 'wazuh-manager' },
      agentIds: ['001', '002', '003'],
    };
    const expected = Array.from({ length: OWN_ALERTS }, (_, n) => n % 6).filter(
      (agent) => agent >= 1 && agent <= 3,
    ).length;
    const page = await service.search(caller, { ...selection(), size: 100 });
    const ids = new Set(page.hits.map((hit) => (hit._source.agent as { id: string }).id));
    expect([...ids].sort()).toEqual(['001', '002', '003']);
    const charts = await service.aggregate(caller, {
      ...selection(),
      charts: [{ id: 'agents', type: 'terms', field: 'agent.id', size: 10 }],
    });
    const counted = (charts.charts.agents as { buckets: Array<{ key: string; count: number }> })
      .buckets;
    expect(counted.map((bucket) => bucket.key).sort()).toEqual(['001', '002', '003']);
    expect(charts.total.value).toBe(page.total.value);
    expect(counted.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(page.total.value);
    expect(page.total.value).toBe(expected);
    const csv = await service.csv(caller, { ...selection(), columns: ['agent.id'] });
    const lines = (await text(csv.stream)).trim().split('\n');
    expect(lines[0]).toBe('agent.id');
    expect(new Set(lines.slice(1))).toEqual(new Set(['001', '002', '003']));
    expect(lines.length - 1).toBe(page.total.value);
  });

  it("counts vulnerability states of the pinned cluster and the user's agents, at any time", async () => {
    const state = (n: number, agentId: string, cluster: string, severity: string) => ({
      agent: { id: agentId, name: `agent-${agentId}` },
      wazuh: { cluster: { name: cluster } },
      package: { name: 'openssl' },
      vulnerability: { id: `CVE-2024-${n}`, severity, detected_at: '2020-01-01T00:00:00Z' },
    });
    const states = [
      state(1, '001', 'wazuh-manager', 'High'),
      state(2, '002', 'wazuh-manager', 'Critical'),
      state(3, '003', 'wazuh-manager', 'High'),
      state(4, '001', 'other-manager', 'Low'),
    ];
    states.forEach((doc, n) => indexer.index('wazuh-states-vulnerabilities-test', doc, `v${n}`));
    scope = { pin: { field: 'manager.name', value: 'wazuh-manager' }, agentIds: ['001', '002'] };
    const before = requests('search');
    const answer = await service.aggregate(caller, {
      ...selection({ timeRange: { from: 'now-1h', to: 'now' } }),
      dataset: 'vulnerabilities',
      charts: [{ id: 'severity', type: 'terms', field: 'vulnerability.severity', size: 4 }],
    });
    expect(requests('search') - before).toBe(1);
    expect(sent.at(-1)).toMatchObject({ size: 0 });
    expect(answer.total.value).toBe(2);
    const buckets = (answer.charts.severity as { buckets: Array<{ key: string; count: number }> })
      .buckets;
    expect(Object.fromEntries(buckets.map((bucket) => [bucket.key, bucket.count]))).toEqual({
      High: 1,
      Critical: 1,
    });
    // The alerts stay apart from the states, and the states' fields from the alerts'.
    const alerts = await service.aggregate(caller, { ...selection(), charts: [] });
    const ownAlerts = Array.from({ length: OWN_ALERTS }, (_, n) => n % 6).filter(
      (agent) => agent === 1 || agent === 2,
    ).length;
    expect(alerts.total.value).toBe(ownAlerts);
    await expect(
      service.aggregate(caller, {
        ...selection(),
        dataset: 'vulnerabilities',
        charts: [{ id: 'levels', type: 'terms', field: 'rule.level', size: 4 }],
      }),
    ).rejects.toBeInstanceOf(RequestFieldError);
  });

  it("charts the statistics job's documents of one host with values per bar, and bounds their range", async () => {
    const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();
    const doc = (apiName: string, nodeName: string, minutesAgo: number, dropped: number) =>
      indexer.index('wazuh-statistics-2026.10w', {
        apiName,
        nodeName,
        cluster: 'true',
        analysisd: { events_dropped: dropped, event_queue_usage: dropped > 0 ? 0.95 : 0.1 },
        timestamp: at(minutesAgo),
      });
    doc('h1', 'worker1', 30, 0);
    doc('h1', 'worker1', 20, 7);
    doc('h1', 'worker2', 20, 5);
    doc('other-host', 'worker1', 20, 100);
    const before = requests('search');
    const answer = await service.aggregate(caller, {
      ...selection({ timeRange: { from: 'now-1h', to: 'now' } }),
      dataset: 'statistics',
      filters: [{ type: 'is', field: 'nodeName', value: 'worker1' }],
      charts: [
        {
          id: 'analysis',
          type: 'date_histogram',
          interval: '10m',
          metrics: [
            { id: 'dropped', op: 'sum', field: 'analysisd.events_dropped' },
            { id: 'queue', op: 'max', field: 'analysisd.event_queue_usage' },
          ],
        },
      ],
    });
    expect(requests('search') - before).toBe(1);
    expect(answer.total.value).toBe(2);
    const buckets = (answer.charts.analysis as { buckets: AlertsBucket[] }).buckets;
    const filled = buckets.filter((bucket) => bucket.count > 0);
    expect(filled.map((bucket) => bucket.values)).toEqual([
      { dropped: 0, queue: expect.closeTo(0.1, 5) },
      { dropped: 7, queue: expect.closeTo(0.95, 5) },
    ]);
    // As OpenSearch answers for a bar without documents: a sum of nothing is 0, its largest value none.
    expect(buckets.find((bucket) => bucket.count === 0)?.values).toEqual({
      dropped: 0,
      queue: null,
    });
    await expect(
      service.aggregate(caller, {
        ...selection({ timeRange: { from: 'now-40d', to: 'now' } }),
        dataset: 'statistics',
        charts: [{ id: 'count', type: 'count' }],
      }),
    ).rejects.toMatchObject({ field: 'timeRange' });
    await expect(
      service.aggregate(caller, {
        ...selection(),
        dataset: 'statistics',
        charts: [
          { id: 'x', type: 'date_histogram', metrics: [{ id: 'n', op: 'sum', field: 'nodeName' }] },
        ],
      }),
    ).rejects.toBeInstanceOf(RequestFieldError);
  });

  it('answers the four severity counts with one size-0 request', async () => {
    const before = requests('search');
    const answer = await service.aggregate(caller, {
      ...selection({ timeRange: { from: 'now-24h', to: 'now' } }),
      charts: [SEVERITY_CHART],
    });
    expect(requests('search') - before).toBe(1);
    expect(sent.at(-1)).toMatchObject({ size: 0 });
    const buckets = (answer.charts.severity as { buckets: Array<{ key: string; count: number }> })
      .buckets;
    // 1,440 alerts in the last 24 hours (one a minute), levels 0..15 in turn.
    const byLevel = (low: number, high: number) =>
      Array.from({ length: 1440 }, (_, n) => n % 16).filter(
        (level) => level >= low && level <= high,
      ).length;
    expect(Object.fromEntries(buckets.map((bucket) => [bucket.key, bucket.count]))).toEqual({
      critical: byLevel(15, 15),
      high: byLevel(12, 14),
      medium: byLevel(7, 11),
      low: byLevel(0, 6),
    });
  });

  it("serves a view's page, histogram and panels with one request", async () => {
    const before = requests('search');
    const answer = await service.search(caller, {
      ...selection({ timeRange: { from: 'now-24h', to: 'now' } }),
      size: 15,
      charts: [
        { id: 'histogram', type: 'date_histogram' },
        {
          id: 'high',
          type: 'filters',
          filters: { high: { language: 'kuery', query: 'rule.level >= 12' } },
        },
        { id: 'agents', type: 'terms', field: 'agent.name', size: 5 },
      ],
    });
    expect(requests('search') - before).toBe(1);
    expect(answer.hits).toHaveLength(15);
    expect(answer.charts?.histogram).toMatchObject({ type: 'date_histogram', interval: '30m' });
    const bars = (answer.charts?.histogram as { buckets: unknown[] }).buckets;
    expect(bars.length).toBeLessThanOrEqual(100);
    expect(answer.charts?.agents).toMatchObject({ type: 'terms' });
  });

  it('pages past the 10,000th hit with a cursor, in a point in time', async () => {
    const size = 100;
    const last = await service.search(caller, { ...selection(), size, page: 99 });
    expect(last.cursor).toEqual(expect.any(String));
    await expect(service.search(caller, { ...selection(), size, page: 100 })).rejects.toMatchObject(
      {
        field: 'page',
      },
    );
    const before = requests('create_pit');
    const beyond = await service.search(caller, { ...selection(), size, cursor: last.cursor });
    expect(requests('create_pit') - before).toBe(1);
    expect(beyond.hits).toHaveLength(OWN_ALERTS - 10_000);
    expect(beyond.cursor).toBeUndefined();
    const newestBeyond = Date.parse(beyond.hits[0]._source.timestamp as string);
    const oldestBefore = Date.parse(last.hits[size - 1]._source.timestamp as string);
    expect(newestBeyond).toBe(oldestBefore - 60_000);
  });

  it('closes the point in time it opened for a page whose answer is bad', async () => {
    const size = 100;
    const last = await service.search(caller, { ...selection(), size, page: 99 });
    const [opened, closed] = [requests('create_pit'), requests('delete_pit')];
    badPitAnswer = { hits: { hits: [null] } };
    try {
      await expect(
        service.search(caller, { ...selection(), size, cursor: last.cursor }),
      ).rejects.toMatchObject({ code: 'indexer_bad_answer', statusCode: 502 });
    } finally {
      badPitAnswer = undefined;
    }
    expect(requests('create_pit') - opened).toBe(1);
    expect(requests('delete_pit') - closed).toBe(1);
  });

  it('reads another alerts index pattern an administrator allowed, pinned and scoped alike', async () => {
    const archived = (id: string, manager: string, agentId: string) =>
      indexer.index(
        'wazuh-archives-4.x-2026.01.01',
        {
          timestamp: new Date(NOW - 3_600_000).toISOString(),
          manager: { name: manager },
          agent: { id: agentId, name: `agent-${agentId}` },
          rule: { level: 3, description: 'archived event' },
        },
        id,
      );
    archived('a1', 'wazuh-manager', '001');
    archived('a2', 'wazuh-manager', '004');
    archived('a3', 'other-manager', '001');
    scope = { pin: { field: 'manager.name', value: 'wazuh-manager' }, agentIds: ['001', '002'] };
    const chosen = { ...selection(), indexPattern: ARCHIVES };
    const page = await service.search(caller, { ...chosen, size: 10 });
    expect(page.hits.map((hit) => [hit._id, hit._index])).toEqual([
      ['a1', 'wazuh-archives-4.x-2026.01.01'],
    ]);
    const charts = await service.aggregate(caller, {
      ...chosen,
      charts: [{ id: 'n', type: 'count' }],
    });
    expect(charts.total.value).toBe(1);
    const csv = await service.csv(caller, { ...chosen, columns: ['agent.id'] });
    expect((await text(csv.stream)).trim().split('\n')).toEqual(['agent.id', '001']);
    // A page of the default pattern does not continue on another.
    const ownPage = await service.search(caller, { ...selection(), size: 10 });
    await expect(
      service.search(caller, { ...chosen, size: 10, cursor: ownPage.cursor }),
    ).rejects.toMatchObject({ field: 'cursor' });
  });

  it.each([
    [{ indexPattern: 'secret-*' }, 'is not an index pattern users may choose'],
    [{ indexPattern: '*' }, 'is not an index pattern users may choose'],
    [{ indexPattern: ARCHIVES, dataset: 'vulnerabilities' as const }, 'applies to the alerts only'],
  ])('refuses %j naming indexPattern, asking the indexer nothing', async (extra, message) => {
    const before = indexer.stats.requests;
    await expect(
      service.search(caller, { ...selection(), ...extra, size: 10 }),
    ).rejects.toMatchObject({ field: 'indexPattern', message: expect.stringContaining(message) });
    expect(indexer.stats.requests).toBe(before);
  });

  it('reads the statistics over a bounded range, naming the key that sets it', async () => {
    const before = indexer.stats.requests;
    await expect(
      service.aggregate(caller, {
        ...selection({ timeRange: { from: 'now-400d', to: 'now' } }),
        dataset: 'statistics',
        charts: [{ id: 'n', type: 'count' }],
      }),
    ).rejects.toMatchObject({
      field: 'timeRange',
      message: expect.stringContaining('(svc.statistics.maxRangeDays)'),
    });
    expect(indexer.stats.requests).toBe(before);
  });

  it('refuses a cursor for another selection, and a forged one', async () => {
    const page = await service.search(caller, { ...selection(), size: 10 });
    await expect(
      service.search(caller, { ...selection({ agentId: '001' }), size: 10, cursor: page.cursor }),
    ).rejects.toMatchObject({ field: 'cursor' });
    await expect(
      service.search(
        { ...caller, username: 'bob' },
        { ...selection(), size: 10, cursor: page.cursor },
      ),
    ).rejects.toBeInstanceOf(RequestFieldError);
    await expect(
      service.search(caller, { ...selection(), size: 10, cursor: `x${page.cursor}` }),
    ).rejects.toMatchObject({ field: 'cursor' });
  });

  it('builds every kind of clause and chart as the specification allows (checked after each test)', async () => {
    scope = {
      pin: { field: 'cluster.name', value: 'wazuh' },
      agentIds: ['001', '002'],
      hideManagerAlerts: true,
    };
    const rich = selection({
      agentId: '001',
      query: {
        language: 'kuery',
        query:
          'rule.level >= 3 and not (agent.name:web* or data.srcip:*) and (sshd or "login failed" or ssh*) and timestamp < now',
      },
      filters: [
        { field: 'rule.groups', type: 'is_one_of', values: ['sshd', 'pam'] },
        { field: 'rule.level', type: 'between', gte: 1, lte: 14, negate: true },
        { field: 'rule.mail', type: 'is', value: false },
        { field: 'data.dstuser', type: 'exists', negate: true },
      ],
    });
    await service.aggregate(caller, {
      ...rich,
      charts: [
        { id: 'count', type: 'count' },
        {
          id: 'terms',
          type: 'terms',
          field: 'rule.id',
          size: 5,
          split: { field: 'agent.name', size: 3 },
        },
        {
          id: 'histogram',
          type: 'date_histogram',
          interval: '1h',
          split: { field: 'rule.level', size: 4 },
        },
        {
          id: 'filters',
          type: 'filters',
          filters: {
            lucene: { language: 'lucene', query: 'rule.level:[12 TO *] AND NOT agent.id:003' },
            list: [{ field: 'rule.groups', type: 'is', value: 'syscheck' }],
          },
        },
        {
          id: 'bands',
          type: 'range',
          field: 'rule.level',
          ranges: [
            { key: 'low', lt: 7 },
            { key: 'high', gte: 7 },
          ],
        },
      ],
    });
    await service.search(caller, {
      ...rich,
      size: 5,
      fields: ['rule.level'],
      sort: [{ field: 'rule.level', direction: 'asc' }],
    });
    expect(sent).toHaveLength(2);
  });

  it('says when sample data answered', async () => {
    scope = { pin: { field: 'manager.name', value: 'sample-manager' } };
    expect((await service.search(caller, { ...selection(), size: 1 })).includesSampleData).toBe(
      true,
    );
    expect(
      (await service.aggregate(caller, { ...selection(), charts: [{ id: 'n', type: 'count' }] }))
        .includesSampleData,
    ).toBe(true);
  });

  it('exports the whole selection as CSV past 10,000 rows, neutralising formulas, and closes its point in time', async () => {
    const closed = requests('delete_pit');
    const csv = await service.csv(caller, {
      ...selection(),
      columns: ['timestamp', 'agent.id', 'rule.description', 'rule.groups'],
    });
    expect(csv.filename).toBe('alerts-2024-05-10T12-00-00Z.csv');
    expect(csv.totalRows).toBe(OWN_ALERTS);
    const lines = (await text(csv.stream)).trim().split('\n');
    expect(lines).toHaveLength(OWN_ALERTS + 1);
    expect(lines[0]).toBe('timestamp,agent.id,rule.description,rule.groups');
    expect(lines[1]).toBe(
      `${new Date(NOW - 60_000).toISOString()},000,'=cmd|' /C calc'!A0,"sshd, syslog"`,
    );
    await waitFor(() => requests('delete_pit') - closed === 1);
  });

  it('stops at svc.indexer.csvMaxRows and closes the point in time when the downloader leaves', async () => {
    const limited = await makeService({ csvMaxRows: 7_000 }).csv(caller, {
      ...selection(),
      columns: ['agent.id'],
    });
    expect([limited.totalRows, limited.exportedRows]).toEqual([OWN_ALERTS, 7_000]);
    expect((await text(limited.stream)).trim().split('\n')).toHaveLength(7_001);
    const closed = requests('delete_pit');
    const csv = await service.csv(caller, { ...selection(), columns: ['agent.id'] });
    await new Promise<void>((resolve) => csv.stream.once('data', () => resolve()));
    csv.stream.destroy();
    await waitFor(() => requests('delete_pit') - closed === 1);
  });

  it('turns indexer failures into typed errors', async () => {
    for (const [status, code, httpStatus] of [
      [401, 'indexer_unauthorized', 502],
      [429, 'indexer_rejected', 502],
      [503, 'indexer_rejected', 502],
    ] as const) {
      indexer.faults.status = status;
      const failure = await service
        .search(caller, { ...selection(), size: 1 })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(IndexerError);
      expect(failure).toMatchObject({ code, statusCode: httpStatus });
      expect(JSON.stringify(failure)).not.toContain('admin:admin');
    }
  });

  it('refuses a page size past svc.indexer.maxPageSize and a user past their requests in flight', async () => {
    await expect(service.search(caller, { ...selection(), size: 101 })).rejects.toMatchObject({
      field: 'size',
    });
    indexer.faults.latencyMs = 200;
    try {
      const running = Array.from({ length: 4 }, () =>
        service.search(caller, { ...selection(), size: 1 }),
      );
      await expect(service.search(caller, { ...selection(), size: 1 })).rejects.toBeInstanceOf(
        LimitReachedError,
      );
      await Promise.all(running);
    } finally {
      indexer.faults.latencyMs = undefined;
    }
  });
});

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

/** Polls `done` on the event loop's next turns (no clock involved) until it holds. */
async function waitFor(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 10_000 && !done(); turn++)
    await new Promise((resolve) => setImmediate(resolve));
  expect(done()).toBe(true);
}
