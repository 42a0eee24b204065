/**
 * CSV export of a managed-API list: the first page is fetched before anything is answered (so a
 * failure is still a JSON error), then rows stream out, a batch of lines per chunk. The next page is
 * asked for as soon as the answer before it begins to arrive, so the host prepares it while the
 * dashboard reads and writes (at most one answer not yet begun, two pages waiting, their bytes
 * counted in the shared buffer budget until written). A failure after the first byte destroys the
 * stream, so the download breaks instead of ending as a file that looks complete; so does a list
 * that shrank while it was exported, since the answer's headers already said how many rows it holds.
 *
 * CDB lists (`/lists`) export their entries, one row per key, as the reference product does: with
 * the list's directory, or only key and value when a filter carries `_isCDBList` (one list's export).
 */
import { Readable } from 'node:stream';
import type { AuthenticatedUser } from '@host/server/types';
import { csvColumnTitle } from '../../../common/csv-columns';
import { MalformedApiResponseError, UpstreamRejectedError } from '../managed-api/errors';
import type { ManagedApiService } from '../managed-api/managed-api-service';
import { upstreamProblem } from '../managed-api/upstream-problem';
import { cellGetter, csvColumns } from './csv-cells';
import { csvHeader, csvLines, type CellGetter } from './csv-text';
import { csvQuery, pagePath, type CsvFilter, type CsvQuery } from './csv-query';

export interface CsvSettings {
  /** Most rows in one export; 0 means no limit. */
  maxRows: number;
  /** Items asked for per page (the managed API allows up to 100,000). */
  pageSize: number;
  /**
   * Pages asked for ahead of the one being written (default 2): the page after the one arriving is
   * asked for as soon as that one's answer begins, so the host works on it while the dashboard
   * reads and writes. Their bytes count against the shared buffer budget until written.
   */
  pagesAhead?: number;
}

/** One page's answer; `release` frees the memory its bytes hold in the shared budget. */
export interface CsvPageAnswer {
  status: number;
  data: unknown;
  release?: () => void;
}

/**
 * Fetches one page (a GET of the given path with query) as the requesting user; `onAnswerStart` is
 * told when its answer begins to arrive, before its body is read.
 */
export type CsvPageFetcher = (
  pathWithQuery: string,
  signal: AbortSignal,
  onAnswerStart?: (status: number) => void,
) => Promise<CsvPageAnswer>;

export interface CsvExportRequest {
  apiHostId: string;
  path: string;
  filters: readonly CsvFilter[];
  fetchPage: CsvPageFetcher;
  /** Aborted when the downloader goes away. */
  signal: AbortSignal;
  now?: Date;
}

export interface CsvExport {
  filename: string;
  /**
   * Items the list holds in total, and how many of them this export writes; unknown in advance
   * when one item becomes several rows (CDB list entries).
   */
  totalRows?: number;
  exportedRows?: number;
  stream: Readable;
}

export type CsvExportInput = Omit<CsvExportRequest, 'fetchPage'>;

type Item = Record<string, unknown>;

interface Page {
  items: Item[];
  total: number;
}

/**
 * A page's rows as CSV text, made as soon as the page arrives: its parsed items then die young
 * instead of living, and being promoted by the garbage collector, until the downloader reads them.
 */
interface PageText {
  /** The rows' lines, a batch of them per chunk, joined by line feeds. */
  chunks: string[];
  /** How many of the page's items were written (fewer than asked when the list shrank). */
  items: number;
}

/** Turns items into the chunks of their rows' lines. */
type ToText = (items: Item[]) => string[];

/** A page asked for ahead of the one being written. */
interface PageAhead {
  offset: number;
  limit: number;
  text: Promise<PageText>;
  /** Stops its request and frees what its answer holds. */
  drop(): void;
  /** Frees what its answer holds once its rows are written. */
  release(): void;
}

const DEFAULT_PAGES_AHEAD = 2;

/** Rows are written in batches: one stream chunk (and one socket write) per batch, not per row. */
const ROWS_PER_CHUNK = 1000;

/** The first page is small so the download starts at once; the following ones use the page size. */
const FIRST_PAGE_SIZE = 1000;

