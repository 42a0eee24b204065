/**
 * Reports in the saved-objects store every dashboard instance shares (SQLite file alone,
 * PostgreSQL behind several instances): a record per report, its PDF as numbered chunks written and
 * read one at a time, so no report is ever whole in memory. A user sees only their own reports, an
 * admin everyone's; past `keptPerUser` a user's oldest go, whichever instance made them.
 *
 * A report is visible once its record exists, and the record is written after the last chunk: a
 * failure (or one byte too many) before it removes the chunks written, and chunks a dead instance
 * left behind are removed by the job sweep (`ReportJobs.sweep`), which knows the name it was writing.
 */
import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import {
  SavedObjectsErrorHelpers,
  type ISavedObjectsRepository,
  type SavedObject,
} from '@host/server/types';
import type { StoredReport } from '../../../common/modules/reports';
import { NotFoundError } from '../service-errors';
import { ReportError } from './errors';
import { OWNER_REFERENCE, REPORT_CHUNK_TYPE, REPORT_TYPE } from './saved-object-types';

export interface ReportReader {
  username: string;
  admin: boolean;
}

export interface ReportStoreLimits {
  keptPerUser: number;
  maxSizeBytes: number;
}

/** `fim-2026-11-26T10-00-00Z-1a2b3c4d.pdf`: lowercase words, digits, dots and dashes, then `.pdf`. */
const NAME = /^[a-z0-9][a-z0-9.-]{0,150}\.pdf$/i;
/**
 * Bytes of PDF per chunk document: small enough that a chunk (a third larger in base64) is a cheap
 * row to read and write, large enough that a 20 MB report is under a hundred of them.
 */
export const CHUNK_BYTES = 192 * 1024;
/** Records read per page when listing or pruning. */
const PAGE = 1_000;

interface ReportAttributes extends StoredReport {
  chunks: number;
}

export function isReportName(name: string): boolean {
  return NAME.test(name) && !name.includes('..');
}

const chunkId = (name: string, index: number) => `${name}:${index}`;

function tooLarge(max: number): ReportError {
  return new ReportError(
    'report_too_large',
    `The report is larger than the ${max} bytes allowed (svc.reports.maxSizeBytes).`,
  );
}

/** A writable that stores what it is given as chunk documents of `name`, failing past `maxBytes`. */
class ChunkWriter extends Writable {
  bytes = 0;
  chunks = 0;
  failure?: ReportError;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(
    private readonly repository: ISavedObjectsRepository,
    private readonly name: string,
    private readonly maxBytes: number,
  ) {
    super({ highWaterMark: CHUNK_BYTES });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error) => void) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      this.failure = tooLarge(this.maxBytes);
      return callback(this.failure);
    }
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    this.flush(false).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error) => void) {
    this.flush(true).then(() => callback(), callback);
  }

  private async flush(all: boolean): Promise<void> {
    while (this.pendingBytes >= CHUNK_BYTES || (all && this.pendingBytes > 0)) {
      const joined = Buffer.concat(this.pending);
      const data = joined.subarray(0, CHUNK_BYTES);
      const rest = joined.subarray(data.length);
      this.pending = rest.length > 0 ? [rest] : [];
      this.pendingBytes = rest.length;
      await this.repository.create(
        REPORT_CHUNK_TYPE,
        { data: data.toString('base64') },
        { id: chunkId(this.name, this.chunks) },
      );
      this.chunks++;
    }
  }
}

function toReport(object: SavedObject<ReportAttributes>): StoredReport {
  const { chunks: _chunks, ...report } = object.attributes;
  return report;
}

export class ReportStore {
  constructor(
    private readonly repository: ISavedObjectsRepository,
    private readonly limits: ReportStoreLimits,
  ) {}

  /** A new, unique file name for a report of `viewId`. */
  newName(viewId: string, now: Date, agentId?: string): string {
    const stamp = now
      .toISOString()
      .replace(/[:]/g, '-')
      .replace(/\.\d{3}/, '');
    const agent = agentId ? `agent-${agentId}-` : '';
    return `${viewId}-${agent}${stamp}-${randomBytes(4).toString('hex')}.pdf`;
  }

  /**
   * Writes a report through `write` into chunk documents, then its record; a failure (or one byte
   * too many) leaves nothing behind.
   */
  async save(
    record: Omit<StoredReport, 'size' | 'createdAt'>,
    createdAt: Date,
    write: (output: Writable) => Promise<void>,
  ): Promise<StoredReport> {
    if (!isReportName(record.name)) throw new Error(`Not a report name: ${record.name}`);
    const output = new ChunkWriter(this.repository, record.name, this.limits.maxSizeBytes);
    const stored: StoredReport = { ...record, size: 0, createdAt: createdAt.toISOString() };
    try {
      await Promise.all([write(output).then(() => output.end()), finished(output)]);
      stored.size = output.bytes;
      await this.repository.create<ReportAttributes>(
        REPORT_TYPE,
        { ...stored, chunks: output.chunks },
        { id: record.name, references: [{ ...OWNER_REFERENCE, id: record.owner }] },
      );
    } catch (error) {
      output.destroy();
      await this.discard(record.name);
      throw output.failure ?? error;
    }
    await this.prune(record.owner);
    return stored;
  }

