// A panel's x axis in the PDF: the model's time ticks under a date histogram (split or not), and
// every bucket's label under a chart of values (split or not).
import type { AlertsBucket, AlertsChartRequest, AlertsChartResult } from '@main/common/alerts/api';
import { timeTicks } from '@main/common/charts/chart-model';
import { pdfPages } from '@test/support/pdf-text';
import PDFDocument from 'pdfkit';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ReportPanel } from '../report-content';
import { drawPanel } from './charts';
import { registerFonts } from './fonts';

const START = Date.parse('2026-11-25T00:00:00Z');
const split = (n: number) => [
  { key: 'high', label: 'high', count: 5 + n },
  { key: 'low', label: 'low', count: 2 },
];

async function panelText(panel: ReportPanel): Promise<string> {
  const doc = new PDFDocument({ size: 'A4' });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = finished(doc.pipe(sink));
  drawPanel(doc, { x: 40, y: 40, width: 500, height: 220 }, panel);
  doc.end();
  await done;
  return (await pdfPages(Buffer.concat(chunks))).join('\n');
}

function hourly(withSplit: boolean): AlertsBucket[] {
  return Array.from({ length: 24 }, (_, n) => {
    const key = START + n * 3_600_000;
    return {
      key,
      label: new Date(key).toISOString(),
      count: 10 + n,
      ...(withSplit && { split: split(n) }),
    };
  });
}

const overTime: AlertsChartRequest = { id: 'over-time', type: 'date_histogram', interval: '1h' };
const values: AlertsChartRequest = { id: 'values', type: 'terms', field: 'agent.name', size: 4 };

describe.each([false, true])('a panel (split: %s)', (withSplit) => {
  test.each(['line', 'bar'] as const)(
    'over time as a %s is labelled with the time ticks, not each bucket',
    async (kind) => {
      const buckets = hourly(withSplit);
      const result: AlertsChartResult = { type: 'date_histogram', interval: '1h', buckets };
      const text = await panelText({ title: 'Over time', kind, chart: overTime, result });
      const ticks = timeTicks(buckets.map((bucket) => bucket.key as number));
      expect(ticks.length).toBeGreaterThan(1);
      for (const tick of ticks) expect(text).toContain(tick.label);
      expect(text).not.toContain('2026-11-25T');
    },
  );

  test('of values as columns is labelled with every value', async () => {
    const buckets = ['web-01', 'db-01', 'mail-01'].map((name, n) => ({
      key: name,
      label: name,
      count: 30 - n,
      ...(withSplit && { split: split(n) }),
    }));
    const result: AlertsChartResult = { type: 'terms', buckets };
    const text = await panelText({ title: 'Values', kind: 'bar', chart: values, result });
    for (const name of ['web-01', 'db-01', 'mail-01']) expect(text).toContain(name);
  });
});
