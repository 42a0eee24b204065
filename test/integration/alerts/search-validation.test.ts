/**
 * Every refusal of the alerts routes: a 400 whose message names the request field, before any
 * indexer request is made. Nothing a client sends can name an index, carry a script or query DSL.
 */
import { lastDay, startAlertsTestEnv, type AlertsTestEnv } from './search-support';

jest.setTimeout(120_000);

const page = { ...lastDay, size: 15 };
const bands = [{ key: 'high', gte: 12 }];

/** [route, body, message the 400 starts with] */
const REFUSALS: Array<[string, Record<string, unknown>, string]> = [
  [
    'search',
    { ...page, query: { language: 'kuery', query: 'foo:bar' } },
    '[request body.query.query]: unknown field [foo]',
  ],
  [
    'search',
    { ...page, query: { language: 'lucene', query: 'rule.level:3 OR nope:1' } },
    '[request body.query.query]: unknown field [nope]',
  ],
  [
    'search',
    { ...page, query: { language: 'kuery', query: 'rule.level:(3' } },
    '[request body.query.query]: DQL syntax error at',
  ],
  [
    'search',
    { ...page, query: { language: 'kuery', query: 'rule.level:high' } },
    '[request body.query.query]: [high] is not a number (field [rule.level])',
  ],
  ['search', { ...page, query: { language: 'sql', query: 'x' } }, '[request body.query.language]:'],
  [
    'search',
    { ...page, filters: [{ field: 'foo', type: 'is', value: 'x' }] },
    '[request body.filters.0.field]: unknown field [foo]',
  ],
  [
    'search',
    { ...page, filters: [{ field: 'rule.level', type: 'is' }] },
    '[request body.filters.0.value]: expected at least one defined value',
  ],
  [
    'search',
    { ...page, filters: [{ field: 'rule.level', type: 'exists', value: 3 }] },
    '[request body.filters.0.value]: definition for this key is missing',
  ],
  [
    'search',
    { ...page, filters: [{ field: 'agent.name', type: 'between', gte: 1 }] },
    '[request body.filters.0.field]: field [agent.name] (keyword) has no range',
  ],
  [
    'search',
    { ...page, filters: [{ field: 'rule.level', type: 'is', value: { script: { source: 'x' } } }] },
    '[request body.filters.0.value]:',
  ],
  [
    'search',
    { ...page, filters: [{ field: 'rule.level', type: 'is', value: 1, script: 'doc' }] },
    '[request body.filters.0.script]: definition for this key is missing',
  ],
  [
    'search',
    { ...page, script: { source: 'ctx' } },
    '[request body.script]: definition for this key is missing',
  ],
  [
    'search',
    { ...page, index: 'secrets-*' },
    '[request body.index]: definition for this key is missing',
  ],
  ['search', { ...page, query: { match_all: {} } }, '[request body.query.'],
  [
    'search',
    { ...page, sort: [{ field: 'nope', direction: 'asc' }] },
    '[request body.sort.0.field]: unknown field [nope]',
  ],
  [
    'search',
    { ...page, sort: [{ field: 'full_log', direction: 'asc' }] },
    '[request body.sort.0.field]: field [full_log] (text) cannot be sorted on',
  ],
  [
    'search',
    { ...page, fields: ['rule.level', 'secret.field'] },
    '[request body.fields.1]: unknown field [secret.field]',
  ],
  [
    'search',
    { ...page, size: 101 },
    '[request body.size]: must be at most 100 (svc.indexer.maxPageSize)',
  ],
  [
    'search',
    { ...page, size: 100, page: 100 },
    '[request body.page]: page 100 of 100 ends past the first 10000 hits',
  ],
  [
    'search',
    { ...page, cursor: 'eyJmb3JnZWQiOnRydWV9.c2lnbmF0dXJl' },
    '[request body.cursor]: is not a cursor this dashboard issued',
  ],
  [
    'search',
    { ...page, timeRange: { from: 'yesterday', to: 'now' } },
    '[request body.timeRange.from]: [yesterday] is not a date',
  ],
  [
    'search',
    { ...page, timeRange: { from: 'now-1d', to: 'now+1q' } },
    '[request body.timeRange.to]: [now+1q] is not a date',
  ],
  [
    'search',
    { ...page, agentId: '1; drop' },
    '[request body.agentId]: must be an agent id such as 001',
  ],
  ['search', { ...page, apiHostId: 'no such host!' }, '[request body.apiHostId]:'],
  [
    'aggregate',
    { ...lastDay, charts: [{ id: 'a', type: 'terms', field: 'foo', size: 5 }] },
    '[request body.charts.0.field]: unknown field [foo]',
  ],
  [
    'aggregate',
    {
      ...lastDay,
      charts: [
        {
          id: 'a',
          type: 'terms',
          field: 'agent.name',
          size: 200,
          split: { field: 'rule.id', size: 200 },
        },
      ],
    },
    '[request body.charts]: these charts need 40200 buckets, more than the 10000 allowed (svc.indexer.maxBuckets)',
  ],
  [
    'aggregate',
    { ...lastDay, charts: [{ id: 'h', type: 'date_histogram', interval: '1ms' }] },
    '[request body.charts]: these charts need 86400001 buckets',
  ],
  [
    'aggregate',
    { ...lastDay, charts: [{ id: 'h', type: 'date_histogram', interval: 'auto' }] },
    '[request body.charts.0.interval]: [auto] is not a fixed interval',
  ],
  [
    'aggregate',
    { ...lastDay, charts: [{ id: 'r', type: 'range', field: 'agent.name', ranges: bands }] },
    '[request body.charts.0.field]: field [agent.name] is not numeric',
  ],
  [
    'aggregate',
    { ...lastDay, charts: [{ id: 'r', type: 'terms', field: 'rule.level' }] },
    '[request body.charts.0.size]: expected value of type [number]',
  ],
  [
    'aggregate',
    {
      ...lastDay,
      charts: [
        { id: 'f', type: 'filters', filters: { x: { language: 'kuery', query: 'nope:1' } } },
      ],
    },
    '[request body.charts.0.filters.x.query]: unknown field [nope]',
  ],
  [
    'aggregate',
    { ...lastDay, charts: [{ id: 's', type: 'terms', field: 'rule.level', size: 5, script: 'x' }] },
    '[request body.charts.0.script]: definition for this key is missing',
  ],
  [
    'aggregate',
    { ...lastDay, charts: [{ id: 'p', type: 'pie', field: 'rule.level' }] },
    '[request body.charts.0.type]: expected one of [count | terms | date_histogram | filters | range] but got [pie]',
  ],
  [
    'aggregate',
    {
      ...lastDay,
      charts: [
        {
          id: 'h',
          type: 'date_histogram',
          split: { field: 'rule.level', size: 3 },
          metrics: [{ id: 'm', op: 'max', field: 'rule.level' }],
        },
      ],
    },
    '[request body.charts.0]: a date_histogram chart has [split] or [metrics], not both',
  ],
  [
    'aggregate',
    { ...lastDay, charts: [{ id: 'f', type: 'filters', filters: { 'a/b': [] } }] },
    '[request body.charts.0.filters]: [a/b] is not a selection name',
  ],
  [
    'search',
    { ...page, filters: [{ field: 'rule.level', type: 'regexp', value: '.*' }] },
    '[request body.filters.0.type]: expected one of [is | is_one_of | exists | between] but got [regexp]',
  ],
  [
    'search',
    { ...page, filters: [{ field: 'rule.level', type: 'between' }] },
    '[request body.filters.0]: a [between] filter needs gte, lte or both',
  ],
  [
    'search',
    { ...page, filters: [{ field: 'rule.level', type: 'is_one_of', values: [] }] },
    '[request body.filters.0.values]: array size is [0]',
  ],
  [
    'search',
    { ...page, indexPattern: 'secret-*' },
    '[request body.indexPattern]: [secret-*] is not an index pattern users may choose',
  ],
  [
    'csv',
    { ...lastDay, indexPattern: '*', columns: ['rule.id'] },
    '[request body.indexPattern]: [*] is not an index pattern users may choose',
  ],
  ['aggregate', { ...lastDay, charts: [] }, '[request body.charts]:'],
  [
    'csv',
    { ...lastDay, columns: ['timestamp', 'nope'] },
    '[request body.columns.1]: unknown field [nope]',
  ],
  ['csv', { ...lastDay, columns: [] }, '[request body.columns]:'],
];

describe('alerts routes refuse what they cannot serve, naming the field', () => {
  let env: AlertsTestEnv;
  beforeAll(async () => {
    env = await startAlertsTestEnv({ ownAlerts: 50 });
  });
  afterAll(() => env?.stop());

  it.each(REFUSALS)('%s %j', async (route, body, message) => {
    const before = env.indexer.stats.requests;
    const response = await env.user.post(`/api/alerts/${route}`, { body });
    expect(response.status).toBe(400);
    const answer = response.json<{ statusCode: number; error: string; message: string }>();
    expect(answer).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(answer.message.startsWith(message)).toBe(true);
    expect(env.indexer.stats.requests).toBe(before);
  });

  it('keeps script syntax in a query a plain value', async () => {
    const response = await env.user.post('/api/alerts/search', {
      body: {
        ...page,
        query: {
          language: 'kuery',
          query: 'rule.description:"{\\"script\\":{\\"source\\":\\"1\\"}}"',
        },
      },
    });
    expect(response.status).toBe(200);
    expect(response.json<{ total: { value: number } }>().total.value).toBe(0);
  });
});
