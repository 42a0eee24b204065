import { IndexerError } from '../indexer/errors';
import { SearchAnswerScanner, type ScannedPage } from './search-answer-scanner';

interface Scanned {
  page: ScannedPage;
  sources: unknown[];
  sorts: unknown[];
}

/** Scans `text` cut into `pieces` of `size` characters. */
function scan(
  text: string,
  { size = text.length, maxHits = 100, totalRequired = true } = {},
): Scanned {
  const sources: unknown[] = [];
  const sorts: unknown[] = [];
  const scanner = new SearchAnswerScanner({
    maxHits,
    totalRequired,
    onHit(source, sort) {
      sources.push(source);
      sorts.push(sort);
    },
  });
  for (let at = 0; at < text.length; at += size) scanner.write(text.slice(at, at + size));
  return { page: scanner.end(), sources, sorts };
}

function failure(text: string, options: Parameters<typeof scan>[1] = {}): unknown {
  try {
    scan(text, options);
  } catch (error) {
    return error;
  }
  return undefined;
}

const hit = (n: number, source: unknown = { n }) => ({
  _index: 'wazuh-alerts-4.x-2024.05.10',
  _id: `id-${n}`,
  _score: null,
  _source: source,
  sort: [1715342400000 - n, n],
});

const answer = (hits: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    pit_id: 'pit-1',
    took: 3,
    timed_out: false,
    _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
    hits: { total: { value: 12, relation: 'eq' }, max_score: null, hits },
    ...extra,
  });

/** Sources with everything a scanner could trip on: escapes, quotes, brackets in strings, unicode. */
const TRICKY = [
  { text: 'a "quoted" word', path: 'C:\\Windows\\', brackets: '}]{[', emoji: '🛡️ é' },
  { nested: { list: [1, [2, { three: '3\\"' }]], empty: {}, none: [] }, n: -1.5e3 },
  { ends: '\\\\', unicode: '\u0000\u001f\u2028', yes: true, no: false, nothing: null },
];

describe('SearchAnswerScanner', () => {
  it('hands on each hit as JSON.parse reads it, however the text is cut', () => {
    const hits = TRICKY.map((source, n) => hit(n, source));
    const text = JSON.stringify(JSON.parse(answer(hits)), null, 2);
    for (let size = 1; size <= text.length; size += 1) {
      const scanned = scan(text, { size });
      expect(scanned.sources).toEqual(TRICKY);
      expect(scanned.sorts).toEqual(hits.map((each) => each.sort));
      expect(scanned.page).toEqual({
        hits: 3,
        lastSort: hits[2].sort,
        total: { value: 12, relation: 'eq' },
        pitId: 'pit-1',
      });
    }
  });

  it('reads a point in time sent after the hits, and keys written with escapes', () => {
    const text = answer([hit(0)], { pit_id: undefined }).replace(/}$/, ',"pit\\u005fid":"late"}');
    expect(scan(text).page.pitId).toBe('late');
  });

  it('steps over the hits past those asked for without handing them on', () => {
    const hits = Array.from({ length: 30 }, (_, n) => hit(n));
    const scanned = scan(answer(hits), { maxHits: 10, size: 7 });
    expect(scanned.sources).toHaveLength(10);
    expect(scanned.page.hits).toBe(10);
    expect(scanned.page.lastSort).toEqual(hits[9].sort);
  });

  it('needs no total when none was asked for', () => {
    const text = JSON.stringify({ hits: { hits: [hit(0)] } });
    expect(scan(text, { totalRequired: false }).page).toEqual({ hits: 1, lastSort: hit(0).sort });
  });

  const badAnswers: Array<[string, string]> = [
    ['hits: [null]', answer([null])],
    ['a hit that is a number', answer([1])],
    ['a hit without _source', answer([{ ...hit(0), _source: undefined }])],
    ['a hit whose _source is an array', answer([{ ...hit(0), _source: [] }])],
    ['a hit without sort', answer([{ ...hit(0), sort: undefined }])],
    ['a hit with empty sort values', answer([{ ...hit(0), sort: [] }])],
    [
      'hits.hits an object',
      JSON.stringify({ hits: { total: { value: 1, relation: 'eq' }, hits: {} } }),
    ],
    [
      'hits.hits null',
      JSON.stringify({ hits: { total: { value: 1, relation: 'eq' }, hits: null } }),
    ],
    ['hits.hits missing', JSON.stringify({ hits: { total: { value: 1, relation: 'eq' } } })],
    ['hits missing', JSON.stringify({ took: 1 })],
    ['hits an array', JSON.stringify({ hits: [] })],
    ['hits.total missing', JSON.stringify({ hits: { hits: [hit(0)] } })],
    ['hits.total a number', JSON.stringify({ hits: { total: 5, hits: [] } })],
    [
      'hits.total of 1e20',
      JSON.stringify({ hits: { total: { value: 1e20, relation: 'eq' }, hits: [] } }),
    ],
    [
      'hits.total of another relation',
      JSON.stringify({ hits: { total: { value: 1, relation: 'lt' }, hits: [] } }),
    ],
    ['two hits lists', answer([hit(0)]).replace('"hits":[', '"hits":[],"hits":[')],
    ['a pit_id that is a number', answer([], { pit_id: 7 })],
    ['an array', '[]'],
    ['a string', '"hits"'],
  ];
  it.each(badAnswers)('refuses %s as indexer_bad_answer', (_name, text) => {
    expect(failure(text)).toMatchObject({ code: 'indexer_bad_answer', statusCode: 502 });
    expect(failure(text)).toBeInstanceOf(IndexerError);
  });

  const notJson: Array<[string, string]> = [
    ['an answer cut short', answer([hit(0)]).slice(0, -10)],
    ['text after the answer', `${answer([])} {}`],
    ['a bracket closing what is not open', answer([hit(0)]).replace('"sort":[', '"sort":{')],
    ['a hit that is not JSON', answer([hit(0)]).replace('"_id":', '"_id" ')],
    ['a key that is not a string', answer([]).replace('"took"', 'took')],
    ['nothing', ''],
  ];
  it.each(notJson)('refuses %s as indexer_bad_answer', (_name, text) => {
    expect(failure(text)).toMatchObject({ code: 'indexer_bad_answer', statusCode: 502 });
  });
});
