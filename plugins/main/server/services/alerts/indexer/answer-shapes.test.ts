import { bucketList, dateKey, isCount, keyedBuckets, searchHits } from './answer-shapes';

const hit = (id: string) => ({ _id: id, _index: 'wazuh-alerts-1', _source: { a: 1 }, sort: [1] });
const bad = { code: 'indexer_bad_answer', statusCode: 502 };

describe('searchHits', () => {
  it('gives the hits, no more than asked for, with the total', () => {
    const answer = {
      hits: {
        total: { value: 3_000, relation: 'eq' },
        hits: Array.from({ length: 3_000 }, (_, n) => hit(String(n))),
      },
    };
    const read = searchHits(answer, 100);
    expect(read.hits).toHaveLength(100);
    expect(read.total).toEqual({ value: 3_000, relation: 'eq' });
  });

  it('does not check hits past those asked for', () => {
    expect(searchHits({ hits: { hits: [hit('1'), null] } }, 1).hits).toEqual([hit('1')]);
  });

  it.each([
    ['no answer', null],
    ['no hits', {}],
    ['hits: [null]', { hits: { hits: [null] } }],
    ['a hit without _index', { hits: { hits: [{ _id: '1' }] } }],
    ['a sort that is no list', { hits: { hits: [{ ...hit('1'), sort: 'x' }] } }],
    ['a total of -1', { hits: { hits: [], total: { value: -1, relation: 'eq' } } }],
    ['a total of 1.5', { hits: { hits: [], total: { value: 1.5, relation: 'eq' } } }],
    ['an unknown relation', { hits: { hits: [], total: { value: 1, relation: 'lt' } } }],
  ])('refuses %s', (_name, answer) => {
    expect(() => searchHits(answer, 10)).toThrow(expect.objectContaining(bad));
  });
});

describe('buckets and keys', () => {
  it('gives buckets with a text or finite number key and a count', () => {
    const buckets = [
      { key: 'a', doc_count: 2 },
      { key: 5, key_as_string: '5', doc_count: 0 },
    ];
    expect(bucketList({ buckets }, 'chart_0')).toEqual(buckets);
  });

  it.each([
    ['null buckets', { buckets: null }],
    ['a null bucket', { buckets: [null] }],
    ['an infinite key', { buckets: [{ key: Infinity, doc_count: 1 }] }],
    ['a count that is text', { buckets: [{ key: 'a', doc_count: '1' }] }],
  ])('refuses %s', (_name, raw) => {
    expect(() => bucketList(raw, 'chart_0')).toThrow(expect.objectContaining(bad));
  });

  it('reads a date key only when a date can hold it', () => {
    expect(dateKey(0, 'h').toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(() => dateKey(1e20, 'h')).toThrow(expect.objectContaining(bad));
    expect(() => dateKey('yesterday', 'h')).toThrow(expect.objectContaining(bad));
  });

  it('reads keyed buckets, none when the aggregation is missing', () => {
    expect(
      keyedBuckets({ aggregations: { hosts: { buckets: { h1: { doc_count: 3 } } } } }, 'hosts'),
    ).toEqual({
      h1: { doc_count: 3 },
    });
    expect(keyedBuckets({}, 'hosts')).toEqual({});
    expect([isCount(0), isCount(-1), isCount(2 ** 60), isCount('1')]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });
});
