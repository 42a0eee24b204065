// A report rendered to PDF and read back: its title, range, filters, user, RBAC note, KPIs, every
// panel's title and labels, the summary tables, embedded fonts and "Page X of Y" on every page.
import { PassThrough } from 'node:stream';
import type {
  AlertsAggregateResponse,
  AlertsChartRequest,
  AlertsChartResult,
} from '@main/common/alerts/api';
import { bucketTime, chartSeries, timeTicks } from '@main/common/charts/chart-model';
import { dashboardPanels, moduleById, MODULES } from '@main/common/modules';
import { pdfPages } from '@test/support/pdf-text';
import { deflateSync } from 'node:zlib';
import { buildReportContent, reportCharts, type ReportBranding } from '../report-content';
import { renderReportPdf } from './report-pdf';

jest.setTimeout(30_000);

/** A fixed answer for every chart: terms buckets named after the field, splits, and times. */
function fakeAnswer(charts: AlertsChartRequest[]): AlertsAggregateResponse {
  const results: Record<string, AlertsChartResult> = {};
  const start = Date.parse('2026-11-25T00:00:00Z');
  for (const chart of charts) {
    if (chart.type === 'count') results[chart.id] = { type: 'count', count: 1234 };
    else if (chart.type === 'filters')
      results[chart.id] = {
        type: 'filters',
        buckets: Object.keys(chart.filters).map((key) => ({ key, label: key, count: 77 })),
      };
    else if (chart.type === 'range') results[chart.id] = { type: 'range', buckets: [] };
    else if (chart.type === 'terms')
      results[chart.id] = {
        type: 'terms',
        buckets: Array.from({ length: Math.min(chart.size, 4) }, (_, n) => ({
          key: `${chart.field}-${n}`,
          label: `${chart.field}-${n}`,
          count: 100 - n * 10,
          ...(chart.split && {
            split: [
              { key: `${chart.split.field}-a`, label: `${chart.split.field}-a`, count: 60 - n * 5 },
              { key: `${chart.split.field}-b`, label: `${chart.split.field}-b`, count: 40 - n * 5 },
            ],
          }),
        })),
      };
    else
      results[chart.id] = {
        type: 'date_histogram',
        interval: '1h',
        buckets: Array.from({ length: 24 }, (_, n) => {
          const key = start + n * 3_600_000;
          return {
            key,
            label: new Date(key).toISOString(),
            count: 10 + n,
            ...(chart.split && {
              split: [
                { key: 'series-x', label: 'series-x', count: 5 + n },
                { key: 'series-y', label: 'series-y', count: 5 },
              ],
            }),
          };
        }),
      };
  }
  return { total: { value: 1234, relation: 'eq' }, charts: results, includesSampleData: false };
}

async function render(
  moduleId: string,
  agentId?: string,
  agentIds?: string[],
  branding?: ReportBranding,
): Promise<{ pages: string[]; pdf: Buffer }> {
  const view = moduleById(moduleId)!;
  const content = buildReportContent({
    view,
    selection: {
      apiHostId: 'demo',
      timeRange: { from: 'now-24h', to: 'now' },
      query: { language: 'kuery', query: 'rule.level >= 3' },
      filters: [
        { type: 'is', field: 'agent.name', value: 'web-01', negate: true },
        { type: 'exists', field: 'data.srcip', disabled: true },
      ],
      ...(agentId && { agentId }),
    },
    answer: fakeAnswer(reportCharts(view, agentId !== undefined)),
    scope: agentIds ? { agentIds } : {},
    user: 'analyst-ü',
    generatedAt: new Date('2026-11-26T10:00:00Z'),
    resolvedRange: { from: '2026-11-25T10:00:00.000Z', to: '2026-11-26T10:00:00.000Z' },
    maxPrintedChars: 2_000,
  });
  if (branding) content.branding = branding;
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  await renderReportPdf(content, sink);
  const pdf = Buffer.concat(chunks);
  return { pdf, pages: await pdfPages(pdf) };
}

