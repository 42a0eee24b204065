/**
 * Documents gathered into `_bulk` requests of at most `maxBytes` each: a request is sent when the
 * next document would not fit, and awaited before more are added, so memory holds one request's
 * worth whatever the number of documents.
 */
import type { BulkOutcome } from '../alerts/indexer/writes';

export class BulkBatches {
  private lines: string[] = [];
  private bytes = 0;
  readonly outcome: BulkOutcome & { requests: number } = { written: 0, failed: 0, requests: 0 };

  constructor(
    private readonly send: (body: string) => Promise<BulkOutcome>,
    private readonly maxBytes: number,
  ) {}

  async add(index: string, document: object): Promise<void> {
    const entry = `{"index":{"_index":${JSON.stringify(index)}}}\n${JSON.stringify(document)}\n`;
    const size = Buffer.byteLength(entry);
    if (this.lines.length > 0 && this.bytes + size > this.maxBytes) await this.flush();
    this.lines.push(entry);
    this.bytes += size;
  }

  /** Sends what is gathered (nothing when nothing is). */
  async flush(): Promise<void> {
    if (this.lines.length === 0) return;
    const body = this.lines.join('');
    this.lines = [];
    this.bytes = 0;
    this.outcome.requests++;
    const { written, failed, firstError } = await this.send(body);
    this.outcome.written += written;
    this.outcome.failed += failed;
    this.outcome.firstError ??= firstError;
  }
}
