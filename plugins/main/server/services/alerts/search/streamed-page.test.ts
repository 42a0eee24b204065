import { PassThrough, Readable } from 'node:stream';
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

function read(indexer: ReturnType<typeof indexerAnswering>) {
  const sources: unknown[] = [];
  const page = searchStreamedPage(
    indexer,
    {},
    {
      maxHits: 10,
      totalRequired: true,
      onHit: (source) => sources.push(source),
      requestTimeoutMs: 1_000,
    },
  );
  return { page, sources };
}

describe('searchStreamedPage', () => {
  it('reads an answer hit by hit', async () => {
    const { page, sources } = read(indexerAnswering(Buffer.from(ANSWER)));
    expect(await page).toMatchObject({ hits: 2, pitId: 'pit-1', lastSort: [1] });
    expect(sources).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('is the typed too-large error when the connection cut the answer for its size', async () => {
    const cut = new PassThrough();
    cut.write(ANSWER.slice(0, 20));
    const indexer = indexerAnswering(cut);
    const { page } = read(indexer);
    // The error the host's node connection ends an answer past maxResponseBytes with.
    cut.destroy(new Error('indexer answer larger than maxResponseBytes (100 bytes)'));
    await expect(page).rejects.toMatchObject({
      code: 'indexer_response_too_large',
      statusCode: 502,
    });
  });

  it('refuses an answer cut short', async () => {
    const { page } = read(indexerAnswering(Buffer.from(ANSWER.slice(0, -5))));
    await expect(page).rejects.toMatchObject({ code: 'indexer_bad_answer' });
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
