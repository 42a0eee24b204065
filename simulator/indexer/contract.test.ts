// The stand-in against the published OpenSearch API specification: every query shape the dashboard
// sends, every answer the stand-in gives to them, and its other answers and errors.
import { type IndexerStandIn, startIndexer } from './index';
import { QUERY_SHAPES, validateSearchRequest } from './test-query-shapes';
import { validateAnswer, validateRequestBody, validateSchema } from './test-spec-validator';
import { type Answer, alerts, call, ndjson } from './testing';

// Validating large answers against the whole specification takes a while on a busy machine.
jest.setTimeout(30_000);

const NOW = Date.parse('2026-01-02T00:00:00.000Z');
let standIn: IndexerStandIn;

beforeAll(async () => {
  standIn = await startIndexer({ documents: alerts(500, NOW), now: () => NOW });
  // The first validation compiles the specification's schemas: seconds, once.
  validateSearchRequest({});
}, 60_000);
afterAll(() => standIn.stop());

function expectConforms(operation: string, answer: Answer): void {
  expect({
    operation,
    status: answer.status,
    errors: validateAnswer(operation, answer.status, answer.json),
  }).toEqual({
    operation,
    status: answer.status,
    errors: [],
  });
}

/** Runs a query shape: a point-in-time shape gets a fresh point in time and no index in the path. */
async function runShape(shape: Record<string, unknown>): Promise<Answer> {
  if (!shape.pit) return call(standIn, 'POST', '/wazuh-alerts-*/_search', shape);
  const pit = await call(standIn, 'POST', '/wazuh-alerts-*/_search/point_in_time?keep_alive=1m');
  return call(standIn, 'POST', '/_search', {
    ...shape,
    pit: { ...(shape.pit as object), id: pit.json.pit_id },
  });
}

describe('query shapes the dashboard sends', () => {
  test.each(QUERY_SHAPES.map((shape, at) => [at, shape] as const))(
    'shape %i conforms to the specification, and so does the answer',
    async (_at, shape) => {
      expect(validateSearchRequest(shape)).toEqual([]);
      const answer = await runShape(shape);
      expect(answer.status).toBe(200);
      expectConforms('search', answer);
      const hits = answer.json.hits as { total?: unknown };
      if (shape.track_total_hits === false) expect(hits).not.toHaveProperty('total');
      else
        expect(
          validateSchema('schemas/_core.search.yaml#/components/schemas/TotalHits', hits.total),
        ).toEqual([]);
    },
  );

  test('the validator refuses answers the specification does not describe', () => {
    const answer = {
      took: 1,
      timed_out: false,
      _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
      hits: { total: { value: 1, relation: 'eq' }, max_score: null, hits: [] },
    };
    expect(validateAnswer('search', 200, answer)).toEqual([]);
    expect(
      validateAnswer('search', 200, { ...answer, hits: { ...answer.hits, total: { value: 1 } } }),
    ).not.toEqual([]);
    expect(validateAnswer('search', 200, { ...answer, extra: true })).not.toEqual([]);
    expect(validateAnswer('search', 400, { error: 'no handler found' })).not.toEqual([]);
  });

  test('the validator refuses what the specification does not know', () => {
    expect(validateSearchRequest({ query: { bogus: {} } })).not.toEqual([]);
    expect(validateSearchRequest({ aggs: { a: { bogus: { field: 'x' } } } })).not.toEqual([]);
    expect(validateSearchRequest({ size: 'ten' })).toEqual(['/size must be integer']);
    expect(validateSearchRequest({ sort: [{ timestamp: { order: 'down' } }] })).not.toEqual([]);
  });
});

