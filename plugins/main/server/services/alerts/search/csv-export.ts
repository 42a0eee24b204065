/**
 * CSV export of a whole selection of alerts, past the 10,000-hit window: pages of 5,000 read in one
 * point in time with `search_after`, only the chosen columns' fields fetched, each page's rows
 * written as one chunk while the next page is already on its way. Cells are written by the
 * managed-API export's code (flattened paths, arrays joined, formulas neutralised). The point in
 * time is closed at the end, on failure and when the downloader goes away.
 */
import { Readable } from 'node:stream';
import type { Logger } from '@host/server/types';
import { cellGetter } from '../../csv/csv-cells';
import { csvHeader, csvLines } from '../../csv/csv-text';
import type { AlertsIndexer, SearchAnswer, SearchBody } from './alerts-indexer';
import type { QueryClause } from './query-dsl';

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
}
/** The point in time only has to outlive the wait between two pages. */
const CSV_PIT_KEEP_ALIVE = '1m';

export interface AlertsCsvOptions {
  indexer: AlertsIndexer;
  query: QueryClause;
  sort: Array<Record<string, unknown>>;
  columns: string[];
  maxRows: number;
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
function filenameAt(now: Date): string {
  return `alerts-${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z.csv`;
}

export async function startAlertsCsv(options: AlertsCsvOptions): Promise<AlertsCsvExport> {
  const { indexer, columns, maxRows, signal, logger } = options;
  let pitId = await indexer.openPit(CSV_PIT_KEEP_ALIVE, signal);
  let closed = false;
  const finish = () => {
    if (closed) return;
    closed = true;
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
  const search = (searchAfter: unknown[] | undefined, first: boolean): Promise<SearchAnswer> => {
    const body: SearchBody = {
      size: Math.min(first ? FIRST_PAGE_SIZE : PAGE_SIZE, maxRows - written),
      query: options.query,
      sort: options.sort,
      _source: columns,
      pit: { id: pitId, keep_alive: CSV_PIT_KEEP_ALIVE },
      track_total_hits: first,
      ...(searchAfter && { search_after: searchAfter }),
    };
    return indexer.searchInPit(body, signal).then((answer) => {
      if (answer.pit_id) pitId = answer.pit_id;
      return answer;
    });
  };
  /**
   * A page's rows as CSV text as soon as the page arrives: the parsed hits are dropped at once
   * instead of waiting, possibly long, for the downloader (the text is a fraction of their size).
   */
  const toCsv = (answer: SearchAnswer): CsvPage => {
    const hits = answer.hits.hits;
    const chunks: string[] = [];
    for (let at = 0; at < hits.length; at += ROWS_PER_CHUNK) {
      const sources = hits.slice(at, at + ROWS_PER_CHUNK).map((hit) => hit._source ?? {});
      chunks.push(`${csvLines(sources, getters)}\n`);
    }
    return { chunks, rows: hits.length, lastSort: hits[hits.length - 1]?.sort };
  };

  let firstPage: SearchAnswer;
  try {
    firstPage = await search(undefined, true);
  } catch (error) {
    finish();
    throw error;
  }
  const totalRows = firstPage.hits.total?.value ?? 0;
  const exportedRows = Math.min(totalRows, maxRows);

  /** The page to write next, already asked for (and turned into CSV when it arrives). */
  let pending: Promise<CsvPage> | undefined = Promise.resolve(toCsv(firstPage));
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
            pending = search(page.lastSort, false).then(toCsv);
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
  return { filename: filenameAt(options.now), totalRows, exportedRows, stream };
}
