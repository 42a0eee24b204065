// Aggregations on the stand-in: answers computed from the fixture itself, and the bucket limit.
import { type IndexerStandIn, startIndexer } from './index';
import { alerts, call } from './testing';

const NOW = Date.parse('2026-01-02T00:00:00.000Z');
const DOCS = alerts(300, NOW);
const sources = DOCS.map((doc) => doc.source);

let standIn: IndexerStandIn;
beforeAll(async () => {
  standIn = await startIndexer({ documents: DOCS, now: () => NOW, maxBuckets: 500 });
});
afterAll(() => standIn.stop());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function aggs(body: Json, path = '/wazuh-alerts-*/_search'): Promise<Json> {
  const answer = await call(standIn, 'POST', path, { size: 0, ...body });
  expect(answer.status).toBe(200);
  return answer.json.aggregations as Json;
}

function countBy<T>(
  items: T[],
  key: (item: T) => string | number | Array<string | number>,
): Map<string | number, number> {
  const counts = new Map<string | number, number>();
  for (const item of items)
    for (const value of new Set([key(item)].flat()))
      counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

test('terms: by count descending then key, with sum_other_doc_count', async () => {
  const result = await aggs({ aggs: { levels: { terms: { field: 'rule.level', size: 3 } } } });
  const counts = [...countBy(sources, (alert) => alert.rule.level)].sort(
    (a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0]),
  );
  expect(result.levels).toEqual({
    doc_count_error_upper_bound: 0,
    sum_other_doc_count: counts.slice(3).reduce((sum, [, count]) => sum + count, 0),
    buckets: counts.slice(0, 3).map(([key, count]) => ({ key, doc_count: count })),
  });
});

test('terms on an array field counts a document once per value; missing and min_doc_count', async () => {
  const result = await aggs({
    aggs: {
      groups: { terms: { field: 'rule.groups', size: 20 } },
      mitre: { terms: { field: 'rule.mitre.technique', missing: 'none', size: 5 } },
      rare: { terms: { field: 'rule.groups', min_doc_count: 1000 } },
    },
  });
  const groups = countBy(sources, (alert) => alert.rule.groups);
  expect(
    Object.fromEntries(result.groups.buckets.map((bucket: Json) => [bucket.key, bucket.doc_count])),
  ).toEqual(Object.fromEntries(groups));
  const withMitre = sources.filter((alert) => 'mitre' in alert.rule).length;
  expect(result.mitre.buckets).toEqual(
    [
      { key: 'none', doc_count: sources.length - withMitre },
      { key: 'Brute Force', doc_count: withMitre },
    ].sort((a, b) => b.doc_count - a.doc_count),
  );
  expect(result.rare.buckets).toEqual([]);
});

test('terms ordered by a metric sub-aggregation', async () => {
  const result = await aggs({
    aggs: {
      agents: {
        terms: { field: 'agent.name', order: { top: 'desc' } },
        aggs: { top: { max: { field: 'rule.firedtimes' } } },
      },
    },
  });
  const values = result.agents.buckets.map((bucket: Json) => bucket.top.value);
  expect(values).toEqual([...values].sort((a, b) => b - a));
});

test('date_histogram: fixed and calendar intervals, empty buckets filled inside extended_bounds', async () => {
  const result = await aggs({
    query: { range: { timestamp: { gte: 'now-3h' } } },
    aggs: {
      fixed: {
        date_histogram: {
          field: 'timestamp',
          fixed_interval: '1h',
          min_doc_count: 0,
          extended_bounds: { min: 'now-5h', max: 'now' },
        },
      },
      calendar: { date_histogram: { field: 'timestamp', calendar_interval: 'day' } },
    },
  });
  const inRange = sources.filter((alert) => Date.parse(alert.timestamp) >= NOW - 3 * 3_600_000);
  const expectedFixed = [];
  for (let key = NOW - 5 * 3_600_000; key <= NOW; key += 3_600_000) {
    expectedFixed.push({
      key_as_string: new Date(key).toISOString(),
      key,
      doc_count: inRange.filter(
        (alert) =>
          Date.parse(alert.timestamp) >= key && Date.parse(alert.timestamp) < key + 3_600_000,
      ).length,
    });
  }
  expect(result.fixed.buckets).toEqual(expectedFixed);
  const days = countBy(inRange, (alert) => Date.parse(alert.timestamp.slice(0, 10)));
  expect(result.calendar.buckets).toEqual(
    [...days]
      .sort((a, b) => Number(a[0]) - Number(b[0]))
      .map(([key, count]) => ({
        key_as_string: new Date(key).toISOString(),
        key,
        doc_count: count,
      })),
  );
});

test('date_histogram in a time zone writes keys with the zone offset', async () => {
  const result = await aggs({
    aggs: {
      days: {
        date_histogram: { field: 'timestamp', calendar_interval: '1d', time_zone: '+02:00' },
      },
    },
  });
  expect(result.days.buckets[0].key_as_string).toMatch(/T00:00:00\.000\+02:00$/);
  expect(result.days.buckets.reduce((sum: number, bucket: Json) => sum + bucket.doc_count, 0)).toBe(
    sources.length,
  );
});

