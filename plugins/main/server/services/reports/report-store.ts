/**
 * Reports on disk, one folder per user under `<data>/reports/` (named by a hash of the user name, so
 * no name can reach outside it), each PDF with a small JSON record of what it is. A user sees only
 * their own reports, an admin everyone's; past `keptPerUser` the oldest go.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StoredReport } from '../../../common/modules/reports';
import { NotFoundError } from '../service-errors';
import { ReportError } from './errors';

export interface ReportReader {
  caller: string;
  admin: boolean;
}

/** `fim-2026-11-26T10-00-00Z-1a2b3c4d.pdf`: lowercase words, digits, dots and dashes, then `.pdf`. */
const NAME = /^[a-z0-9][a-z0-9.-]{0,150}\.pdf$/i;

export function isReportName(name: string): boolean {
  return NAME.test(name) && !name.includes('..');
}

function userFolder(username: string): string {
  return createHash('sha256').update(username).digest('hex').slice(0, 32);
}

/** Passes bytes through and fails once more than `max` went by. */
function sizeGuard(max: number): Transform & { bytes: () => number; failure?: ReportError } {
  let bytes = 0;
  const guard: Transform & { bytes: () => number; failure?: ReportError } = Object.assign(
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        if (bytes <= max) return callback(null, chunk);
        guard.failure = new ReportError(
          'report_too_large',
          `The report is larger than the ${max} bytes allowed (svc.reports.maxSizeBytes).`,
        );
        callback(guard.failure);
      },
    }),
    { bytes: () => bytes },
  );
  return guard;
}

export class ReportStore {
  constructor(
    private readonly root: string,
    private readonly keptPerUser: number,
    private readonly maxBytes: number,
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
   * Writes a report through `write` into a temporary file, then puts it in place with its record;
   * a failure (or one byte too many) leaves nothing behind.
   */
  async save(
    record: Omit<StoredReport, 'size' | 'createdAt'>,
    createdAt: Date,
    write: (output: Writable) => Promise<void>,
  ): Promise<StoredReport> {
    if (!isReportName(record.name)) throw new Error(`Not a report name: ${record.name}`);
    const folder = path.join(this.root, userFolder(record.owner));
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const temporary = path.join(folder, `.${record.name}.partial`);
    const guard = sizeGuard(this.maxBytes);
    const written = pipeline(guard, createWriteStream(temporary, { mode: 0o600 }));
    try {
      await Promise.all([write(guard).then(() => guard.end()), written]);
    } catch (error) {
      guard.destroy();
      await written.catch(() => undefined);
      await rm(temporary, { force: true });
      throw guard.failure ?? error;
    }
    const stored: StoredReport = {
      ...record,
      size: guard.bytes(),
      createdAt: createdAt.toISOString(),
    };
    await writeFile(path.join(folder, `${record.name}.json`), JSON.stringify(stored), {
      mode: 0o600,
    });
    await rename(temporary, path.join(folder, record.name));
    await this.prune(folder);
    return stored;
  }

  /** The caller's reports (an admin's: everyone's), newest first. */
  async list(reader: ReportReader): Promise<StoredReport[]> {
    const folders = reader.admin
      ? await this.folders()
      : [path.join(this.root, userFolder(reader.caller))];
    const lists = await Promise.all(folders.map((folder) => this.records(folder)));
    return lists
      .flat()
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.name.localeCompare(b.name));
  }

  /** A report's bytes, if the caller may read it; else the not-found error another user's gets. */
  async open(
    reader: ReportReader,
    name: string,
  ): Promise<{ report: StoredReport; stream: ReadStream }> {
    const { report, file } = await this.find(reader, name);
    return { report, stream: createReadStream(file) };
  }

  async delete(reader: ReportReader, name: string): Promise<StoredReport> {
    const { report, file } = await this.find(reader, name);
    await rm(file, { force: true });
    await rm(`${file}.json`, { force: true });
    return report;
  }

  private async find(
    reader: ReportReader,
    name: string,
  ): Promise<{ report: StoredReport; file: string }> {
    if (isReportName(name)) {
      const folders = reader.admin
        ? await this.folders()
        : [path.join(this.root, userFolder(reader.caller))];
      for (const folder of folders) {
        const report = await this.record(folder, name);
        if (report && (reader.admin || report.owner === reader.caller))
          return { report, file: path.join(folder, name) };
      }
    }
    throw new NotFoundError(`Report [${name}] not found.`, 'report_not_found');
  }

  private async folders(): Promise<string[]> {
    const entries = await readdir(this.root, { withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(this.root, entry.name));
  }

  private async record(folder: string, name: string): Promise<StoredReport | undefined> {
    try {
      const [text] = await Promise.all([
        readFile(path.join(folder, `${name}.json`), 'utf8'),
        stat(path.join(folder, name)),
      ]);
      return JSON.parse(text) as StoredReport;
    } catch {
      return undefined;
    }
  }

  private async records(folder: string): Promise<StoredReport[]> {
    const names = await readdir(folder).catch(() => [] as string[]);
    const reports = await Promise.all(
      names.filter((name) => isReportName(name)).map((name) => this.record(folder, name)),
    );
    return reports.filter((report): report is StoredReport => report !== undefined);
  }

  /** Keeps the newest `keptPerUser` reports of a folder. */
  private async prune(folder: string): Promise<void> {
    const reports = (await this.records(folder)).sort((a, b) =>
      b.createdAt.localeCompare(a.createdAt),
    );
    for (const report of reports.slice(this.keptPerUser)) {
      await rm(path.join(folder, report.name), { force: true });
      await rm(path.join(folder, `${report.name}.json`), { force: true });
    }
  }
}