  /** Removes the chunks of a report whose record was never written (its instance died writing it). */
  async discardUnfinished(name: string): Promise<void> {
    if (!(await this.exists(name))) await this.discard(name);
  }

  private async discard(name: string): Promise<void> {
    for (let index = 0; ; index++) {
      try {
        await this.repository.delete(REPORT_CHUNK_TYPE, chunkId(name, index));
      } catch (error) {
        if (SavedObjectsErrorHelpers.isNotFoundError(error)) return;
        throw error;
      }
    }
  }

  /** The caller's reports (an admin's: everyone's), newest first. */
  async list(reader: ReportReader): Promise<StoredReport[]> {
    const found = await this.records(reader.admin ? undefined : reader.username);
    return found.map(toReport);
  }

  /** A report's bytes, read chunk by chunk, if the caller may read it; else not found. */
  async open(
    reader: ReportReader,
    name: string,
  ): Promise<{ report: StoredReport; stream: Readable }> {
    const record = await this.find(reader, name);
    const { repository } = this;
    async function* chunks() {
      for (let index = 0; index < record.attributes.chunks; index++) {
        const chunk = await repository.get<{ data: string }>(
          REPORT_CHUNK_TYPE,
          chunkId(name, index),
        );
        yield Buffer.from(chunk.attributes.data, 'base64');
      }
    }
    return { report: toReport(record), stream: Readable.from(chunks(), { objectMode: false }) };
  }

  async delete(reader: ReportReader, name: string): Promise<StoredReport> {
    const record = await this.find(reader, name);
    await this.remove(name);
    return toReport(record);
  }

  /** Takes a report found elsewhere (an earlier version's folder) as it is; false when it exists. */
  async adopt(report: StoredReport, content: Readable): Promise<boolean> {
    if (await this.exists(report.name)) return false;
    const { size: _size, createdAt, ...record } = report;
    await this.save(record, new Date(createdAt), (output) =>
      pipeline(content, output, { end: false }),
    );
    return true;
  }

  private exists(name: string): Promise<boolean> {
    return this.repository.get(REPORT_TYPE, name).then(
      () => true,
      (error: unknown) => {
        if (SavedObjectsErrorHelpers.isNotFoundError(error)) return false;
        throw error;
      },
    );
  }

  private async find(reader: ReportReader, name: string): Promise<SavedObject<ReportAttributes>> {
    if (isReportName(name)) {
      try {
        const record = await this.repository.get<ReportAttributes>(REPORT_TYPE, name);
        if (reader.admin || record.attributes.owner === reader.username) return record;
      } catch (error) {
        if (!SavedObjectsErrorHelpers.isNotFoundError(error)) throw error;
      }
    }
    throw new NotFoundError(`Report [${name}] not found.`, 'report_not_found');
  }

  /** The record first, so the report leaves every list at once, then its chunks. */
  private async remove(name: string): Promise<void> {
    try {
      await this.repository.delete(REPORT_TYPE, name);
    } catch (error) {
      if (!SavedObjectsErrorHelpers.isNotFoundError(error)) throw error;
    }
    await this.discard(name);
  }

  /** Records of `owner` (everyone's without one), newest first. */
  private async records(owner?: string): Promise<Array<SavedObject<ReportAttributes>>> {
    const records: Array<SavedObject<ReportAttributes>> = [];
    for (let page = 1; ; page++) {
      const found = await this.repository.find<ReportAttributes>({
        type: REPORT_TYPE,
        ...(owner !== undefined && { hasReference: { ...OWNER_REFERENCE, id: owner } }),
        sortField: 'createdAt',
        sortOrder: 'desc',
        page,
        perPage: PAGE,
      });
      records.push(...found.saved_objects);
      if (found.saved_objects.length < PAGE || page * PAGE >= found.total) break;
    }
    // Same instant: by name, so every instance lists them in one order.
    return records.sort(
      (a, b) =>
        b.attributes.createdAt.localeCompare(a.attributes.createdAt) ||
        a.attributes.name.localeCompare(b.attributes.name),
    );
  }

  /**
   * Keeps the newest `keptPerUser` reports of `owner`, counted in the shared store: two instances
   * pruning at once remove the same oldest ones.
   */
  private async prune(owner: string): Promise<void> {
    const surplus = (await this.records(owner)).slice(this.limits.keptPerUser);
    for (const record of surplus) await this.remove(record.id);
  }
}
