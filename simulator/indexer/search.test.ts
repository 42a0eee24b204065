// Query DSL, sorting, paging, _source and totals on the stand-in, checked against the fixture itself.
import { type IndexerStandIn, startIndexer } from './index';
import { alerts, call } from './testing';

const NOW = Date.parse('2026-01-02T00:00:00.000Z');
const DOCS = alerts(200, NOW);
type Alert = (typeof DOCS)[number]['source'];

let standIn: IndexerStandIn;

beforeAll(async () => {
  standIn = await startIndexer({ documents: DOCS, now: () => NOW });
});
afterAll(() => standIn.stop());

async function ids(query: unknown, extra: Record<string, unknown> = {}): Promise<string[]> {
  const answer = await call(standIn, 'POST', '/wazuh-alerts-*/_search', {
    size: 1000,
    query,
    sort: [{ timestamp: 'desc' }],
    ...extra,
  });
  expect(answer.status).toBe(200);
  const hits = (answer.json.hits as { hits: Array<{ _id: string }> }).hits;
  return hits.map((hit) => hit._id);
}

/** The fixture's ids passing `test`, newest first (the fixture is generated newest first). */
function expected(test: (source: Alert) => boolean): string[] {
  return DOCS.filter((doc) => test(doc.source)).map((doc) => doc.id);
}