function readPage(apiHostId: string, answer: CsvPageAnswer): Page {
  if (answer.status !== 200) {
    const problem = upstreamProblem(answer);
    throw new UpstreamRejectedError(
      `API host [${apiHostId}] refused the export: ${problem.detail ?? problem.title ?? `HTTP ${answer.status}`}`,
      apiHostId,
      problem,
    );
  }
  const data = (
    answer.data as
      { data?: { affected_items?: unknown; total_affected_items?: unknown } } | undefined
  )?.data;
  if (!Array.isArray(data?.affected_items) || typeof data?.total_affected_items !== 'number') {
    throw new MalformedApiResponseError(
      `API host [${apiHostId}] answered without a list of items (data.affected_items) to export.`,
      apiHostId,
      { status: answer.status },
    );
  }
  return { items: data.affected_items as Page['items'], total: data.total_affected_items };
}

/** `agents-demo-20250310-140501.csv`: what, from which host, when (UTC). */
export function csvFilename(pathname: string, apiHostId: string, now: Date): string {
  const resource =
    pathname
      .split('/')
      .filter(Boolean)
      .join('-')
      .replace(/[^A-Za-z0-9._-]/g, '_') || 'export';
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${resource}-${apiHostId}-${stamp}.csv`;
}

/** How the items of a list become rows: one each, or the entries of CDB lists. */
interface RowShape {
  /** Fixed columns, or undefined to take them from the items. */
  columns?: string[];
  rowsOf(items: Item[]): Item[];
}

const ONE_ROW_PER_ITEM: RowShape = { rowsOf: (items) => items };

function rowShape(pathname: string, filters: readonly CsvFilter[]): RowShape {
  if (pathname !== '/lists') return ONE_ROW_PER_ITEM;
  const oneList = filters.some((filter) => filter._isCDBList === true);
  return {
    columns: oneList ? ['key', 'value'] : ['relative_dirname', 'key', 'value'],
    rowsOf: (lists) =>
      lists.flatMap((list) =>
        (Array.isArray(list.items) ? (list.items as Item[]) : []).map((entry) => ({
          relative_dirname: list.relative_dirname,
          key: entry?.key,
          value: entry?.value,
        })),
      ),
  };
}

/** Rows as text chunks of `ROWS_PER_CHUNK` lines each. */
function rowsAsText(shape: RowShape, getters: readonly CellGetter[]): ToText {
  return (items) => {
    const rows = shape.rowsOf(items);
    const chunks: string[] = [];
    for (let at = 0; at < rows.length; at += ROWS_PER_CHUNK)
      chunks.push(csvLines(rows.slice(at, at + ROWS_PER_CHUNK), getters));
    return chunks;
  };
}

export class CsvExportService {
  constructor(
    private readonly settings: CsvSettings,
    private readonly api: Pick<ManagedApiService, 'pageAs'>,
  ) {}

  /** Exports as a dashboard user: every page is asked with their identity (run_as where the host allows). */
  startAs(user: AuthenticatedUser | null, input: CsvExportInput): Promise<CsvExport> {
    return this.start({
      ...input,
      fetchPage: (pathWithQuery, signal, onAnswerStart) =>
        this.api.pageAs(user, pathWithQuery, {
          apiHostId: input.apiHostId,
          signal,
          onAnswerStart,
          holdBuffered: true,
        }),
    });
  }

  private pageLimit(offset: number, end: number): number {
    return Math.min(this.settings.pageSize, end - offset);
  }

  async start(request: CsvExportRequest): Promise<CsvExport> {
    const query = csvQuery(request.path, request.filters);
    const firstLimit = Math.min(
      FIRST_PAGE_SIZE,
      this.settings.pageSize,
      this.settings.maxRows > 0 ? this.settings.maxRows : Infinity,
    );
    const firstAnswer = await request.fetchPage(pagePath(query, 0, firstLimit), request.signal);
    // The first page is small and written at once; the stream may never be read to release it later.
    firstAnswer.release?.();
    const first = readPage(request.apiHostId, firstAnswer);
    const end =
      this.settings.maxRows > 0 ? Math.min(first.total, this.settings.maxRows) : first.total;
    const shape = rowShape(query.pathname, request.filters);
    const columns = shape.columns ?? csvColumns(query.pathname, first.items);
    const toText = rowsAsText(shape, columns.map(cellGetter));
    const text = this.text(
      csvHeader(columns.map(csvColumnTitle)),
      this.chunks(request, query, first, end, toText),
    );
    // Errors of the row source destroy the stream, which the HTTP layer then aborts.
    const stream = Readable.from(text, { objectMode: true, highWaterMark: 2 });
    return {
      filename: csvFilename(query.pathname, request.apiHostId, request.now ?? new Date()),
      ...(shape === ONE_ROW_PER_ITEM ? { totalRows: first.total, exportedRows: end } : {}),
      stream,
    };
  }

  /** The file as chunks: the header, then each batch's lines, each after a line feed (none at the end). */
  private async *text(header: string, chunks: AsyncGenerator<string>): AsyncGenerator<string> {
    yield header;
    for await (const chunk of chunks) yield `\n${chunk}`;
  }

  /** The rows' text chunks, page after page, with the pages ahead asked for as answers begin. */
  private async *chunks(
    request: CsvExportRequest,
    query: CsvQuery,
    first: Page,
    end: number,
    toText: ToText,
  ): AsyncGenerator<string> {
    const stop = new AbortController();
    const onAbort = (): void => stop.abort();
    request.signal.addEventListener('abort', onAbort, { once: true });
    const ahead: PageAhead[] = [];
    let offset = Math.min(first.items.length, end);
    // Where the next page asked for starts, counting the pages ahead as full.
    let askedUpTo = offset;
    // A page was asked for and its answer has not begun: the next one waits for it.
    let waitingStart: PageAhead | undefined;
    const askNext = (): void => {
      if (
        stop.signal.aborted ||
        waitingStart ||
        ahead.length >= (this.settings.pagesAhead ?? DEFAULT_PAGES_AHEAD) ||
        askedUpTo >= end
      )
        return;
      const page = this.fetchAhead(
        request,
        query,
        askedUpTo,
        end,
        stop.signal,
        toText,
        (status) => {
          if (waitingStart !== page) return;
          waitingStart = undefined;
          if (status === 200) askNext();
        },
      );
      waitingStart = page;
      ahead.push(page);
      askedUpTo += page.limit;
    };
    const dropAhead = (): void => {
      for (const page of ahead.splice(0)) page.drop();
      waitingStart = undefined;
      askedUpTo = offset;
    };
    try {
      if (first.items.length > 0) askNext();
      yield* toText(first.items.slice(0, end));
      while (ahead.length > 0) {
        const current = ahead.shift() as PageAhead;
        const page = await current.text;
        // A fetcher that does not tell when answers begin is paced by the pages it delivers.
        if (waitingStart === current) waitingStart = undefined;
        offset += page.items;
        // A short page means the list changed: the pages asked for ahead start at the wrong rows.
        if (page.items < current.limit) dropAhead();
        if (page.items > 0) askNext();
        try {
          yield* page.chunks;
        } finally {
          current.release();
        }
      }
      if (offset < end)
        throw new MalformedApiResponseError(
          `The list on API host [${request.apiHostId}] shrank while it was exported: ${offset} of ${end} items were written, so the download is broken off rather than ended short.`,
          request.apiHostId,
        );
    } finally {
      stop.abort();
      dropAhead();
      request.signal.removeEventListener('abort', onAbort);
    }
  }

  /** Asks for the page at `offset`, as text once it arrives; `onAnswerStart` hears when it begins. */
  private fetchAhead(
    request: CsvExportRequest,
    query: CsvQuery,
    offset: number,
    end: number,
    signal: AbortSignal,
    toText: ToText,
    onAnswerStart: (status: number) => void,
  ): PageAhead {
    const own = new AbortController();
    const stopOwn = (): void => own.abort();
    signal.addEventListener('abort', stopOwn, { once: true });
    const limit = this.pageLimit(offset, end);
    let release: (() => void) | undefined;
    let dropped = false;
    const text = request
      .fetchPage(pagePath(query, offset, limit), own.signal, onAnswerStart)
      .then((answer): PageText => {
        release = answer.release;
        if (dropped) release?.();
        try {
          const items = readPage(request.apiHostId, answer).items.slice(0, limit);
          return { chunks: toText(items), items: items.length };
        } catch (error) {
          release?.();
          throw error;
        }
      })
      .finally(() => signal.removeEventListener('abort', stopOwn));
    // A page asked for ahead that is never awaited (download cancelled) must not raise an unhandled rejection.
    text.catch(() => undefined);
    return {
      offset,
      limit,
      text,
      drop: () => {
        dropped = true;
        own.abort();
        release?.();
      },
      release: () => release?.(),
    };
  }
}
