/**
 * Panels drawn as vector graphics on a PDF page: stacked columns, horizontal bars, lines and areas
 * over time, donuts with legends, tables and single figures. Hand-written on pdfkit's drawing
 * primitives because no maintained library draws charts into a pdfkit document without a browser
 * or a canvas; each answer holds at most a few hundred buckets, so this stays cheap.
 */
/// <reference types="pdfkit" />
import type { AlertsBucket, AlertsChartResult } from '@main/common/alerts/api';
import type { ReportPanel } from '../report-content';
import { tableRows } from '../report-content';
import {
  bucketTime,
  chartColour,
  chartSeries,
  timeTicks,
  valueAxis,
  type ValueAxis,
} from '@main/common/charts/chart-model';
import { FONT } from './fonts';

type Doc = PDFKit.PDFDocument;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const COLOURS = { text: '#343741', muted: '#69707D', grid: '#D3DAE6', shade: '#F5F7FA' };

interface Series {
  label: string;
  values: number[];
}

interface Matrix {
  x: string[];
  /** The buckets' times, for a date histogram. */
  times?: number[];
  series: Series[];
}

function bucketLabel(bucket: AlertsBucket): string {
  return bucket.label || String(bucket.key);
}

/** Shortens `text` with an ellipsis until it fits `width` in the current font. */
function fit(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${text.slice(0, middle)}…`) <= width) low = middle;
    else high = middle - 1;
  }
  return `${text.slice(0, low)}…`;
}

/**
 * Buckets as x values (with their times for a date histogram, split or not) and one series per
 * split value (the chart model's), or one "Alerts" series.
 */
function toMatrix(result: Exclude<AlertsChartResult, { type: 'count' }>): Matrix {
  const buckets = result.buckets;
  const x = buckets.map(bucketLabel);
  const times = result.type === 'date_histogram' ? buckets.map(bucketTime) : undefined;
  const series = chartSeries(buckets);
  if (series.length === 0)
    return {
      x,
      times,
      series: [{ label: 'Alerts', values: buckets.map((bucket) => bucket.count) }],
    };
  return {
    x,
    times,
    series: series.map(({ key, label }) => ({
      label,
      values: buckets.map(
        (bucket) => bucket.split?.find((inner) => String(inner.key) === key)?.count ?? 0,
      ),
    })),
  };
}

function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

function drawEmpty(doc: Doc, box: Box, message = 'No alerts'): void {
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(COLOURS.muted)
    .text(message, box.x, box.y + box.height / 2 - 5, { width: box.width, align: 'center' });
}

/** A legend in rows under a chart; returns the height it took. */
function drawLegend(doc: Doc, labels: string[], x: number, y: number, width: number): number {
  if (labels.length <= 1) return 0;
  doc.font(FONT.regular).fontSize(7);
  const itemWidth = Math.max(80, Math.min(160, width / Math.min(labels.length, 4)));
  const perRow = Math.max(1, Math.floor(width / itemWidth));
  labels.forEach((label, index) => {
    const left = x + (index % perRow) * itemWidth;
    const top = y + Math.floor(index / perRow) * 11;
    doc.rect(left, top + 1, 7, 7).fill(chartColour(index));
    doc
      .fillColor(COLOURS.text)
      .text(fit(doc, label, itemWidth - 14), left + 10, top, { lineBreak: false });
  });
  return Math.ceil(labels.length / perRow) * 11 + 4;
}

function legendHeight(labels: number, width: number): number {
  if (labels <= 1) return 0;
  const itemWidth = Math.max(80, Math.min(160, width / Math.min(labels, 4)));
  const perRow = Math.max(1, Math.floor(width / itemWidth));
  return Math.ceil(labels / perRow) * 11 + 4;
}

/** The value axis on the left with the model's grid lines; returns the plot area right of it. */
function drawValueAxis(doc: Doc, box: Box, axis: ValueAxis): Box {
  const { max } = axis;
  doc.font(FONT.regular).fontSize(6.5);
  const labelWidth = doc.widthOfString(formatCount(max)) + 4;
  const plot = {
    x: box.x + labelWidth,
    y: box.y + 4,
    width: box.width - labelWidth,
    height: box.height - 16,
  };
  for (const tick of axis.ticks) {
    const y = plot.y + plot.height - (plot.height * tick) / max;
    doc
      .moveTo(plot.x, y)
      .lineTo(plot.x + plot.width, y)
      .lineWidth(0.4)
      .strokeColor(COLOURS.grid)
      .stroke();
    doc.fillColor(COLOURS.muted).text(formatCount(tick), box.x, y - 3, {
      width: labelWidth - 3,
      align: 'right',
      lineBreak: false,
    });
  }
  return plot;
}

/** Category labels under the plot, one per bucket. */
function drawCategoryLabels(doc: Doc, plot: Box, labels: string[]): void {
  doc.font(FONT.regular).fontSize(6.5).fillColor(COLOURS.muted);
  const slot = plot.width / labels.length;
  labels.forEach((label, index) => {
    doc.text(fit(doc, label, slot - 2), plot.x + slot * index, plot.y + plot.height + 3, {
      width: slot,
      align: 'center',
      lineBreak: false,
    });
  });
}

/** The model's time ticks under a date histogram's plot. */
function drawTimeTicks(doc: Doc, plot: Box, times: number[]): void {
  doc.font(FONT.regular).fontSize(6.5).fillColor(COLOURS.muted);
  for (const tick of timeTicks(times)) {
    const x = plot.x + plot.width * tick.position;
    const width = doc.widthOfString(tick.label) + 2;
    doc.text(tick.label, x - width / 2, plot.y + plot.height + 3, {
      width,
      align: 'center',
      lineBreak: false,
    });
  }
}

/** The x axis's labels: time ticks for a date histogram, else every bucket's label. */
function drawXLabels(doc: Doc, plot: Box, matrix: Matrix): void {
  if (matrix.times) drawTimeTicks(doc, plot, matrix.times);
  else drawCategoryLabels(doc, plot, matrix.x);
}

/** Stacked columns: one per bucket, one segment per series. */
function drawColumns(doc: Doc, box: Box, matrix: Matrix, time: boolean): void {
  const legend = legendHeight(matrix.series.length, box.width);
  const chartBox = { ...box, height: box.height - legend };
  const sums = matrix.x.map((_, index) =>
    matrix.series.reduce((sum, series) => sum + series.values[index], 0),
  );
  const axis = valueAxis(Math.max(...sums));
  const { max } = axis;
  const plot = drawValueAxis(doc, chartBox, axis);
  const slot = plot.width / matrix.x.length;
  const barWidth = Math.max(1, slot * (time ? 0.85 : 0.6));
  matrix.x.forEach((_, index) => {
    let top = plot.y + plot.height;
    matrix.series.forEach((series, seriesIndex) => {
      const height = (series.values[index] / max) * plot.height;
      if (height <= 0) return;
      top -= height;
      doc
        .rect(plot.x + slot * index + (slot - barWidth) / 2, top, barWidth, height)
        .fill(chartColour(seriesIndex));
    });
  });
  drawXLabels(doc, plot, matrix);
  drawLegend(
    doc,
    matrix.series.map((series) => series.label),
    box.x,
    box.y + chartBox.height + 2,
    box.width,
  );
}

/** Lines (or translucent areas) over time, one per series. */
function drawLines(doc: Doc, box: Box, matrix: Matrix, area: boolean): void {
  const legend = legendHeight(matrix.series.length, box.width);
  const chartBox = { ...box, height: box.height - legend };
  const axis = valueAxis(Math.max(...matrix.series.flatMap((series) => series.values)));
  const { max } = axis;
  const plot = drawValueAxis(doc, chartBox, axis);
  const step = matrix.x.length > 1 ? plot.width / (matrix.x.length - 1) : 0;
  const point = (value: number, index: number): [number, number] => [
    plot.x + (matrix.x.length > 1 ? step * index : plot.width / 2),
    plot.y + plot.height - (value / max) * plot.height,
  ];
  matrix.series.forEach((series, seriesIndex) => {
    const points = series.values.map(point);
    if (area) {
      doc.moveTo(points[0][0], plot.y + plot.height);
      for (const [x, y] of points) doc.lineTo(x, y);
      doc.lineTo(points[points.length - 1][0], plot.y + plot.height).closePath();
      doc.fillOpacity(0.25).fill(chartColour(seriesIndex)).fillOpacity(1);
    }
    doc.moveTo(points[0][0], points[0][1]);
    for (const [x, y] of points.slice(1)) doc.lineTo(x, y);
    doc.lineWidth(1.2).strokeColor(chartColour(seriesIndex)).stroke();
  });
  drawXLabels(doc, plot, matrix);
  drawLegend(
    doc,
    matrix.series.map((series) => series.label),
    box.x,
    box.y + chartBox.height + 2,
    box.width,
  );
}

/** Horizontal bars with their labels on the left and their counts at their ends. */
function drawBars(doc: Doc, box: Box, matrix: Matrix): void {
  const legend = legendHeight(matrix.series.length, box.width);
  const rows = matrix.x.length;
  const rowHeight = Math.min(16, (box.height - legend) / rows);
  const labelWidth = box.width * 0.32;
  const sums = matrix.x.map((_, index) =>
    matrix.series.reduce((sum, series) => sum + series.values[index], 0),
  );
  const max = Math.max(...sums, 1);
  const barSpace = box.width - labelWidth - 40;
  doc.font(FONT.regular).fontSize(7);
  matrix.x.forEach((label, index) => {
    const y = box.y + index * rowHeight;
    doc
      .fillColor(COLOURS.text)
      .text(fit(doc, label, labelWidth - 4), box.x, y + rowHeight / 2 - 4, { lineBreak: false });
    let left = box.x + labelWidth;
    matrix.series.forEach((series, seriesIndex) => {
      const width = (series.values[index] / max) * barSpace;
      if (width <= 0) return;
      doc.rect(left, y + rowHeight * 0.15, width, rowHeight * 0.7).fill(chartColour(seriesIndex));
      left += width;
    });
    doc
      .fillColor(COLOURS.muted)
      .text(formatCount(sums[index]), left + 3, y + rowHeight / 2 - 4, { lineBreak: false });
  });
  drawLegend(
    doc,
    matrix.series.map((series) => series.label),
    box.x,
    box.y + rows * rowHeight + 4,
    box.width,
  );
}

/** The SVG path of a ring slice between two angles (radians, clockwise from 12 o'clock). */
function slicePath(
  cx: number,
  cy: number,
  outer: number,
  inner: number,
  from: number,
  to: number,
): string {
  const at = (radius: number, angle: number) =>
    `${(cx + radius * Math.sin(angle)).toFixed(2)} ${(cy - radius * Math.cos(angle)).toFixed(2)}`;
  const large = to - from > Math.PI ? 1 : 0;
  return (
    `M ${at(outer, from)} A ${outer} ${outer} 0 ${large} 1 ${at(outer, to)} ` +
    `L ${at(inner, to)} A ${inner} ${inner} 0 ${large} 0 ${at(inner, from)} Z`
  );
}

/** A donut (or a pie: `hole` 0) of the buckets, with a legend of labels, counts and shares. */
function drawDonut(doc: Doc, box: Box, buckets: AlertsBucket[], hole: number): void {
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  const radius = Math.min(box.height / 2 - 4, box.width * 0.22);
  const cx = box.x + radius + 4;
  const cy = box.y + box.height / 2;
  let angle = 0;
  buckets.forEach((bucket, index) => {
    const share = (bucket.count / total) * Math.PI * 2;
    if (share <= 0) return;
    // A whole ring is two halves: an arc from a point to itself draws nothing.
    const halves =
      share >= Math.PI * 2 - 1e-6
        ? [angle, angle + Math.PI, angle + share]
        : [angle, angle + share];
    for (let part = 0; part < halves.length - 1; part++)
      doc
        .path(slicePath(cx, cy, radius, radius * hole, halves[part], halves[part + 1]))
        .fill(chartColour(index));
    angle += share;
  });
  doc.font(FONT.regular).fontSize(7);
  const legendX = cx + radius + 12;
  const legendWidth = box.x + box.width - legendX;
  const rowHeight = Math.min(12, box.height / Math.max(buckets.length, 1));
  const top = cy - (rowHeight * buckets.length) / 2;
  buckets.forEach((bucket, index) => {
    const y = top + index * rowHeight;
    doc.rect(legendX, y + 1.5, 7, 7).fill(chartColour(index));
    const figures = `${formatCount(bucket.count)} (${((bucket.count / total) * 100).toFixed(1)}%)`;
    const figuresWidth = doc.widthOfString(figures);
    doc
      .fillColor(COLOURS.text)
      .text(fit(doc, bucketLabel(bucket), legendWidth - figuresWidth - 18), legendX + 10, y, {
        lineBreak: false,
      });
    doc
      .fillColor(COLOURS.muted)
      .text(figures, legendX, y, { width: legendWidth, align: 'right', lineBreak: false });
  });
}

/** Rows of a table inside a box; rows past its height are left out and counted under it. */
export function drawTableRows(
  doc: Doc,
  box: Box,
  columns: string[],
  rows: string[][],
  options: { alignLast?: 'left' | 'right' } = {},
): number {
  const rowHeight = 13;
  // The last column holds counts, unless it holds text (a key-value table).
  const countWidth = options.alignLast === 'left' ? box.width / 2 : 60;
  const textWidth = (box.width - countWidth) / Math.max(1, columns.length - 1);
  const widths = columns.map((_, index) => (index === columns.length - 1 ? countWidth : textWidth));
  const drawRow = (cells: string[], y: number, header: boolean) => {
    if (header) doc.rect(box.x, y, box.width, rowHeight).fill(COLOURS.shade);
    doc
      .font(header ? FONT.bold : FONT.regular)
      .fontSize(7.5)
      .fillColor(COLOURS.text);
    let x = box.x;
    cells.forEach((cell, index) => {
      const last = index === cells.length - 1;
      doc.text(fit(doc, cell, widths[index] - 8), x + 4, y + 3, {
        width: widths[index] - 8,
        align: last ? (options.alignLast ?? 'right') : 'left',
        lineBreak: false,
      });
      x += widths[index];
    });
    doc
      .moveTo(box.x, y + rowHeight)
      .lineTo(box.x + box.width, y + rowHeight)
      .lineWidth(0.3)
      .strokeColor(COLOURS.grid)
      .stroke();
  };
  drawRow(columns, box.y, true);
  const fits = Math.max(0, Math.floor(box.height / rowHeight) - 1);
  rows.slice(0, fits).forEach((row, index) => drawRow(row, box.y + rowHeight * (index + 1), false));
  if (rows.length > fits)
    doc
      .font(FONT.regular)
      .fontSize(7)
      .fillColor(COLOURS.muted)
      .text(`${rows.length - fits} more rows not shown`, box.x, box.y + rowHeight * (fits + 1) + 2);
  return rowHeight * (Math.min(rows.length, fits) + 1);
}

/** Rows a table panel needs, so the layout can give it its height. */
export function tablePanelHeight(panel: ReportPanel): number {
  return 13 * (Math.min(tableRows(panel.result).length, 25) + 1) + 4;
}

/** Draws one panel's chart inside `box`. */
export function drawPanel(doc: Doc, box: Box, panel: ReportPanel): void {
  const result = panel.result;
  if (!result) return drawEmpty(doc, box, 'No answer for this chart');
  if (result.type === 'count') {
    doc
      .font(FONT.bold)
      .fontSize(24)
      .fillColor(COLOURS.text)
      .text(formatCount(result.count), box.x, box.y + box.height / 2 - 14, {
        width: box.width,
        align: 'center',
      });
    return;
  }
  if (result.buckets.length === 0 || result.buckets.every((bucket) => bucket.count === 0))
    return drawEmpty(doc, box);
  const time = result.type === 'date_histogram';
  if (panel.kind === 'table') {
    const split = result.buckets.some((bucket) => bucket.split);
    const columns = panel.columns ?? (split ? ['Value', 'Split', 'Alerts'] : ['Value', 'Alerts']);
    drawTableRows(doc, box, columns, tableRows(result));
    return;
  }
  if ((panel.kind === 'pie' || panel.kind === 'donut') && !time)
    return drawDonut(doc, box, result.buckets, panel.kind === 'donut' ? 0.55 : 0);
  const matrix = toMatrix(result);
  if (panel.kind === 'horizontal_bar' && !time) return drawBars(doc, box, matrix);
  if (time && (panel.kind === 'line' || panel.kind === 'area'))
    return drawLines(doc, box, matrix, panel.kind === 'area');
  drawColumns(doc, box, matrix, time);
}