describe('answers of the other operations', () => {
  test('info, cluster health, index management, mapping and field caps', async () => {
    expectConforms('info', await call(standIn, 'GET', '/'));
    expectConforms('cluster.health', await call(standIn, 'GET', '/_cluster/health'));
    const body = {
      settings: { number_of_shards: 1, number_of_replicas: 0 },
      mappings: { properties: { timestamp: { type: 'date' } } },
    };
    expect(validateRequestBody('indices.create', body)).toEqual([]);
    expectConforms('indices.create', await call(standIn, 'PUT', '/contract-index', body));
    expectConforms('indices.refresh', await call(standIn, 'POST', '/contract-index/_refresh'));
    expectConforms('indices.get', await call(standIn, 'GET', '/wazuh-alerts-*'));
    expectConforms('indices.get_mapping', await call(standIn, 'GET', '/wazuh-alerts-*/_mapping'));
    expectConforms(
      'field_caps',
      await call(standIn, 'GET', '/wazuh-alerts-*/_field_caps?fields=*'),
    );
    expectConforms(
      'cat.indices',
      await call(standIn, 'GET', '/_cat/indices/wazuh-alerts-*?format=json'),
    );
    expectConforms('indices.delete', await call(standIn, 'DELETE', '/contract-index'));
  });

  test('an index template', async () => {
    const template = {
      index_patterns: ['contract-template-*'],
      priority: 1,
      template: {
        settings: { 'index.refresh_interval': '5s' },
        mappings: { properties: { timestamp: { type: 'date' }, name: { type: 'keyword' } } },
      },
    };
    expect(validateRequestBody('indices.put_index_template', template)).toEqual([]);
    expectConforms(
      'indices.put_index_template',
      await call(standIn, 'PUT', '/_index_template/contract-template', template),
    );
  });

  test('bulk, single documents, count and msearch', async () => {
    const lines = [
      { index: { _index: 'contract-docs', _id: '1' } },
      { timestamp: '2026-01-01T00:00:00Z' },
      { create: { _index: 'contract-docs', _id: '1' } },
      { timestamp: '2026-01-01T00:00:00Z' },
    ];
    expect(validateRequestBody('bulk', lines)).toEqual([]);
    expectConforms('bulk', await call(standIn, 'POST', '/_bulk', ndjson(lines)));
    expectConforms(
      'index',
      await call(standIn, 'PUT', '/contract-docs/_doc/2', { timestamp: '2026-01-01T00:00:00Z' }),
    );
    expectConforms('get', await call(standIn, 'GET', '/contract-docs/_doc/2'));
    expectConforms('get', await call(standIn, 'GET', '/contract-docs/_doc/none'));
    const count = { query: { term: { 'agent.id': '001' } } };
    expect(validateRequestBody('count', count)).toEqual([]);
    expectConforms('count', await call(standIn, 'POST', '/wazuh-alerts-*/_count', count));
    // The specification's msearch body lists `aggregations` but not its `aggs` alias.
    const { aggs, ...withoutAggs } = QUERY_SHAPES[0];
    const searches = [
      { index: 'wazuh-alerts-*' },
      { ...withoutAggs, aggregations: aggs },
      { index: 'missing' },
      { query: { match_all: {} } },
    ];
    expect(validateRequestBody('msearch', [{}, QUERY_SHAPES[0]])).not.toEqual([]);
    expect(validateRequestBody('msearch', searches)).toEqual([]);
    expectConforms('msearch', await call(standIn, 'POST', '/_msearch', ndjson(searches)));
  });

  test('point in time: create, list, delete one, delete all', async () => {
    const created = await call(
      standIn,
      'POST',
      '/wazuh-alerts-*/_search/point_in_time?keep_alive=1m',
    );
    expectConforms('create_pit', created);
    expectConforms('get_all_pits', await call(standIn, 'GET', '/_search/point_in_time/_all'));
    const body = { pit_id: [created.json.pit_id] };
    expect(validateRequestBody('delete_pit', body)).toEqual([]);
    expectConforms('delete_pit', await call(standIn, 'DELETE', '/_search/point_in_time', body));
    await call(standIn, 'POST', '/wazuh-alerts-*/_search/point_in_time?keep_alive=1m');
    expectConforms('delete_all_pits', await call(standIn, 'DELETE', '/_search/point_in_time/_all'));
  });
});

describe('error answers', () => {
  const errors: Array<[string, () => Promise<Answer>, number]> = [
    [
      'unknown query',
      () => call(standIn, 'POST', '/wazuh-alerts-*/_search', { query: { bogus: {} } }),
      400,
    ],
    [
      'unknown aggregation',
      () => call(standIn, 'POST', '/wazuh-alerts-*/_search', { aggs: { a: { bogus: {} } } }),
      400,
    ],
    [
      'result window',
      () => call(standIn, 'POST', '/wazuh-alerts-*/_search', { from: 10_000, size: 1 }),
      400,
    ],
    [
      'too many buckets',
      () =>
        call(standIn, 'POST', '/wazuh-alerts-*/_search', {
          size: 0,
          aggs: { ms: { date_histogram: { field: 'timestamp', fixed_interval: '1ms' } } },
        }),
      400,
    ],
    ['missing index', () => call(standIn, 'POST', '/missing/_search', {}), 404],
    [
      'expired point in time',
      () => call(standIn, 'POST', '/_search', { pit: { id: 'gone' } }),
      404,
    ],
    ['broken JSON', () => call(standIn, 'POST', '/wazuh-alerts-*/_search', '{'), 400],
    ['existing index', () => call(standIn, 'PUT', '/wazuh-alerts-4.x-2026.01.01'), 400],
    ['no credentials', () => call(standIn, 'GET', '/', undefined, null), 401],
  ];
  test.each(errors)('%s', async (_name, request, status) => {
    const answer = await request();
    expect(answer.status).toBe(status);
    expectConforms('search', answer);
  });

  test.each([429, 503, 500] as const)('fault %i', async (status) => {
    standIn.faults.status = status;
    try {
      const answer = await call(standIn, 'POST', '/wazuh-alerts-*/_search', {});
      expect(answer.status).toBe(status);
      expectConforms('search', answer);
    } finally {
      standIn.faults.status = undefined;
    }
  });
});
