// The stand-in's REST protocol: cluster and index APIs, bulk, msearch, count, auth, faults, and the
// official OpenSearch client as a caller.
import { Client, errors } from '@opensearch-project/opensearch';
import { type IndexerStandIn, startIndexer } from './index';
import { alerts, call, ndjson } from './testing';

// Answers are read loosely, as a caller of a JSON API does.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const NOW = Date.parse('2026-01-02T00:00:00.000Z');
let standIn: IndexerStandIn;

beforeEach(async () => {
  standIn = await startIndexer({
    documents: alerts(50, NOW),
    now: () => NOW,
    users: [{ username: 'reader', password: 's3cret' }],
  });
});
afterEach(() => standIn.stop());

const AUTH = `Basic ${Buffer.from('reader:s3cret').toString('base64')}`;
const as = (method: string, path: string, body?: unknown) =>
  call(standIn, method, path, body, AUTH);

describe('cluster', () => {
  test('GET / names the node, cluster and OpenSearch version; HEAD / has no body', async () => {
    const info = await as('GET', '/');
    expect(info.json).toMatchObject({
      cluster_name: 'wazuh-indexer',
      version: { number: '2.19.1', distribution: 'opensearch' },
      tagline: 'The OpenSearch Project: https://opensearch.org/',
    });
    expect(info.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    const head = await as('HEAD', '/');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
  });

  test('cluster health is green with one node', async () => {
    const health = await as('GET', '/_cluster/health');
    expect(health.json).toMatchObject({
      cluster_name: 'wazuh-indexer',
      status: 'green',
      number_of_nodes: 1,
      active_primary_shards: 1,
    });
  });
});

describe('indices', () => {
  test('create, exists (wildcards too), refuse a duplicate, delete, and 404 for a missing one', async () => {
    const created = await as('PUT', '/wazuh-alerts-4.x-sample-security', {
      settings: { number_of_shards: 1 },
      mappings: { properties: { rule: { properties: { level: { type: 'long' } } } } },
    });
    expect(created.json).toEqual({
      acknowledged: true,
      shards_acknowledged: true,
      index: 'wazuh-alerts-4.x-sample-security',
    });
    expect((await as('HEAD', '/wazuh-alerts-4.x-sample-security')).status).toBe(200);
    expect((await as('HEAD', '/wazuh-alerts-4.x-sample-*')).status).toBe(200);
    expect((await as('HEAD', '/nothing-*')).status).toBe(404);
    const again = await as('PUT', '/wazuh-alerts-4.x-sample-security');
    expect(again.status).toBe(400);
    expect(again.json.error).toMatchObject({
      type: 'resource_already_exists_exception',
      index: 'wazuh-alerts-4.x-sample-security',
    });
    const invalid = await as('PUT', '/Upper');
    expect(invalid.json.error).toMatchObject({ type: 'invalid_index_name_exception' });
    expect((await as('DELETE', '/wazuh-alerts-4.x-sample-*')).json).toEqual({ acknowledged: true });
    expect((await as('HEAD', '/wazuh-alerts-4.x-sample-security')).status).toBe(404);
    const missing = await as('DELETE', '/wazuh-alerts-4.x-sample-security');
    expect(missing.status).toBe(404);
    expect(missing.json.error).toMatchObject({ type: 'index_not_found_exception' });
  });

  test('_cat/indices lists indices with their document counts', async () => {
    await as('PUT', '/other');
    const cat = await as('GET', '/_cat/indices/wazuh-alerts-*?format=json');
    expect(cat.json).toEqual([
      expect.objectContaining({
        health: 'green',
        status: 'open',
        index: 'wazuh-alerts-4.x-2026.01.01',
        'docs.count': '50',
      }),
    ]);
    const text = await as('GET', '/_cat/indices?v&h=index,docs.count');
    expect(text.text).toBe('index docs.count\nother 0\nwazuh-alerts-4.x-2026.01.01 50\n');
  });

  test("_mapping and _field_caps infer the documents' types", async () => {
    const mapping = await as('GET', '/wazuh-alerts-*/_mapping');
    const properties = (
      mapping.json['wazuh-alerts-4.x-2026.01.01'] as {
        mappings: { properties: Json };
      }
    ).mappings.properties;
    expect(properties.timestamp).toEqual({
      type: 'date',
      format: 'date_optional_time||epoch_millis',
    });
    expect(properties.rule.properties.level).toEqual({ type: 'long' });
    expect(properties.rule.properties.groups).toEqual({ type: 'keyword' });
    expect(properties.rule.properties.mitre.properties.id).toEqual({ type: 'keyword' });
    const caps = await as('GET', '/wazuh-alerts-*/_field_caps?fields=rule.*,timestamp');
    expect(caps.json.indices).toEqual(['wazuh-alerts-4.x-2026.01.01']);
    expect((caps.json.fields as Record<string, unknown>)['rule.level']).toEqual({
      long: { type: 'long', searchable: true, aggregatable: true },
    });
    expect((caps.json.fields as Record<string, unknown>).timestamp).toEqual({
      date: { type: 'date', searchable: true, aggregatable: true },
    });
    expect((caps.json.fields as Record<string, unknown>)['rule.mitre']).toEqual({
      object: { type: 'object', searchable: false, aggregatable: false },
    });
  });
});

describe('index templates', () => {
  test('an index created by its first document takes the mappings of the matching template of highest priority', async () => {
    const put = (name: string, priority: number, type: string) =>
      as('PUT', `/_index_template/${name}`, {
        index_patterns: ['stats-*'],
        priority,
        template: { mappings: { properties: { n: { type } } } },
      });
    expect((await put('low', 0, 'keyword')).json).toEqual({ acknowledged: true });
    expect((await put('high', 5, 'float')).json).toEqual({ acknowledged: true });
    await as('POST', '/_bulk', ndjson([{ index: { _index: 'stats-1' } }, { n: 3 }]));
    const mapping = await as('GET', '/stats-1/_mapping');
    expect(mapping.json['stats-1']).toEqual({
      mappings: { properties: { n: { type: 'float' } } },
    });
  });

  test('refusals: no patterns, unknown fields, a clash of priorities, create over an existing one', async () => {
    const missing = await as('PUT', '/_index_template/t', { template: {} });
    expect([missing.status, missing.json.error?.type]).toEqual([
      400,
      'action_request_validation_exception',
    ]);
    const unknown = await as('PUT', '/_index_template/t', { index_patterns: ['a-*'], mapping: {} });
    expect([unknown.status, unknown.json.error?.type]).toEqual([400, 'x_content_parse_exception']);
    expect((await as('PUT', '/_index_template/t', { index_patterns: ['a-*'] })).status).toBe(200);
    const clash = await as('PUT', '/_index_template/u', { index_patterns: ['a-b*'] });
    expect([clash.status, clash.json.error?.type]).toEqual([400, 'illegal_argument_exception']);
    const again = await as('PUT', '/_index_template/t?create=true', { index_patterns: ['a-*'] });
    expect(again.status).toBe(400);
    expect(again.json.error?.reason).toBe('index template [t] already exists');
  });
});

describe('documents', () => {
  test('bulk index and create: items with their results, errors flag on a conflict, and a newline required', async () => {
    const body = ndjson([
      { index: { _index: 'bulk-test', _id: 'a' } },
      { timestamp: '2026-01-01T00:00:00Z', n: 1 },
      { create: { _id: 'b' } },
      { timestamp: '2026-01-01T00:01:00Z', n: 2 },
      { create: { _id: 'a' } },
      { n: 3 },
      { index: { _id: 'a' } },
      { n: 4 },
    ]);
    const answer = await as('POST', '/bulk-test/_bulk', body);
    expect(answer.status).toBe(200);
    expect(answer.json.errors).toBe(true);
    const items = answer.json.items as Array<Record<string, Record<string, unknown>>>;
    expect(
      items.map(
        (item) =>
          Object.entries(item).map(([action, result]) => [
            action,
            result.status,
            result.result ?? (result.error as { type: string }).type,
          ])[0],
      ),
    ).toEqual([
      ['index', 201, 'created'],
      ['create', 201, 'created'],
      ['create', 409, 'version_conflict_engine_exception'],
      ['index', 200, 'updated'],
    ]);
    const count = await as('GET', '/bulk-test/_count');
    expect(count.json).toEqual({
      count: 2,
      _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
    });
    const unterminated = await as('POST', '/_bulk', JSON.stringify({ index: { _index: 'x' } }));
    expect(unterminated.status).toBe(400);
    expect(unterminated.json.error).toMatchObject({
      type: 'illegal_argument_exception',
      reason: 'The bulk request must be terminated by a newline [\n]',
    });
    expect(
      (await as('POST', '/_bulk', ndjson([{ index: {} }, { a: 1 }]))).json.error,
    ).toMatchObject({ type: 'action_request_validation_exception' });
  });

  test('_count takes a query', async () => {
    const count = await as('POST', '/wazuh-alerts-*/_count', {
      query: { term: { 'agent.id': '001' } },
    });
    expect(count.json.count).toBe(
      alerts(50, NOW).filter((doc) => doc.source.agent.id === '001').length,
    );
  });

  test('msearch answers each search with its status, errors in place', async () => {
    const body = ndjson([
      { index: 'wazuh-alerts-*' },
      { size: 0, query: { term: { 'rule.level': 3 } } },
      { index: 'missing' },
      { query: { match_all: {} } },
      {},
      { query: { bogus: {} } },
    ]);
    const answer = await as('POST', '/_msearch', body);
    const responses = answer.json.responses as Array<Json>;
    expect(responses.map((response) => response.status)).toEqual([200, 404, 400]);
    expect(responses[0].hits.total).toEqual({
      value: alerts(50, NOW).filter((doc) => doc.source.rule.level === 3).length,
      relation: 'eq',
    });
    expect(responses[1].error.type).toBe('index_not_found_exception');
    expect(responses[2].error.type).toBe('parsing_exception');
    const scoped = await as('POST', '/wazuh-alerts-*/_msearch', ndjson([{}, { size: 0 }]));
    expect((scoped.json.responses as Array<Json>)[0].hits.total.value).toBe(50);
  });

  test('an in-process index() is searchable at once; _doc get and put', async () => {
    standIn.index('live', { timestamp: '2026-01-01T10:00:00Z', msg: 'hello' }, 'one');
    expect((await as('GET', '/live/_doc/one')).json).toMatchObject({
      _id: 'one',
      found: true,
      _source: { msg: 'hello' },
    });
    expect((await as('PUT', '/live/_doc/two', { msg: 'there' })).status).toBe(201);
    expect((await as('GET', '/live/_count')).json.count).toBe(2);
    expect((await as('GET', '/live/_doc/none')).status).toBe(404);
  });

  test('unknown endpoints and methods answer as OpenSearch does', async () => {
    expect((await as('POST', '/live/_nothing')).json).toEqual({
      error: 'no handler found for uri [/live/_nothing] and method [POST]',
    });
    const method = await as('PUT', '/_search');
    expect(method.status).toBe(405);
    expect(method.json).toEqual({
      error: 'Incorrect HTTP method for uri [/_search] and method [PUT], allowed: [GET, POST]',
      status: 405,
    });
  });
});

describe('authentication', () => {
  test('no credentials or wrong ones: 401 security_exception with a Basic challenge', async () => {
    for (const authorization of [
      null,
      `Basic ${Buffer.from('reader:wrong').toString('base64')}`,
      `Basic ${Buffer.from('admin:admin').toString('base64')}`,
    ]) {
      const answer = await call(standIn, 'POST', '/wazuh-alerts-*/_search', {}, authorization);
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({
        error: {
          root_cause: [{ type: 'security_exception', reason: 'Unauthorized' }],
          type: 'security_exception',
          reason: 'Unauthorized',
        },
        status: 401,
      });
      expect(answer.headers.get('www-authenticate')).toBe('Basic realm="OpenSearch Security"');
    }
  });
});

describe('faults and stats', () => {
  test("each status fault answers OpenSearch's error body", async () => {
    const cases: Array<[401 | 429 | 503 | 500, string]> = [
      [401, 'security_exception'],
      [429, 'too_many_requests'],
      [503, 'es_rejected_execution_exception'],
      [500, 'exception'],
    ];
    for (const [status, type] of cases) {
      standIn.faults.status = status;
      const answer = await as('POST', '/wazuh-alerts-*/_search', {});
      expect(answer.status).toBe(status);
      expect(answer.json).toMatchObject({ error: { type, root_cause: [{ type }] }, status });
    }
    standIn.faults.status = undefined;
    expect((await as('POST', '/wazuh-alerts-*/_search', {})).status).toBe(200);
  });

  test('malformed: a 200 whose body is not JSON', async () => {
    standIn.faults.malformed = true;
    const answer = await as('POST', '/wazuh-alerts-*/_search', {});
    expect(answer.status).toBe(200);
    expect(() => JSON.parse(answer.text)).toThrow();
  });

  test('down: connections are destroyed; back up, requests succeed', async () => {
    standIn.faults.down = true;
    await expect(as('GET', '/')).rejects.toThrow();
    standIn.faults.down = false;
    expect((await as('GET', '/')).status).toBe(200);
  });

  test('latency holds each answer back: a client with a shorter deadline gives up', async () => {
    standIn.faults.latencyMs = 60_000;
    const slow = fetch(`${standIn.url}/`, {
      headers: { authorization: AUTH },
      signal: AbortSignal.timeout(300),
    });
    await expect(slow).rejects.toThrow();
    expect(standIn.stats.byEndpoint.info).toBe(1);
    // stop() (in afterEach) ends the pending wait instead of leaving it for a minute.
  });

  test('stats count requests per endpoint', async () => {
    await as('POST', '/wazuh-alerts-*/_search', {});
    await as('POST', '/_msearch', ndjson([{}, {}]));
    await as('GET', '/_cluster/health');
    expect(standIn.stats.requests).toBe(3);
    expect(standIn.stats.byEndpoint).toEqual({ search: 1, msearch: 1, 'cluster.health': 1 });
  });
});

describe('the official OpenSearch client', () => {
  test('searches, aggregates, opens a point in time and reads errors as typed ResponseErrors', async () => {
    const client = new Client({
      node: standIn.url,
      auth: { username: 'reader', password: 's3cret' },
    });
    try {
      const info = await client.info();
      expect(info.body.version.distribution).toBe('opensearch');
      const health = await client.cluster.health();
      expect(health.body.status).toBe('green');
      // A variable, not a literal: the client's types make terms' field/script an exclusive union.
      const body = {
        size: 2,
        sort: [{ timestamp: { order: 'desc' as const } }],
        query: { term: { 'agent.name': 'web-01' } },
        aggs: { levels: { terms: { field: 'rule.level', size: 3 } } },
      };
      const search = await client.search({ index: 'wazuh-alerts-*', body });
      expect(search.body.hits.total).toEqual({
        value: alerts(50, NOW).filter((doc) => doc.source.agent.name === 'web-01').length,
        relation: 'eq',
      });
      expect(search.body.hits.hits).toHaveLength(2);
      const pit = await client.createPit({ index: ['wazuh-alerts-*'], keep_alive: '1m' });
      const page = await client.search({
        body: {
          size: 5,
          pit: { id: pit.body.pit_id, keep_alive: '1m' },
          sort: [{ timestamp: 'desc' }],
        },
      });
      expect(page.body.pit_id).toBe(pit.body.pit_id);
      const deleted = await client.deletePit({ body: { pit_id: [pit.body.pit_id] } });
      expect(deleted.body.pits).toEqual([{ pit_id: pit.body.pit_id, successful: true }]);
      const bulk = await client.bulk({
        body: [{ index: { _index: 'client-test' } }, { timestamp: '2026-01-01T00:00:00Z' }],
      });
      expect(bulk.body.errors).toBe(false);
      expect((await client.indices.exists({ index: 'client-test' })).body).toBe(true);
      const failure = await client
        .search({ index: 'wazuh-alerts-*', body: { query: { bogus: {} } } as never })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(errors.ResponseError);
      expect((failure as InstanceType<typeof errors.ResponseError>).statusCode).toBe(400);
      expect((failure as InstanceType<typeof errors.ResponseError>).body.error.type).toBe(
        'parsing_exception',
      );
    } finally {
      await client.close();
    }
  });
});
