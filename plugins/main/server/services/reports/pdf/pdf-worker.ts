/**
 * The worker thread a report's PDF is laid out in (see `render-in-worker.ts`): pdfkit lays text out
 * synchronously, so a long report would otherwise hold the dashboard's event loop. It draws the
 * content it is given and posts the PDF's bytes to its parent, one chunk at a time, sending the next
 * only once the parent has taken the last (so a slow store holds the worker, not memory).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Writable } from 'node:stream';
import type { ReportContent } from '../report-content';
import { renderReportPdf } from './report-pdf';
import type { FromWorker } from './render-in-worker';

const parent = parentPort;
if (!parent) throw new Error('pdf-worker runs as a worker thread only.');

function post(message: FromWorker, transfer: ArrayBuffer[] = []): void {
  parent!.postMessage(message, transfer);
}

const toParent = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    // A copy of its own, so the bytes move to the parent without sharing pdfkit's buffers.
    const bytes = new Uint8Array(chunk).buffer;
    parent!.once('message', () => callback());
    post({ type: 'chunk', bytes }, [bytes]);
  },
});

renderReportPdf((workerData as { content: ReportContent }).content, toParent).then(
  () => post({ type: 'done' }),
  (error: unknown) => post({ type: 'failed', message: (error as Error).message }),
);
