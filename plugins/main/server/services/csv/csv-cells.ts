/**
 * Which columns a CSV export has and how an item's value becomes a cell: fixed columns for agents
 * (as the reference product exports them), otherwise the item fields flattened to dotted paths.
 */
import { AGENT_CSV_COLUMNS, GROUP_FILES_CSV_COLUMNS } from '../../../common/csv-columns';
import { csvCell } from './safe-cell-text';

type Item = Record<string, unknown>;

/** A wide item (or a hostile one) must not turn into thousands of columns. */
const MAX_FLATTENED_COLUMNS = 256;

const AGENT_LISTS = [
  /^\/agents$/,
  /^\/agents\/(outdated|no_group)$/,
  /^\/agents\/groups\/[^/]+$/,
  /^\/groups\/[^/]+\/agents$/,
];
/** Whether `pathname` lists agents: their exports have the agent columns and are ordered by id. */
export function isAgentList(pathname: string): boolean {
  return AGENT_LISTS.some((pattern) => pattern.test(pathname));
}

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

/** The fixed columns of the lists that have them (agents, group files), whatever their items hold. */
export function fixedCsvColumns(pathname: string): string[] | undefined {
  if (isAgentList(pathname)) return [...AGENT_CSV_COLUMNS];
  if (GROUP_FILE_LISTS.some((pattern) => pattern.test(pathname)))
    return [...GROUP_FILES_CSV_COLUMNS];
  return undefined;
}

/** Columns for the items of `pathname` (path without query), given the first page of items. */
export function csvColumns(pathname: string, firstItems: readonly unknown[]): string[] {
  const fixed = fixedCsvColumns(pathname);
  if (fixed) return fixed;
  const paths = new Set<string>();
  for (const item of firstItems) if (isPlainObject(item)) collectPaths(item, '', paths);
  return [...paths];
}

/** A value as its cell is written: cleaned, neutralised and quoted (numbers need none of it). */
function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return csvCell(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (
    Array.isArray(value) &&
    value.every((element) => element === null || typeof element !== 'object')
  ) {
    return csvCell(value.map((element) => (element === null ? '' : String(element))).join(', '));
  }
  return csvCell(JSON.stringify(value));
}

/**
 * A column's cell for an item, as written: a getter for a dotted column path, resolved once per
 * column instead of once per cell.
 */
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
