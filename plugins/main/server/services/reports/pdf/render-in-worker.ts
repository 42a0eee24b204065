/**
 * Lays a report's PDF out in a worker thread (`pdf-worker`) and writes it to `output`, so the
 * dashboard's event loop stays free while pdfkit works; an abort (the generation's timeout)
 * terminates the worker wherever its layout is.
 *
 * The worker file sits beside this one: `.js` in the build, `.ts` when the server runs from its
 * sources (tsx in development, Jest's transform in tests), where the worker loads tsx itself (a
 * worker does not inherit its parent's loader).
 */
import { ReportError } from '../errors';
import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { ReportContent } from '../report-content';

/** What the worker posts: PDF bytes (answered with any message once taken), then the end. */
export type FromWorker =
  { type: 'chunk'; bytes: ArrayBuffer } | { type: 'done' } | { type: 'failed'; message: string };

const WORKER_FILE = require.resolve('./pdf-worker');
const WORKER_OPTIONS = WORKER_FILE.endsWith('.ts')
  ? { execArgv: ['--require', require.resolve('tsx/cjs')] }
  : {};

export function renderReportPdfInWorker(
  content: ReportContent,
  output: Writable,
  signal: AbortSignal,
): Promise<void> {
  signal.throwIfAborted();
  const worker = new Worker(WORKER_FILE, { ...WORKER_OPTIONS, workerData: { content } });
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      void worker.terminate();
      if (error === undefined) resolve();
      else reject(error);
    };
    const onAbort = () => settle(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'done') return settle();
      if (message.type === 'failed')
        return settle(new ReportError('report_render_failed', message.message));
      const taken = () => worker.postMessage('taken');
      if (output.write(Buffer.from(message.bytes))) taken();
      else output.once('drain', taken);
    });
    output.once('error', (error) => settle(error));
    worker.once('error', (error) => settle(error));
    worker.once('exit', (code) =>
      settle(
        new ReportError(
          'report_render_failed',
          `The report's layout stopped (worker exit code ${code}).`,
        ),
      ),
    );
  });
}