describe('query DSL', () => {
  test('bool filter on a time range and a manager, as the dashboard pins it', async () => {
    const from = NOW - 90 * 60_000;
    expect(
      await ids({
        bool: {
          filter: [
            { range: { timestamp: { gte: 'now-90m' } } },
            { term: { 'manager.name': 'wazuh-manager' } },
          ],
        },
      }),
    ).toEqual(
      expected(
        (alert) => Date.parse(alert.timestamp) >= from && alert.manager.name === 'wazuh-manager',
      ),
    );
  });

  test('term and terms match any value of an array field', async () => {
    expect(await ids({ term: { 'rule.groups': 'syscheck' } })).toEqual(
      expected((alert) => alert.rule.groups.includes('syscheck')),
    );
    expect(await ids({ terms: { 'rule.groups': ['sshd', 'pam'] } })).toEqual(
      expected((alert) => alert.rule.groups.includes('sshd') || alert.rule.groups.includes('pam')),
    );
  });

  test('a number term matches a keyword and a string term matches a number', async () => {
    expect(await ids({ term: { 'rule.id': 5703 } })).toEqual(
      expected((alert) => alert.rule.id === '5703'),
    );
    expect(await ids({ term: { 'rule.level': '12' } })).toEqual(
      expected((alert) => alert.rule.level === 12),
    );
  });

  test('range with gt/lt on numbers, and date math rounding with now/h', async () => {
    expect(await ids({ range: { 'rule.level': { gt: 5, lt: 9 } } })).toEqual(
      expected((alert) => alert.rule.level > 5 && alert.rule.level < 9),
    );
    const hour = Math.floor(NOW / 3_600_000) * 3_600_000 - 3_600_000;
    expect(await ids({ range: { timestamp: { gte: 'now-1h/h', lt: 'now/h' } } })).toEqual(
      expected(
        (alert) =>
          Date.parse(alert.timestamp) >= hour && Date.parse(alert.timestamp) < hour + 3_600_000,
      ),
    );
  });

  test('range on dates with a format and lte rounding a date-only bound up to the end of its day', async () => {
    expect(
      await ids({ range: { timestamp: { gte: '01/01/2026', format: 'dd/MM/yyyy' } } }),
    ).toEqual(
      expected((alert) => Date.parse(alert.timestamp) >= Date.parse('2026-01-01T00:00:00Z')),
    );
    expect(await ids({ range: { timestamp: { lte: '2026-01-01' } } })).toEqual(
      expected((alert) => Date.parse(alert.timestamp) < Date.parse('2026-01-02T00:00:00Z')),
    );
  });

  test('bool should with minimum_should_match, and must_not', async () => {
    const query = {
      bool: {
        should: [
          { term: { 'agent.id': '001' } },
          { term: { 'rule.groups': 'sshd' } },
          { range: { 'rule.level': { gte: 10 } } },
        ],
        minimum_should_match: 2,
        must_not: [{ term: { 'manager.name': 'other-manager' } }],
      },
    };
    expect(await ids(query)).toEqual(
      expected(
        (alert) =>
          [
            alert.agent.id === '001',
            alert.rule.groups.includes('sshd'),
            alert.rule.level >= 10,
          ].filter(Boolean).length >= 2 && alert.manager.name !== 'other-manager',
      ),
    );
  });

  test('exists, prefix, wildcard, ids, match and match_phrase', async () => {
    expect(await ids({ exists: { field: 'rule.mitre.id' } })).toEqual(
      expected((alert) => 'mitre' in alert.rule),
    );
    expect(await ids({ prefix: { 'agent.name': 'we' } })).toEqual(
      expected((alert) => alert.agent.name.startsWith('we')),
    );
    expect(await ids({ wildcard: { 'agent.name': { value: 'd?-*' } } })).toEqual(
      expected((alert) => /^d.-/.test(alert.agent.name)),
    );
    expect(await ids({ ids: { values: ['alert-3', 'alert-5', 'missing'] } })).toEqual([
      'alert-3',
      'alert-5',
    ]);
    expect(await ids({ match: { 'agent.name': 'db-01' } })).toEqual(
      expected((alert) => alert.agent.name === 'db-01'),
    );
    expect(
      await ids({ match_phrase: { 'rule.description': 'PAM: Login session opened.' } }),
    ).toEqual(expected((alert) => alert.rule.description === 'PAM: Login session opened.'));
    expect(await ids({ match_all: {} })).toHaveLength(DOCS.length);
    expect(await ids({ match_none: {} })).toEqual([]);
  });

  test('query_string: fields, AND/OR/NOT, quotes, wildcards, ranges and _exists_', async () => {
    expect(await ids({ query_string: { query: 'rule.groups:syscheck AND agent.id:002' } })).toEqual(
      expected((alert) => alert.rule.groups.includes('syscheck') && alert.agent.id === '002'),
    );
    expect(await ids({ query_string: { query: 'agent.name:web* OR agent.name:"dc-01"' } })).toEqual(
      expected((alert) => alert.agent.name.startsWith('web') || alert.agent.name === 'dc-01'),
    );
    expect(
      await ids({ query_string: { query: 'rule.level:[10 TO 12} AND NOT rule.groups:pam' } }),
    ).toEqual(
      expected(
        (alert) =>
          alert.rule.level >= 10 && alert.rule.level < 12 && !alert.rule.groups.includes('pam'),
      ),
    );
    expect(await ids({ query_string: { query: 'NOT _exists_:rule.mitre' } })).toEqual(
      expected((alert) => !('mitre' in alert.rule)),
    );
    expect(await ids({ query_string: { query: 'rule.level:>=14' } })).toEqual(
      expected((alert) => alert.rule.level >= 14),
    );
    // Unqualified terms search every field, whole keyword values.
    expect(await ids({ query_string: { query: 'mail-01' } })).toEqual(
      expected((alert) => alert.agent.name === 'mail-01'),
    );
  });

  test('a search with `q` in the URL', async () => {
    const answer = await call(standIn, 'GET', '/wazuh-alerts-*/_search?q=agent.id:003&size=0');
    expect(answer.json.hits).toMatchObject({
      total: { value: expected((alert) => alert.agent.id === '003').length, relation: 'eq' },
    });
  });

  test('an unknown query is a parsing_exception naming it, with its position', async () => {
    const answer = await call(standIn, 'POST', '/wazuh-alerts-*/_search', {
      query: { bogus: { field: 'x' } },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({
      type: 'parsing_exception',
      reason: 'unknown query [bogus]',
      line: 1,
      root_cause: [{ type: 'parsing_exception', reason: 'unknown query [bogus]' }],
    });
    expect(answer.json.status).toBe(400);
  });

  test('an unknown body key and a malformed bool clause are parsing errors', async () => {
    const unknown = await call(standIn, 'POST', '/wazuh-alerts-*/_search', { querry: {} });
    expect(unknown.json.error).toMatchObject({
      type: 'parsing_exception',
      reason: 'Unknown key for a START_OBJECT in [querry].',
    });
    const bool = await call(standIn, 'POST', '/wazuh-alerts-*/_search', {
      query: { bool: { musts: [] } },
    });
    expect(bool.json.error).toMatchObject({
      type: 'parsing_exception',
      reason: '[bool] query does not support [musts]',
    });
  });

  test('invalid JSON is an x_content_parse_exception', async () => {
    const answer = await call(standIn, 'POST', '/wazuh-alerts-*/_search', '{"query":');
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({ type: 'x_content_parse_exception' });
  });
});

describe('hits', () => {
  test('sort by a field, then timestamp, with from and size', async () => {
    const answer = await call(standIn, 'POST', '/wazuh-alerts-*/_search', {
      from: 5,
      size: 10,
      sort: [{ 'rule.level': 'desc' }, { timestamp: { order: 'asc' } }],
    });
    const sorted = [...DOCS].sort(
      (a, b) =>
        b.source.rule.level - a.source.rule.level ||
        Date.parse(a.source.timestamp) - Date.parse(b.source.timestamp),
    );
    const hits = (
      answer.json.hits as { hits: Array<{ _id: string; sort: unknown[]; _score: unknown }> }
    ).hits;
    expect(hits.map((hit) => hit._id)).toEqual(sorted.slice(5, 15).map((doc) => doc.id));
    expect(hits[0].sort).toEqual([
      sorted[5].source.rule.level,
      Date.parse(sorted[5].source.timestamp),
    ]);
    expect(hits[0]._score).toBeNull();
  });

  test('sort on an unmapped field fails unless unmapped_type is given; missing values sort last', async () => {
    const failing = await call(standIn, 'POST', '/wazuh-alerts-*/_search', {
      sort: [{ nothere: 'asc' }],
    });
    expect(failing.status).toBe(400);
    expect(
      (failing.json.error as { root_cause: Array<{ reason: string }> }).root_cause[0].reason,
    ).toBe('No mapping found for [nothere] in order to sort on');
    const ok = await call(standIn, 'POST', '/wazuh-alerts-*/_search', {
      sort: [{ nothere: { order: 'asc', unmapped_type: 'keyword' } }],
      size: 1,
    });
    expect(ok.status).toBe(200);
    const mitre = await call(standIn, 'POST', '/wazuh-alerts-*/_search', {
      sort: [{ 'rule.mitre.id': 'desc' }],
      size: 200,
    });
    const hits = (mitre.json.hits as { hits: Array<{ _id: string }> }).hits;
    const withMitre = DOCS.filter((doc) => 'mitre' in doc.source.rule).length;
    expect(
      hits
        .slice(0, withMitre)
        .every((hit) => 'mitre' in (DOCS.find((doc) => doc.id === hit._id)?.source.rule ?? {})),
    ).toBe(true);
  });

  test('_source includes, excludes and false', async () => {
    const search = (source: unknown) =>
      call(standIn, 'POST', '/wazuh-alerts-*/_search', {
        size: 1,
        sort: [{ timestamp: 'desc' }],
        _source: source,
      });
    const first = DOCS[0].source;
    const hit = async (source: unknown) =>
      ((await search(source)).json.hits as { hits: Array<Record<string, unknown>> }).hits[0];
    expect((await hit(['agent.name', 'rule.l*']))._source).toEqual({
      agent: { name: first.agent.name },
      rule: { level: first.rule.level },
    });
    expect((await hit({ excludes: ['rule', 'agent.ip'] }))._source).toEqual({
      timestamp: first.timestamp,
      id: first.id,
      agent: { id: first.agent.id, name: first.agent.name },
      manager: first.manager,
      location: first.location,
    });
    expect((await hit(['rule.level', 'agent.name', 'nothing.here']))._source).toEqual({
      agent: { name: first.agent.name },
      rule: { level: first.rule.level },
    });
    expect((await hit(['nothing']))._source).toEqual({});
    expect(await hit(false)).not.toHaveProperty('_source');
    expect((await hit(true))._source).toEqual(first);
  });

  test("from + size past 10,000 is refused with OpenSearch's result-window error", async () => {
    const answer = await call(standIn, 'POST', '/wazuh-alerts-*/_search', { from: 9995, size: 10 });
    expect(answer.status).toBe(400);
    const error = answer.json.error as {
      type: string;
      root_cause: Array<{ type: string; reason: string }>;
    };
    expect(error.type).toBe('search_phase_execution_exception');
    expect(error.root_cause[0]).toEqual({
      type: 'illegal_argument_exception',
      reason:
        'Result window is too large, from + size must be less than or equal to: [10000] but was [10005]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the [index.max_result_window] index level setting.',
    });
  });

  test('track_total_hits: exact, capped, off', async () => {
    const total = async (track: unknown) =>
      (await call(standIn, 'POST', '/wazuh-alerts-*/_search', { size: 0, track_total_hits: track }))
        .json.hits as Record<string, unknown>;
    expect((await total(true)).total).toEqual({ value: 200, relation: 'eq' });
    expect((await total(50)).total).toEqual({ value: 50, relation: 'gte' });
    expect(await total(false)).not.toHaveProperty('total');
    expect((await total(undefined)).total).toEqual({ value: 200, relation: 'eq' });
  });

  test('search_after continues a sort exactly where the last page stopped', async () => {
    const sort = [{ 'rule.level': 'asc' }, { timestamp: 'desc' }];
    const seen: string[] = [];
    let after: unknown[] | undefined;
    for (;;) {
      const answer = await call(standIn, 'POST', '/wazuh-alerts-*/_search', {
        size: 30,
        sort,
        ...(after ? { search_after: after } : {}),
      });
      const hits = (answer.json.hits as { hits: Array<{ _id: string; sort: unknown[] }> }).hits;
      if (hits.length === 0) break;
      seen.push(...hits.map((hit) => hit._id));
      after = hits[hits.length - 1].sort;
    }
    const sorted = [...DOCS].sort(
      (a, b) =>
        a.source.rule.level - b.source.rule.level ||
        Date.parse(b.source.timestamp) - Date.parse(a.source.timestamp),
    );
    expect(seen).toEqual(sorted.map((doc) => doc.id));
  });

  test('terminate_after stops counting early', async () => {
    const answer = await call(standIn, 'POST', '/wazuh-alerts-*/_search', {
      size: 0,
      terminate_after: 20,
    });
    expect(answer.json.terminated_early).toBe(true);
    expect((answer.json.hits as { total: unknown }).total).toEqual({ value: 20, relation: 'eq' });
  });
});

describe('index expressions', () => {
  test('a wildcard matching nothing is an empty answer; a missing name is 404 unless ignore_unavailable', async () => {
    const empty = await call(standIn, 'POST', '/nothing-*/_search', {});
    expect(empty.status).toBe(200);
    expect(empty.json.hits).toMatchObject({ total: { value: 0, relation: 'eq' }, hits: [] });
    const missing = await call(standIn, 'POST', '/wazuh-alerts-*,missing/_search', {});
    expect(missing.status).toBe(404);
    expect(missing.json.error).toMatchObject({
      type: 'index_not_found_exception',
      reason: 'no such index [missing]',
      index: 'missing',
    });
    const ignored = await call(
      standIn,
      'POST',
      '/wazuh-alerts-*,missing/_search?ignore_unavailable=true',
      { size: 0 },
    );
    expect(ignored.json.hits).toMatchObject({ total: { value: 200 } });
    const strict = await call(standIn, 'POST', '/nothing-*/_search?allow_no_indices=false', {});
    expect(strict.status).toBe(404);
  });
});

describe('more expressions and sorts', () => {
  test('an excluded pattern, and hidden indices only for a pattern starting with a dot', async () => {
    standIn.index('.hidden-a', { timestamp: '2026-01-01T00:00:00Z' });
    standIn.index('wazuh-alerts-4.x-extra', { timestamp: '2026-01-01T00:00:00Z' });
    const total = async (path: string) =>
      (
        (await call(standIn, 'POST', `${path}/_search`, { size: 0 })).json.hits as {
          total: { value: number };
        }
      ).total.value;
    expect(await total('/wazuh-alerts-*')).toBe(201);
    expect(await total('/wazuh-alerts-*,-*-extra')).toBe(200);
    expect(await total('/*')).toBe(201);
    expect(await total('/.hidden-*')).toBe(1);
  });

  test('missing: _first puts documents without the field ahead', async () => {
    const answer = await call(standIn, 'POST', '/wazuh-alerts-4.x-2026.01.01/_search', {
      size: 3,
      sort: [{ 'rule.mitre.id': { order: 'asc', missing: '_first' } }, { timestamp: 'desc' }],
    });
    const hits = (answer.json.hits as { hits: Array<{ _id: string; sort: unknown[] }> }).hits;
    expect(hits.map((hit) => hit._id)).toEqual(
      expected((alert) => !('mitre' in alert.rule)).slice(0, 3),
    );
    expect(hits[0].sort[0]).toBeNull();
  });
});
