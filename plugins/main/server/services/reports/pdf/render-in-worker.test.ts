// A report laid out in a worker thread: the PDF reaches the output whole (through a slow output too,
// taken chunk by chunk), the event loop stays free meanwhile, and an abort terminates the worker
// at once with the abort's reason.
import { PassThrough, Writable } from 'node:stream';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { moduleById } from '../../../../common/modules';
import { pdfPages } from '@test/support/pdf-text';
import { buildReportContent, type ReportContent } from '../report-content';
import { renderReportPdfInWorker } from './render-in-worker';

jest.setTimeout(60_000);

function content(filterValue = 'web-01', maxPrintedChars = 2_000): ReportContent {
  return buildReportContent({
    view: moduleById('gdpr')!,
    selection: {
      apiHostId: 'demo',
      timeRange: { from: 'now-1d', to: 'now' },
      filters: [{ type: 'is', field: 'agent.name', value: filterValue }],
    },
    answer: { total: { value: 12, relation: 'eq' }, charts: {}, includesSampleData: false },
    scope: {},
    user: 'alice',
    generatedAt: new Date('2026-11-26T10:00:00Z'),
    maxPrintedChars,
  });
}

describe('report PDF in a worker thread', () => {
  it('writes the whole PDF to a slow output, one chunk taken at a time', async () => {
    const chunks: Buffer[] = [];
    const slow = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        setImmediate(callback);
      },
    });
    await renderReportPdfInWorker(content(), slow, new AbortController().signal);
    const text = (await pdfPages(Buffer.concat(chunks))).join('\n');
    expect(text).toContain('GDPR report');
    expect(text).toContain('agent.name is web-01');
    expect(chunks.length).toBeGreaterThan(1);
  });

  it('keeps the event loop free while a long layout runs, and stops it on abort', async () => {
    // Layout printing 100,000 characters of one unbroken word: seconds of pdfkit's work.
    const heavy = content('x'.repeat(100_000), 100_000);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const controller = new AbortController();
    const reason = new Error('time is up');
    const output = new PassThrough();
    output.resume();
    const rendering = renderReportPdfInWorker(heavy, output, controller.signal);
    // Abort once the loop has turned a while: a held loop would not even run this.
    let turns = 0;
    await new Promise<void>((resolve) => {
      // sleep-ok: the loop is made to turn, to show the layout does not hold it
      const tick = () => (++turns >= 20 ? resolve() : setTimeout(tick, 10));
      tick();
    });
    controller.abort(reason);
    await expect(rendering).rejects.toBe(reason);
    delay.disable();
    // A layout on the loop would hold it for seconds; a loaded machine stalls it for a fraction.
    expect(delay.max / 1e6).toBeLessThan(1_000);
  });
});
