/**
 * Which columns a CSV export has and how an item's value becomes a cell: fixed columns for agents
 * (as the reference product exports them), otherwise the item fields flattened to dotted paths.
 */
import { AGENT_CSV_COLUMNS, GROUP_FILES_CSV_COLUMNS } from '../../../common/csv-columns';

type Item = Record<string, unknown>;

/** A wide item (or a hostile one) must not turn into thousands of columns. */
const MAX_FLATTENED_COLUMNS = 256;

const AGENT_LISTS = [
  /^\/agents$/,
  /^\/agents\/(outdated|no_group)$/,
  /^\/agents\/groups\/[^/]+$/,
  /^\/groups\/[^/]+\/agents$/,
];
const GROUP_FILE_LISTS = [/^\/agents\/groups\/[^/]+\/files$/, /^\/groups\/[^/]+\/files$/];

function isPlainObject(value: unknown): value is Item {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function collectPaths(item: Item, prefix: string, into: Set<string>): void {
  for (const [key, value] of Object.entries(item)) {
    if (into.size >= MAX_FLATTENED_COLUMNS) return;
    const path = prefix ? `${prefix}.${key}` : key;
    // Nested objects become dotted columns; an empty one adds none.
    if (isPlainObject(value)) collectPaths(value, path, into);
    else into.add(path);
  }
}

/** Columns for the items of `pathname` (path without query), given the first page of items. */
export function csvColumns(pathname: string, firstItems: readonly unknown[]): string[] {
  if (AGENT_LISTS.some((pattern) => pattern.test(pathname))) return [...AGENT_CSV_COLUMNS];
  if (GROUP_FILE_LISTS.some((pattern) => pattern.test(pathname)))
    return [...GROUP_FILES_CSV_COLUMNS];
  const paths = new Set<string>();
  for (const item of firstItems) if (isPlainObject(item)) collectPaths(item, '', paths);
  return [...paths];
}

/**
 * Characters with no business in a CSV cell: C0 controls except tab and line feed, DEL, C1
 * controls, and the bidirectional overrides and isolates that can make a cell read as something else.
 * A carriage return (alone or before a line feed) and the Unicode line and paragraph separators
 * become a plain line feed, so a quoted cell breaks lines the same way in every program.
 */
const STRIPPED =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const LINE_BREAKS = /\r\n?|[\u2028\u2029]/g;

/**
 * Spreadsheet programs run a cell as a formula when its first visible character is `=`, `+`, `-` or
 * `@` (spaces, tabs and line breaks before it do not count, and some take the full-width forms
 * `＝ ＋ － ＠` too); DDE payloads (`cmd|' /C calc'!A0`) run through such a formula. Item values come
 * from the network, so such cells get a leading `'`, which shows the text as it is.
 */
const FORMULA_START = /^[\s\u200b-\u200d\u2060]*[=+\-@\uff1d\uff0b\uff0d\uff20]/;
const DDE_LIKE = /[\w.]+\s*\|\s*['"][^'"]*['"]\s*!/;

/** The text of a cell as the export writes it: stray characters removed, formulas neutralised. */
export function safeCellText(text: string): string {
  const clean = text.replace(LINE_BREAKS, '\n').replace(STRIPPED, '');
  return FORMULA_START.test(clean) || DDE_LIKE.test(clean) ? `'${clean}` : clean;
}

function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return safeCellText(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (
    Array.isArray(value) &&
    value.every((element) => element === null || typeof element !== 'object')
  ) {
    return safeCellText(
      value.map((element) => (element === null ? '' : String(element))).join(', '),
    );
  }
  return safeCellText(JSON.stringify(value));
}

/** A getter for a dotted column path, resolved once per column instead of once per cell. */
export function cellGetter(column: string): (item: Item) => string {
  const parts = column.split('.');
  if (parts.length === 1) return (item) => cellText(item[column]);
  return (item) => {
    let value: unknown = item;
    for (const part of parts) {
      if (!isPlainObject(value)) return '';
      value = value[part];
    }
    return cellText(value);
  };
}

/** RFC 4180 quoting, only when the cell needs it (json2csv's default quotes every string). */
export function quoteCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
