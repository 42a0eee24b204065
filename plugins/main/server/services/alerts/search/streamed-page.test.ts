import { PassThrough, Readable } from 'node:stream';
import { deflateSync, gzipSync } from 'node:zlib';
import type { StreamedAnswer } from '../indexer/connection';
import { searchStreamedPage } from './streamed-page';

const ANSWER = JSON.stringify({
  pit_id: 'pit-1',
  hits: {
    total: { value: 2, relation: 'eq' },
    hits: [
      { _id: 'a', _source: { n: 1 }, sort: [2] },
      { _id: 'b', _source: { n: 2 }, sort: [1] },
    ],
  },
});

/** An indexer whose page search answers `body` with `headers`, 1 KiB at a time. */
function indexerAnswering(body: Buffer | Readable, headers: Record<string, string> = {}) {
  const stream =
    body instanceof Readable
      ? body
      : Readable.from(
          Array.from({ length: Math.ceil(body.length / 1024) }, (_, n) =>
            body.subarray(n * 1024, (n + 1) * 1024),
          ),
        );
  return {
    body: stream,
    searchInPitStreamed: async (): Promise<StreamedAnswer> => ({
      statusCode: 200,
      headers,
      body: stream,
    }),
  };
}

function read(indexer: ReturnType<typeof indexerAnswering>, maxResponseBytes = 1024 * 1024) {
  const sources: unknown[] = [];
  const page = searchStreamedPage(
    indexer,
    {},
    {
      maxHits: 10,
      totalRequired: true,
      onHit: (source) => sources.push(source),
      maxResponseBytes,
      requestTimeoutMs: 1_000,
    },
  );
  return { page, sources };
}

describe('searchStreamedPage', () => {
  it.each([
    ['plain', Buffer.from(ANSWER), {}],
    ['gzip', gzipSync(ANSWER), { 'content-encoding': 'gzip' }],
    ['deflate', deflateSync(ANSWER), { 'content-encoding': 'deflate' }],
  ])('reads a %s answer hit by hit', async (_name, body, headers) => {
    const { page, sources } = read(indexerAnswering(body, headers));
    expect(await page).toMatchObject({ hits: 2, pitId: 'pit-1', lastSort: [1] });
    expect(sources).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('refuses an encoding it did not ask for', async () => {
    const { page } = read(indexerAnswering(Buffer.from(ANSWER), { 'content-encoding': 'br' }));
    await expect(page).rejects.toMatchObject({ code: 'indexer_bad_answer' });
  });

  it('stops at maxResponseBytes inflated, and cuts the answer', async () => {
    const padded = JSON.stringify({ padding: ' '.repeat(200_000), ...JSON.parse(ANSWER) });
    const bomb = indexerAnswering(gzipSync(padded), { 'content-encoding': 'gzip' });
    await expect(read(bomb, 100_000).page).rejects.toMatchObject({
      code: 'indexer_response_too_large',
      statusCode: 502,
    });
    expect(bomb.body.destroyed).toBe(true);
  });

  it('stops at maxResponseBytes on the wire, even when it inflates to little', async () => {
    // 5,000 empty gzip members (100 kB) before the answer: valid gzip, a few bytes inflated.
    const members = Buffer.concat([
      ...Array.from({ length: 5_000 }, () => gzipSync('')),
      gzipSync(ANSWER),
    ]);
    expect(
      await read(indexerAnswering(members, { 'content-encoding': 'gzip' })).page,
    ).toMatchObject({ hits: 2 });
    const large = indexerAnswering(members, { 'content-encoding': 'gzip' });
    await expect(read(large, 50_000).page).rejects.toMatchObject({
      code: 'indexer_response_too_large',
    });
    expect(large.body.destroyed).toBe(true);
  });

  it('refuses an answer cut short', async () => {
    const { page } = read(indexerAnswering(Buffer.from(ANSWER.slice(0, -5))));
    await expect(page).rejects.toMatchObject({ code: 'indexer_malformed_response' });
  });

  it('times the whole exchange, body included, and cuts a body that trickles', async () => {
    jest.useFakeTimers();
    try {
      const trickling = new PassThrough();
      trickling.write('{"hits":');
      const indexer = indexerAnswering(trickling);
      const { page } = read(indexer);
      const failed = expect(page).rejects.toMatchObject({
        code: 'indexer_timeout',
        statusCode: 504,
      });
      await jest.advanceTimersByTimeAsync(1_000);
      await failed;
      expect(trickling.destroyed).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
