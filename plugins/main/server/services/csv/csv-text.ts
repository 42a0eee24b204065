/**
 * CSV text of rows, RFC 4180 with line feeds. Hand-written instead of json2csv's transform: for the
 * same bytes it cost about a third more CPU per row (row, cell and formatter calls, a string appended
 * per row), a tenth of the whole export (csv.bench.ts and its CPU profile).
 */
import { csvCell } from './safe-cell-text';

type Item = Record<string, unknown>;

/** A column's cell for an item as written: cleaned, neutralised and quoted (see `cellGetter`). */
export type CellGetter = (item: Item) => string;

/** The title row; titles come from item keys, which come from the network too. */
export function csvHeader(titles: readonly string[]): string {
  return titles.map(csvCell).join(',');
}

/** The items' lines joined by line feeds, without one at the end. */
export function csvLines(items: readonly Item[], getters: readonly CellGetter[]): string {
  const lines = new Array<string>(items.length);
  const cells = new Array<string>(getters.length);
  for (let row = 0; row < items.length; row += 1) {
    const item = items[row];
    for (let column = 0; column < getters.length; column += 1)
      cells[column] = getters[column](item);
    lines[row] = cells.join(',');
  }
  return lines.join('\n');
}