describe('report PDF', () => {
  it('says what the report covers, who made it and what RBAC left out', async () => {
    const { pages, pdf } = await render('file-integrity-monitoring', undefined, [
      '001',
      '002',
      '003',
    ]);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const first = pages[0];
    expect(first).toContain('File Integrity Monitoring report');
    expect(first).toContain('now-24h to now (2026-11-25 10:00:00 UTC to 2026-11-26 10:00:00 UTC)');
    expect(first).toContain('rule.groups is syscheck; NOT agent.name is web-01');
    expect(first).not.toContain('data.srcip');
    expect(first).toContain('rule.level >= 3 (DQL)');
    expect(first).toContain('analyst-ü on 2026-11-26 10:00:00 UTC');
    expect(first).toContain('Only the alerts of the 3 agents the reporting user may see');
    expect(first).toContain('1,234');
  });

  it('draws every KPI, panel and summary table, with labels and legends', async () => {
    const { pages } = await render('file-integrity-monitoring');
    const text = pages.join('\n');
    const fim = moduleById('file-integrity-monitoring')!;
    for (const kpi of fim.dashboard.kpis) expect(text).toContain(kpi.title);
    for (const panel of fim.dashboard.panels) expect(text).toContain(panel.title);
    for (const table of fim.summaryTables) expect(text).toContain(table.title);
    // Donut legends with counts and shares, table rows, split series in legends.
    expect(text).toMatch(/agent\.name-0\s+100 \(29\.4%\)/);
    expect(text).toContain('syscheck.uname_after-0');
    expect(text).toContain('series-x');
    expect(text).toContain('RBAC left nothing out');
  });

  // The screen's TimeBarsChart is held to the same model (time-bars-chart.test.tsx): what one draws
  // the other draws, for every module.
  it.each(MODULES.map((view) => view.id))(
    "draws %s's charts over time with the chart model's time ticks and series",
    async (moduleId) => {
      const view = moduleById(moduleId)!;
      const { pages } = await render(moduleId);
      const text = pages.join('\n');
      const answer = fakeAnswer(reportCharts(view, false));
      const overTime = dashboardPanels(view, false).filter(
        (panel) => panel.chart.type === 'date_histogram',
      );
      for (const panel of overTime) {
        const result = answer.charts[panel.chart.id];
        if (result.type !== 'date_histogram') throw new Error(panel.chart.id);
        for (const tick of timeTicks(result.buckets.map(bucketTime)))
          expect(text).toContain(tick.label);
        for (const series of chartSeries(result.buckets)) expect(text).toContain(series.label);
      }
    },
  );

  it('numbers every page "Page X of Y" and embeds its fonts', async () => {
    const { pages, pdf } = await render('mitre-attack');
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${pages.length}`));
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    expect(raw).toContain('/FontFile2');
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it("titles an agent's Security events report with the agent and its panels", async () => {
    const { pages } = await render('threat-hunting', '001');
    const text = pages.join('\n');
    expect(text).toContain('agent.id is 001');
    expect(text).toContain('Top 5 PCI DSS requirements');
    expect(text).not.toContain('Alerts evolution - Top 5 agents');
  });

  it('prints the App settings header and footer on every page, with a PNG or an SVG logo', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 4"><rect width="10" height="4" fill="#0077cc"/></svg>',
    );
    const branded = (logo: ReportBranding['logo']) =>
      render('mitre-attack', undefined, undefined, {
        headerText: 'ACME security operations',
        footerText: 'Confidential: internal use only',
        logo,
      });
    const { pages, pdf } = await branded({ contentType: 'image/png', data: onePixelPng() });
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(page).toContain('ACME security operations');
      expect(page).toContain('Confidential: internal use only');
    }
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
    const withSvg = await branded({ contentType: 'image/svg+xml', data: svg });
    expect(withSvg.pages[0]).toContain('ACME security operations');
    expect(withSvg.pdf.length).toBeGreaterThan(0);
  });
});

/** A 1×1 PNG with valid checksums, as pdfkit reads it. */
function onePixelPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 0, 119, 204]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
