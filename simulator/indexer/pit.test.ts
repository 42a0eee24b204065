// Point in time: a frozen view of the documents, search_after through more than 10,000 hits, expiry.
import { type IndexerStandIn, startIndexer } from './index';
import { alerts, call } from './testing';

const START = Date.parse('2026-01-02T00:00:00.000Z');
let now = START;
let standIn: IndexerStandIn;

beforeAll(async () => {
  // Two daily indices: the page walk merges them in time order.
  standIn = await startIndexer({
    documents: [
      ...alerts(7000, START, 'wazuh-alerts-4.x-a'),
      ...alerts(6000, START - 30_000, 'wazuh-alerts-4.x-b'),
    ],
    now: () => now,
  });
});
afterAll(() => standIn.stop());

type Hit = { _index: string; _id: string; sort: [number, number] };

async function createPit(keepAlive = '1m'): Promise<string> {
  const answer = await call(
    standIn,
    'POST',
    `/wazuh-alerts-*/_search/point_in_time?keep_alive=${keepAlive}`,
  );
  expect(answer.status).toBe(200);
  expect(answer.json).toMatchObject({
    _shards: { total: 2, successful: 2, skipped: 0, failed: 0 },
    creation_time: now,
  });
  return answer.json.pit_id as string;
}

test('a point in time pages through more than 10,000 hits with search_after, newest first, and ignores later writes', async () => {
  const pit = await createPit();
  standIn.index(
    'wazuh-alerts-4.x-a',
    { timestamp: new Date(START + 1000).toISOString(), agent: { id: '009' } },
    'late',
  );
  const seen: Hit[] = [];
  let after: unknown[] | undefined;
  for (;;) {
    const answer = await call(standIn, 'POST', '/_search', {
      size: 1000,
      pit: { id: pit, keep_alive: '1m' },
      sort: [{ timestamp: 'desc' }, { _doc: 'desc' }],
      track_total_hits: false,
      _source: ['agent.id'],
      ...(after ? { search_after: after } : {}),
    });
    expect(answer.status).toBe(200);
    expect(answer.json.pit_id).toBe(pit);
    const hits = (answer.json.hits as { hits: Hit[] }).hits;
    if (hits.length === 0) break;
    seen.push(...hits);
    after = hits[hits.length - 1].sort;
  }
  expect(seen).toHaveLength(13_000);
  expect(new Set(seen.map((hit) => `${hit._index}/${hit._id}`)).size).toBe(13_000);
  expect(seen.some((hit) => hit._id === 'late')).toBe(false);
  for (let at = 1; at < seen.length; at++)
    expect(seen[at - 1].sort[0]).toBeGreaterThanOrEqual(seen[at].sort[0]);
  // Without the point in time the new document is there.
  const live = await call(standIn, 'POST', '/wazuh-alerts-*/_search', {
    size: 1,
    sort: [{ timestamp: 'desc' }],
    track_total_hits: true,
  });
  expect((live.json.hits as { hits: Hit[]; total: unknown }).hits[0]._id).toBe('late');
  expect((live.json.hits as { total: unknown }).total).toEqual({ value: 13_001, relation: 'eq' });
});

test('a point in time search takes no index in the path', async () => {
  const pit = await createPit();
  const answer = await call(standIn, 'POST', '/wazuh-alerts-*/_search', { pit: { id: pit } });
  expect(answer.status).toBe(400);
  expect(answer.json.error).toMatchObject({ type: 'action_request_validation_exception' });
});

test('an expired, deleted or unknown point in time is 404 search_context_missing_exception', async () => {
  const expiring = await createPit('1s');
  now += 1500;
  const expired = await call(standIn, 'POST', '/_search', { pit: { id: expiring } });
  expect(expired.status).toBe(404);
  expect((expired.json.error as { root_cause: Array<{ type: string }> }).root_cause[0].type).toBe(
    'search_context_missing_exception',
  );

  const kept = await createPit('1s');
  now += 800;
  // Each search's keep_alive extends the life from that search.
  expect(
    (await call(standIn, 'POST', '/_search', { size: 0, pit: { id: kept, keep_alive: '1s' } }))
      .status,
  ).toBe(200);
  now += 800;
  expect((await call(standIn, 'POST', '/_search', { size: 0, pit: { id: kept } })).status).toBe(
    200,
  );

  const deleted = await call(standIn, 'DELETE', '/_search/point_in_time', { pit_id: [kept] });
  expect(deleted.json).toEqual({ pits: [{ pit_id: kept, successful: true }] });
  expect((await call(standIn, 'POST', '/_search', { pit: { id: kept } })).status).toBe(404);
  expect((await call(standIn, 'POST', '/_search', { pit: { id: 'bm90IGEgcGl0' } })).status).toBe(
    404,
  );
});

test('listing and deleting all points in time', async () => {
  const first = await createPit();
  const second = await createPit();
  const listed = await call(standIn, 'GET', '/_search/point_in_time/_all');
  expect((listed.json.pits as Array<{ pit_id: string }>).map((pit) => pit.pit_id)).toEqual(
    expect.arrayContaining([first, second]),
  );
  const deleted = await call(standIn, 'DELETE', '/_search/point_in_time/_all');
  expect(deleted.json.pits).toEqual(
    expect.arrayContaining([
      { pit_id: first, successful: true },
      { pit_id: second, successful: true },
    ]),
  );
  expect((await call(standIn, 'POST', '/_search', { pit: { id: first } })).status).toBe(404);
});

test('keep_alive is required and capped at a day', async () => {
  const missing = await call(standIn, 'POST', '/wazuh-alerts-*/_search/point_in_time');
  expect(missing.status).toBe(400);
  const long = await call(standIn, 'POST', '/wazuh-alerts-*/_search/point_in_time?keep_alive=2d');
  expect(long.status).toBe(400);
  expect((long.json.error as { reason: string }).reason).toMatch(
    /^Keep alive for request \(2d\) is too large/,
  );
});

test('search_after pages on a keyword sort inside a point in time match those of a search on the indices', async () => {
  const pit = await createPit();
  const request = (after: unknown[] | undefined, target: 'pit' | 'indices') =>
    call(standIn, 'POST', target === 'pit' ? '/_search' : '/wazuh-alerts-*/_search', {
      size: 700,
      query: { term: { 'manager.name': 'wazuh-manager' } },
      sort: [{ 'agent.name': 'asc' }, { 'rule.description': 'desc' }, { _doc: 'asc' }],
      _source: false,
      ...(target === 'pit' ? { pit: { id: pit } } : {}),
      ...(after ? { search_after: after } : {}),
    });
  const walk = async (target: 'pit' | 'indices') => {
    const pages: Array<{ ids: string[]; total: unknown }> = [];
    let after: unknown[] | undefined;
    for (;;) {
      const answer = await request(after, target);
      expect(answer.status).toBe(200);
      const { hits, total } = answer.json.hits as { hits: Hit[]; total: unknown };
      if (hits.length === 0) return pages;
      pages.push({ ids: hits.map((hit) => `${hit._index}/${hit._id}`), total });
      after = hits[hits.length - 1].sort;
    }
  };
  const viaPit = await walk('pit');
  // 90% of the 13,000 alerts are the manager's; a second walk reads the point in time's kept order.
  expect(viaPit.flatMap((page) => page.ids)).toHaveLength(11_700);
  expect(new Set(viaPit.flatMap((page) => page.ids)).size).toBe(11_700);
  expect(await walk('pit')).toEqual(viaPit);
  expect(await walk('indices')).toEqual(viaPit);
});
