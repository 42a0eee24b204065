// What the stand-in keeps about a view (matches, columns, orders) answers exactly as reading every
// document does: each search is checked against the same search made unkeepable by reading `now`,
// or read document by document under a `terminate_after` it never reaches.
import { type IndexerStandIn, startIndexer } from './index';
import { call, ndjson } from './testing';

const NOW = Date.parse('2026-01-02T00:00:00.000Z');
const NAMES = ['alpha', 'Beta', 'beta', 'gamma', 'zeta', 'ä-umlaut'];

/** Deterministic documents with missing values, arrays, mixed timestamps and ties. */
function documents(count: number, seed: number) {
  let state = seed;
  const next = (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
  return Array.from({ length: count }, (_, at) => {
    const source: Record<string, unknown> = { tag: next(3) === 0 ? 'red' : 'blue' };
    if (next(5) > 0) source.name = NAMES[next(NAMES.length)];
    if (next(7) === 0) source.name = [NAMES[next(NAMES.length)], NAMES[next(NAMES.length)]];
    if (next(4) > 0) source.level = next(16);
    if (next(3) > 0) source.timestamp = new Date(NOW - next(100) * 60_000).toISOString();
    if (next(2) === 0) source.groups = next(2) ? ['a', 'b'] : ['b'];
    return { index: 'kept', id: `d${at}`, source };
  });
}

/** Matches every document and reads `now`: nothing about it may be kept. */
const UNKEPT = { bool: { must_not: [{ range: { never: { gte: 'now' } } }] } };

let standIn: IndexerStandIn;

beforeAll(async () => {
  standIn = await startIndexer({ documents: documents(400, 7), now: () => NOW });
});
afterAll(() => standIn.stop());

async function search(body: Record<string, unknown>, path = '/kept/_search') {
  const answer = await call(standIn, 'POST', path, body);
  expect(answer.status).toBe(200);
  return answer.json as {
    hits: { total?: { value: number }; hits: Array<{ _id: string; sort: unknown[] }> };
    aggregations?: unknown;
  };
}

function and(query: unknown): unknown {
  return query === undefined ? UNKEPT : { bool: { filter: [query, UNKEPT] } };
}

/** Every page of a sorted walk with `search_after`, as ids. */
async function walk(query: unknown, sort: unknown[], size: number): Promise<string[][]> {
  const pages: string[][] = [];
  let after: unknown[] | undefined;
  for (;;) {
    const { hits } = await search({
      query,
      sort,
      size,
      track_total_hits: true,
      ...(after && { search_after: after }),
    });
    if (hits.hits.length === 0) return pages;
    pages.push(hits.hits.map((hit) => hit._id));
    after = hits.hits[hits.hits.length - 1].sort;
  }
}

const SORTS: unknown[][] = [
  [{ name: 'asc' }, { _doc: 'asc' }],
  [{ name: 'desc' }],
  [{ level: { order: 'desc', missing: '_first' } }, { name: 'asc' }],
  [{ level: { order: 'asc', missing: 7 } }],
  [{ name: { order: 'asc', missing: 'beta' } }, { level: 'desc' }],
  [{ timestamp: 'asc' }, { name: 'desc' }, { _doc: 'desc' }],
  [{ _id: 'desc' }],
];
const QUERIES = [undefined, { term: { tag: 'red' } }];

describe('sorted pages from kept orders', () => {
  test.each(SORTS.flatMap((sort) => QUERIES.map((query) => [JSON.stringify(sort), sort, query])))(
    '%s: the first look, the kept order and its search_after pages match a full read',
    async (_name, sort, query) => {
      const expected = await walk(and(query), sort as unknown[], 23);
      // Three walks: the first look selects its page, the second builds the order, the third reads it.
      for (let round = 0; round < 3; round++)
        expect(await walk(query, sort as unknown[], 23)).toEqual(expected);
      for (const from of [0, 5, 390]) {
        const page = async (q: unknown) =>
          (await search({ query: q, sort, from, size: 10 })).hits.hits.map((hit) => hit._id);
        expect(await page(query)).toEqual(await page(and(query)));
      }
    },
  );

  test('a post filter narrows the hits and their total, not the aggregations', async () => {
    const body = (query: unknown) => ({
      query,
      post_filter: { term: { tag: 'red' } },
      sort: [{ name: 'asc' }, { _doc: 'asc' }],
      size: 50,
      aggs: { tags: { terms: { field: 'tag' } } },
    });
    const answered = async (query: unknown) => {
      const { hits, aggregations } = await search(body(query));
      return { hits, aggregations };
    };
    for (let round = 0; round < 2; round++)
      expect(await answered(undefined)).toEqual(await answered(UNKEPT));
  });
});

describe('aggregations from columns', () => {
  const AGGS = {
    names: { terms: { field: 'name', size: 20 } },
    missing: { terms: { field: 'name', size: 20, missing: 'none' } },
    levels: { terms: { field: 'level', size: 5, order: { _key: 'asc' } } },
    groups: { terms: { field: 'groups', min_doc_count: 1 } },
    nested: { terms: { field: 'tag' }, aggs: { names: { terms: { field: 'name' } } } },
    red: { filter: { term: { tag: 'red' } }, aggs: { levels: { terms: { field: 'level' } } } },
  };

  test.each(QUERIES.map((query) => [JSON.stringify(query), query]))(
    'under %s they count as reading every document does',
    async (_name, query) => {
      // A terminate_after the index never reaches: the documents are read one by one.
      const expected = (await search({ query, size: 0, aggs: AGGS, terminate_after: 1e6 }))
        .aggregations;
      for (let round = 0; round < 2; round++)
        expect((await search({ query, size: 0, aggs: AGGS })).aggregations).toEqual(expected);
    },
  );
});

describe('what is kept lasts as long as the view', () => {
  test('a write is seen by the next search, and a point in time keeps its own order', async () => {
    const sort = [{ name: 'asc' }, { _doc: 'asc' }];
    const opened = await call(standIn, 'POST', '/kept/_search/point_in_time?keep_alive=1m');
    const pit = { id: opened.json.pit_id as string };
    const inPit = async () =>
      (await search({ pit, sort, size: 1000, track_total_hits: true }, '/_search')).hits;
    const before = await inPit();
    // Kept (asked twice), then a write to the index.
    await search({ sort, size: 5, track_total_hits: true });
    const live = await search({ sort, size: 5, track_total_hits: true });
    const added = await call(standIn, 'PUT', '/kept/_doc/first?refresh=true', { name: 'AAA' });
    expect(added.status).toBe(201);
    const after = await search({ sort, size: 5, track_total_hits: true });
    expect(after.hits.total?.value).toBe((live.hits.total?.value ?? 0) + 1);
    expect(after.hits.hits[0]._id).toBe('first');
    expect(await inPit()).toEqual(before);
    const removed = await call(
      standIn,
      'POST',
      '/_bulk?refresh=true',
      ndjson([{ delete: { _index: 'kept', _id: 'first' } }]),
    );
    expect(removed.json.errors).toBe(false);
    expect((await search({ sort, size: 5, track_total_hits: true })).hits).toEqual(live.hits);
  });
});
