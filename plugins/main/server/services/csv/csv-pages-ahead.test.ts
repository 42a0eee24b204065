/**
 * The CSV export's pages ahead: the next page is asked for as soon as the current answer begins, at
 * most one answer not yet begun and two pages waiting, each page's memory released, every page
 * stopped when the download goes away or the list changes, rows still in order.
 */
import type { Readable } from 'node:stream';
import { CsvExportService, type CsvPageAnswer, type CsvPageFetcher } from './csv-export';

interface Asked {
  offset: number;
  limit: number;
  signal: AbortSignal;
  begin(): void;
  deliver(): void;
  released: number;
}

/** A host whose answers begin and end when the test says; `total` agents, `shrinkTo` after a while. */
function controlledHost(total: number) {
  const asked: Asked[] = [];
  let size = total;
  const fetchPage: CsvPageFetcher = (path, signal, onAnswerStart) =>
    new Promise<CsvPageAnswer>((resolve, reject) => {
      const query = new URL(path, 'http://x').searchParams;
      const offset = Number(query.get('offset'));
      const limit = Number(query.get('limit'));
      const entry: Asked = {
        offset,
        limit,
        signal,
        released: 0,
        begin: () => onAnswerStart?.(200),
        deliver: () => {
          const count = Math.max(0, Math.min(limit, size - offset));
          resolve({
            status: 200,
            data: {
              data: {
                affected_items: Array.from({ length: count }, (_, i) => ({ id: offset + i })),
                total_affected_items: size,
              },
            },
            release: () => {
              entry.released += 1;
            },
          });
        },
      };
      signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      asked.push(entry);
    });
  return {
    asked,
    fetchPage,
    shrinkTo: (next: number) => {
      size = next;
    },
  };
}

const api = {
  pageAs: async () => {
    throw new Error('pages come from fetchPage in these tests');
  },
};

/** Lets pending promise callbacks run (no timers involved). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

async function readAll(stream: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

/** Answers every page at once, beginning then delivering, until the export stops asking. */
async function answerAll(host: ReturnType<typeof controlledHost>): Promise<void> {
  for (let at = 0; ; at += 1) {
    for (let wait = 0; wait < 50 && host.asked.length <= at; wait += 1) await settle();
    const entry = host.asked[at];
    if (!entry) return;
    if (entry.signal.aborted) continue;
    entry.begin();
    entry.deliver();
  }
}

function exportOf(
  host: ReturnType<typeof controlledHost>,
  signal = new AbortController().signal,
  pagesAhead?: number,
) {
  return new CsvExportService({ maxRows: 0, pageSize: 10, pagesAhead }, api).start({
    apiHostId: 'prod',
    path: '/groups',
    filters: [],
    fetchPage: host.fetchPage,
    signal,
  });
}

describe('CSV export pages ahead', () => {
  it('asks for the next page once the current answer begins, never two not yet begun', async () => {
    const host = controlledHost(45);
    const starting = exportOf(host);
    await settle();
    host.asked[0].begin();
    host.asked[0].deliver();
    const result = await starting;
    const reading = readAll(result.stream);
    await settle();
    expect(host.asked.map((entry) => entry.offset)).toEqual([0, 10]);
    host.asked[1].begin();
    await settle();
    // Asked while the page at 10 is still arriving, but not the one after, which waits for it.
    expect(host.asked.map((entry) => entry.offset)).toEqual([0, 10, 20]);
    host.asked[1].deliver();
    await settle();
    expect(host.asked.map((entry) => entry.offset)).toEqual([0, 10, 20]);
    await answerAll(host);
    const lines = (await reading).split('\n');
    expect(lines.slice(1).map(Number)).toEqual(Array.from({ length: 45 }, (_, i) => i));
    expect(host.asked.map((entry) => [entry.offset, entry.limit])).toEqual([
      [0, 10],
      [10, 10],
      [20, 10],
      [30, 10],
      [40, 5],
    ]);
    expect(host.asked.every((entry) => entry.released === 1 || entry.offset === 0)).toBe(true);
  });

  it('holds at most two pages waiting while the download is not read', async () => {
    const host = controlledHost(1000);
    const starting = exportOf(host);
    await settle();
    host.asked[0].begin();
    host.asked[0].deliver();
    await starting;
    for (let round = 0; round < 10; round += 1) {
      for (const entry of host.asked) {
        entry.begin();
        entry.deliver();
      }
      await settle();
    }
    // The first page is written; the stream buffers a few chunks, then at most two pages wait.
    expect(host.asked.length).toBeLessThanOrEqual(6);
  });

  it('asks for as many pages ahead as svc.csv.pagesAhead allows', async () => {
    // Every answer begins at once but none finishes arriving: only the limit stops the asking.
    async function pagesAsked(pagesAhead: number): Promise<number> {
      const host = controlledHost(1000);
      const starting = exportOf(host, undefined, pagesAhead);
      await settle();
      host.asked[0].begin();
      host.asked[0].deliver();
      const result = await starting;
      result.stream.resume();
      for (let round = 0; round < 12; round += 1) {
        for (const entry of host.asked.slice(1)) entry.begin();
        await settle();
      }
      result.stream.destroy();
      return host.asked.length;
    }
    // The page written, the pages ahead, and the one asked for whose answer has not begun.
    expect([await pagesAsked(1), await pagesAsked(4)]).toEqual([1 + 1 + 1, 1 + 4 + 1]);
  });

  it('stops and releases every page ahead when the download goes away', async () => {
    const host = controlledHost(1000);
    const download = new AbortController();
    const starting = exportOf(host, download.signal);
    await settle();
    host.asked[0].begin();
    host.asked[0].deliver();
    const result = await starting;
    result.stream.resume();
    await settle();
    host.asked[1].begin();
    await settle();
    host.asked[2].begin();
    host.asked[2].deliver();
    await settle();
    download.abort();
    result.stream.destroy();
    await settle();
    expect(host.asked.slice(1).every((entry) => entry.signal.aborted)).toBe(true);
    expect(host.asked[2].released).toBe(1);
  });

  it('asks again where the list now continues when a page comes back short', async () => {
    const host = controlledHost(40);
    const starting = exportOf(host);
    await settle();
    host.asked[0].begin();
    host.asked[0].deliver();
    const result = await starting;
    const reading = readAll(result.stream).then(
      () => 'ended',
      (error: Error) => error.message,
    );
    await settle();
    host.asked[1].begin();
    await settle();
    host.shrinkTo(15);
    host.asked[1].deliver();
    await settle();
    expect(host.asked[2].signal.aborted).toBe(true);
    await answerAll(host);
    expect(await reading).toMatch(/shrank while it was exported: 15 of 40/);
    // Pages asked ahead of the short one are stopped; the export asks again where it stopped.
    expect(host.asked.slice(0, 4).map((entry) => entry.offset)).toEqual([0, 10, 20, 15]);
    expect(host.asked.slice(4).every((entry) => entry.signal.aborted)).toBe(true);
  });
});