test('range, filters, filter and the max, avg and sum metrics', async () => {
  const result = await aggs({
    aggs: {
      severity: {
        range: {
          field: 'rule.level',
          ranges: [{ to: 7 }, { from: 7, to: 12 }, { key: 'high', from: 12 }],
        },
      },
      kpis: {
        filters: {
          filters: {
            critical: { range: { 'rule.level': { gte: 15 } } },
            sshd: { term: { 'rule.groups': 'sshd' } },
          },
        },
      },
      max: { max: { field: 'timestamp' } },
      sample: { filter: { wildcard: { _index: { value: '*-sample-*' } } } },
      web: {
        filter: { term: { 'agent.name': 'web-01' } },
        aggs: { fired: { sum: { field: 'rule.firedtimes' } } },
      },
      avg: { avg: { field: 'rule.level' } },
      sum: { sum: { field: 'rule.firedtimes' } },
    },
  });
  const levels = sources.map((alert) => alert.rule.level);
  expect(result.severity.buckets).toEqual([
    { key: '*-7.0', to: 7, doc_count: levels.filter((level) => level < 7).length },
    {
      key: '7.0-12.0',
      from: 7,
      to: 12,
      doc_count: levels.filter((level) => level >= 7 && level < 12).length,
    },
    { key: 'high', from: 12, doc_count: levels.filter((level) => level >= 12).length },
  ]);
  expect(result.kpis.buckets).toEqual({
    critical: { doc_count: levels.filter((level) => level >= 15).length },
    sshd: { doc_count: sources.filter((alert) => alert.rule.groups.includes('sshd')).length },
  });
  expect(result.sample).toEqual({ doc_count: 0 });
  const web = sources.filter((alert) => alert.agent.name === 'web-01');
  expect(result.web).toEqual({
    doc_count: web.length,
    fired: { value: web.reduce((sum, alert) => sum + alert.rule.firedtimes, 0) },
  });
  expect(result.max).toEqual({ value: NOW, value_as_string: new Date(NOW).toISOString() });
  expect(result.avg.value).toBeCloseTo(levels.reduce((a, b) => a + b, 0) / levels.length);
  expect(result.sum.value).toBe(sources.reduce((sum, alert) => sum + alert.rule.firedtimes, 0));
});

test('sub-aggregations nest to any depth', async () => {
  const result = await aggs({
    aggs: {
      agents: {
        terms: { field: 'agent.id', size: 1, order: { _key: 'asc' } },
        aggs: {
          groups: {
            terms: { field: 'rule.groups', size: 1, order: { _key: 'asc' } },
            aggs: { firedtimes: { sum: { field: 'rule.firedtimes' } } },
          },
        },
      },
    },
  });
  const agent = result.agents.buckets[0];
  expect(agent.key).toBe('001');
  const group = agent.groups.buckets[0];
  const matching = sources.filter(
    (alert) => alert.agent.id === '001' && alert.rule.groups.includes(group.key),
  );
  expect(group.doc_count).toBe(matching.length);
  expect(group.firedtimes.value).toBe(
    matching.reduce((sum, alert) => sum + alert.rule.firedtimes, 0),
  );
});

test('typed_keys prefixes names with their type', async () => {
  const result = await aggs(
    { aggs: { levels: { terms: { field: 'rule.level' } } } },
    '/wazuh-alerts-*/_search?typed_keys=true',
  );
  expect(Object.keys(result)).toEqual(['lterms#levels']);
});

test('more buckets than search.max_buckets is too_many_buckets_exception', async () => {
  const answer = await call(standIn, 'POST', '/wazuh-alerts-*/_search', {
    size: 0,
    aggs: {
      minutes: {
        date_histogram: { field: 'timestamp', fixed_interval: '1m' },
        aggs: { levels: { terms: { field: 'rule.level' } } },
      },
    },
  });
  expect(answer.status).toBe(400);
  const error = answer.json.error as Json;
  expect(error.root_cause[0]).toMatchObject({
    type: 'too_many_buckets_exception',
    max_buckets: 500,
  });
  expect(error.root_cause[0].reason).toMatch(
    /^Trying to create too many buckets\. Must be less than or equal to: \[500\] but was \[\d+\]\./,
  );
});

test.each(['bogus', 'cardinality', 'top_hits', 'histogram'])(
  'an aggregation type the stand-in does not implement (%s) is a parsing_exception',
  async (type) => {
    const answer = await call(standIn, 'POST', '/wazuh-alerts-*/_search', {
      aggs: { x: { [type]: { field: 'rule.level' } } },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({
      type: 'parsing_exception',
      reason: `Unknown aggregation type [${type}]`,
    });
  },
);

test('totals beside aggregations: exact, capped by track_total_hits, and with hits sorted by time', async () => {
  const body = {
    query: { term: { 'rule.groups': 'sshd' } },
    aggs: { agents: { terms: { field: 'agent.id' } } },
  };
  const sshd = sources.filter((alert) => alert.rule.groups.includes('sshd'));
  const exact = await call(standIn, 'POST', '/wazuh-alerts-*/_search', { size: 0, ...body });
  expect(exact.json.hits).toMatchObject({
    total: { value: sshd.length, relation: 'eq' },
    hits: [],
  });
  const capped = await call(standIn, 'POST', '/wazuh-alerts-*/_search', {
    size: 0,
    track_total_hits: 10,
    ...body,
  });
  expect(capped.json.hits).toMatchObject({ total: { value: 10, relation: 'gte' } });
  const sorted = await call(standIn, 'POST', '/wazuh-alerts-*/_search', {
    size: 2,
    sort: [{ timestamp: 'desc' }],
    ...body,
  });
  const hits = sorted.json.hits as { total: unknown; hits: Array<{ _id: string }> };
  expect(hits.total).toEqual({ value: sshd.length, relation: 'eq' });
  expect(hits.hits.map((hit) => hit._id)).toEqual(
    DOCS.filter((doc) => doc.source.rule.groups.includes('sshd'))
      .slice(0, 2)
      .map((doc) => doc.id),
  );
  expect((sorted.json.aggregations as Json).agents.buckets).toHaveLength(
    new Set(sshd.map((alert) => alert.agent.id)).size,
  );
});
