/**
 * CSV export of a managed-API list through `POST /api/csv`. The answer is read as a stream so the
 * user sees progress, and the file is only saved once it arrived whole, under the name the server
 * gave it. This uses `fetch` directly: `core.http` reads an answer to the end before returning it.
 */
import type { IBasePath } from '@host/public/types';
import { SVC_ROUTES } from '../../common/constants';
import { errorFromBody, isAbortError, SvcError } from './svc-error';

export interface CsvFilter {
  name: string;
  value: string;
  /** Marks the export of one CDB list: key and value columns only. */
  _isCDBList?: boolean;
}

export interface CsvProgress {
  rows: number;
  bytes: number;
  /** Rows the current filter matches, when the view knows it. */
  expectedRows?: number;
}

export interface CsvExportRequest {
  apiHostId: string;
  path: string;
  filters: CsvFilter[];
  expectedRows?: number;
  onProgress?(progress: CsvProgress): void;
  signal?: AbortSignal;
}

export interface CsvExportResult {
  filename: string;
  rows: number;
  bytes: number;
  /** Rows the list holds when the dashboard's row limit cut the file short. */
  limitedFrom?: number;
}

/** A count header of the export answer, when present. */
function countHeader(
  headers: Headers | { get(name: string): string | null },
  name: string,
): number | undefined {
  const value = headers.get(name);
  const count = value === null ? NaN : Number(value);
  return Number.isInteger(count) && count >= 0 ? count : undefined;
}

export type SaveFile = (blob: Blob, filename: string) => void;

const FALLBACK_FILENAME = 'export.csv';
const NEWLINE = 0x0a;

/** The file name of a `Content-Disposition` header (`filename*=UTF-8''…` preferred over `filename="…"`). */
function filenameFromDisposition(header: string | null): string {
  if (!header) return FALLBACK_FILENAME;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed extended name falls back to the plain one.
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/.exec(header);
  if (plain) return (plain[2] ?? plain[1]).replace(/\\(.)/g, '$1').trim() || FALLBACK_FILENAME;
  return FALLBACK_FILENAME;
}

/** Saves through a temporary link, the browser's way to store a file the page made. */
const saveWithLink: SaveFile = (blob, filename) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

function countNewlines(chunk: Uint8Array): number {
  let count = 0;
  for (const byte of chunk) if (byte === NEWLINE) count += 1;
  return count;
}

export class CsvExporter {
  constructor(
    private readonly basePath: IBasePath,
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
    private readonly save: SaveFile = saveWithLink,
  ) {}

  async export(request: CsvExportRequest): Promise<CsvExportResult> {
    return this.download(
      SVC_ROUTES.csv,
      { id: request.apiHostId, path: request.path, filters: request.filters },
      request,
    );
  }

  /** Posts `body` to a CSV route of the dashboard (`route` without base path) and saves the answer. */
  async download(
    route: string,
    body: unknown,
    request: Pick<CsvExportRequest, 'expectedRows' | 'onProgress' | 'signal'>,
  ): Promise<CsvExportResult> {
    const response = await this.fetchImpl(this.basePath.prepend(route), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'osd-xsrf': 'svc-csv-export' },
      body: JSON.stringify(body),
      signal: request.signal,
    });
    if (!response.ok || !response.body) {
      const text = await response.text();
      let answer: unknown = text;
      try {
        answer = JSON.parse(text);
      } catch {
        // Not JSON: the text itself is the detail.
      }
      throw errorFromBody(answer, response.status, response.statusText, 'exporting CSV');
    }
    // The server says how many rows the file will hold (a row limit may cut it) and how many there are.
    const expectedRows =
      countHeader(response.headers, 'x-svc-exported-rows') ?? request.expectedRows;
    const totalRows = countHeader(response.headers, 'x-svc-total-rows');
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    let lines = 0;
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        lines += countNewlines(value);
        // Lines after the header are rows (the last row may not end with a newline yet).
        request.onProgress?.({ rows: Math.max(lines - 1, 0), bytes, expectedRows });
      }
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new SvcError({
        title: 'CSV export interrupted',
        detail:
          `The download stopped after ${bytes} bytes, so no file was saved (a cut-off file could be taken for a complete one). ${(error as Error).message ?? ''}`.trim(),
        source: 'dashboard',
        status: response.status,
      });
    }
    const blob = new Blob(chunks as BlobPart[], { type: 'text/csv' });
    const filename = filenameFromDisposition(response.headers.get('content-disposition'));
    const lastByte =
      chunks.length > 0
        ? chunks[chunks.length - 1][chunks[chunks.length - 1].byteLength - 1]
        : undefined;
    const rows = Math.max(lines + (lastByte !== undefined && lastByte !== NEWLINE ? 1 : 0) - 1, 0);
    this.save(blob, filename);
    return {
      filename,
      rows,
      bytes,
      ...(totalRows !== undefined && totalRows > rows ? { limitedFrom: totalRows } : {}),
    };
  }
}
