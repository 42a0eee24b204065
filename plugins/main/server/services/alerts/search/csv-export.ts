/**
 * CSV export of a whole selection of alerts, past the 10,000-hit window: pages of 5,000 read in one
 * point in time with `search_after`, only the chosen columns' fields fetched, each page's rows
 * written as one chunk while the next page is already on its way. Each page is read as it arrives,
 * one hit at a time, straight into CSV text (`streamed-page.ts`): no page is ever held parsed, its
 * bytes are bounded by the indexer connection (`svc.indexer.maxResponseBytes`) and its time, body
 * included, by `svc.indexer.requestTimeoutMs`. Cells are written by the managed-API export's code (flattened
 * paths, arrays joined, formulas neutralised). The point in time is closed at the end, on failure
 * and when the downloader goes away.
 */
import { Readable } from 'node:stream';
import type { Logger } from '@host/server/types';
import { cellGetter } from '../../csv/csv-cells';
import { csvHeader, csvLines } from '../../csv/csv-text';
import type { AlertsIndexer } from './alerts-indexer';
import type { QueryClause } from './query-dsl';
import { searchStreamedPage } from './streamed-page';

/** Alerts per indexer request. */
const PAGE_SIZE = 5_000;
/** The first page is small, so the download starts at once. */
const FIRST_PAGE_SIZE = 1_000;
/** Rows per stream chunk: strings this size stay in V8's young generation. */
const ROWS_PER_CHUNK = 500;

/** A page of alerts as CSV text. */
interface CsvPage {
  chunks: string[];
  rows: number;
  /** Sort values of its last alert, where the next page starts. */
  lastSort?: unknown[];
  /** Alerts the selection holds (first page only). */
  total?: number;
}
/** The point in time only has to outlive the wait between two pages. */
const CSV_PIT_KEEP_ALIVE = '1m';

export interface AlertsCsvOptions {
  indexer: Pick<AlertsIndexer, 'openPit' | 'closePit' | 'searchInPitStreamed'>;
  query: QueryClause;
  sort: Array<Record<string, unknown>>;
  columns: string[];
  /** What the file holds, its name's start (`alerts`, `inventory-packages`). */
  name: string;
  maxRows: number;
  /** `svc.indexer.requestTimeoutMs`: the time of each page, body included. */
  requestTimeoutMs: number;
  signal?: AbortSignal;
  now: Date;
  logger: Logger;
  /** Called once when the export is over, however it ends. */
  onEnd(): void;
}

export interface AlertsCsvExport {
  filename: string;
  /** Alerts the selection holds, and how many of them this file has (the row limit may cut it). */
  totalRows: number;
  exportedRows: number;
  stream: Readable;
}

/** `alerts-2024-05-10T12-00-00Z.csv`: an ISO date whose colons no file system refuses. */
function filenameAt(name: string, now: Date): string {
  return `${name}-${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z.csv`;
}

export async function startAlertsCsv(options: AlertsCsvOptions): Promise<AlertsCsvExport> {
  const { indexer, columns, maxRows, signal, logger } = options;
  let pitId = await indexer.openPit(CSV_PIT_KEEP_ALIVE, signal);
  // Aborted when the export ends, however it ends, so that a page still on its way stops too.
  const stopped = new AbortController();
  const leave = () => stopped.abort();
  signal?.addEventListener('abort', leave, { once: true });
  if (signal?.aborted) leave();
  let closed = false;
  const finish = () => {
    if (closed) return;
    closed = true;
    signal?.removeEventListener('abort', leave);
    stopped.abort();
    options.onEnd();
    indexer
      .closePit(pitId)
      .catch((error: unknown) =>
        logger.warn(
          `A point in time of an alerts export could not be closed: ${(error as Error).message}`,
        ),
      );
  };

  const getters = columns.map(cellGetter);
  let written = 0;
  /** A page's rows as CSV text, made 500 at a time as its hits arrive: no page is held parsed. */
  const readPage = async (searchAfter: unknown[] | undefined, first: boolean): Promise<CsvPage> => {
    const size = Math.min(first ? FIRST_PAGE_SIZE : PAGE_SIZE, maxRows - written);
    const chunks: string[] = [];
    let rows: Array<Record<string, unknown>> = [];
    const page = await searchStreamedPage(
      indexer,
      {
        size,
        query: options.query,
        sort: options.sort,
        _source: columns,
        pit: { id: pitId, keep_alive: CSV_PIT_KEEP_ALIVE },
        track_total_hits: first,
        ...(searchAfter && { search_after: searchAfter }),
      },
      {
        maxHits: size,
        totalRequired: first,
        onHit(source) {
          rows.push(source);
          if (rows.length < ROWS_PER_CHUNK) return;
          chunks.push(`${csvLines(rows, getters)}\n`);
          rows = [];
        },
        requestTimeoutMs: options.requestTimeoutMs,
        signal: stopped.signal,
      },
    );
    if (rows.length > 0) chunks.push(`${csvLines(rows, getters)}\n`);
    if (page.pitId) pitId = page.pitId;
    return { chunks, rows: page.hits, lastSort: page.lastSort, total: page.total?.value };
  };

  let firstPage: CsvPage;
  try {
    firstPage = await readPage(undefined, true);
  } catch (error) {
    finish();
    throw error;
  }
  const totalRows = firstPage.total ?? 0;
  const exportedRows = Math.min(totalRows, maxRows);

  /** The page to write next, already asked for (and turned into CSV as it arrives). */
  let pending: Promise<CsvPage> | undefined = Promise.resolve(firstPage);
  let header = `${csvHeader(columns)}\n`;
  const stream = new Readable({
    read() {
      const current = pending;
      if (!current) return;
      pending = undefined;
      current.then(
        (page) => {
          if (closed) return;
          written += page.rows;
          const more = page.rows > 0 && written < exportedRows && page.lastSort !== undefined;
          if (more) {
            pending = readPage(page.lastSort, false);
            // Read on the next read(); until then a failure must not count as unhandled.
            pending.catch(() => undefined);
          }
          if (header) this.push(header);
          header = '';
          for (const chunk of page.chunks) this.push(chunk);
          if (!more) {
            this.push(null);
            finish();
          }
        },
        (error: unknown) => {
          finish();
          this.destroy(error as Error);
        },
      );
    },
    destroy(error, callback) {
      finish();
      callback(error);
    },
  });
  return { filename: filenameAt(options.name, options.now), totalRows, exportedRows, stream };
}
