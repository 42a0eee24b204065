/**
 * Which columns a CSV export has and how an item's value becomes a cell: fixed columns for agents
 * (as the reference product exports them), otherwise the item fields flattened to dotted paths.
 */
import { AGENT_CSV_COLUMNS, GROUP_FILES_CSV_COLUMNS } from '../../../common/csv-columns';
import { safeCellText } from './safe-cell-text';

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

/** RFC 4180 quoting, only when the cell needs it (as spreadsheets write them). */
export function quoteCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
