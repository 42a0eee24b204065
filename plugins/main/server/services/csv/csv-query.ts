/**
 * The query of each page a CSV export asks for: the caller's path query and filters, the export's own
 * offset and limit, and a sort that ends on a unique field so that pages neither skip nor repeat items.
 */
import { checkManagedApiPath } from '../../../common/managed-api-request';
import { RequestFieldError } from '../request-field-error';
import { fixedCsvColumns, isAgentList } from './csv-cells';

export interface CsvFilter {
  name: string;
  /** An empty name or value is skipped, as the reference product's browser code relies on. */
  value: string | number | boolean | null;
  /** Marks the export of one CDB list's entries (the reference product's flag). */
  _isCDBList?: boolean;
}

/** Query parameters the export sets itself. */
const RESERVED_CSV_PARAMS = ['offset', 'limit'] as const;

/** Fields that identify an item uniquely, per list path (the managed API's minimum fields). */
const UNIQUE_SORT_FIELDS: Array<[RegExp, string[]]> = [
  [/^\/rules$/, ['id']],
  [/^\/(rules|decoders)\/files$/, ['filename']],
  [/^\/decoders$/, ['filename', 'position']],
  [/^\/sca\/[^/]+$/, ['policy_id']],
  [/^\/sca\/[^/]+\/checks\/[^/]+$/, ['id']],
  [/^\/groups$/, ['name']],
];

export interface CsvQuery {
  pathname: string;
  /** Query without offset and limit. */
  params: URLSearchParams;
}

function stableSort(pathname: string, requested: string | null): string | null {
  // Agent lists are ordered by id unless told otherwise: that order is already stable.
  const unique = isAgentList(pathname)
    ? ['id']
    : UNIQUE_SORT_FIELDS.find(([pattern]) => pattern.test(pathname))?.[1];
  if (!unique) return requested;
  // Asking for the default order would only make the API sort what it already returns sorted.
  if (!requested) return isAgentList(pathname) ? null : unique.join(',');
  // The sign of a sort applies to every listed field, and any direction is stable on a unique field.
  const sign = /^[+-]/.test(requested) ? requested[0] : '';
  const fields = requested
    .replace(/^[+-]/, '')
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  const missing = unique.filter((field) => !fields.includes(field));
  return `${sign}${[...fields, ...missing].join(',')}`;
}

/** Builds the export's query; a reserved or malformed parameter is a 400 naming the field. */
export function csvQuery(path: string, filters: readonly CsvFilter[]): CsvQuery {
  const check = checkManagedApiPath(path);
  if (!check.valid) throw new RequestFieldError('path', check.reason);
  if (check.pathname === '/')
    throw new RequestFieldError('path', 'must name a list endpoint such as /agents');
  const params = new URLSearchParams(check.search);
  for (const reserved of RESERVED_CSV_PARAMS) {
    if (params.has(reserved))
      throw new RequestFieldError(
        'path',
        `must not set "${reserved}": the export pages through every item itself`,
      );
  }
  const merged = new Map<string, string[]>();
  filters.forEach((filter, index) => {
    if (filter.name === '' || filter.value === '' || filter.value === null) return;
    if ((RESERVED_CSV_PARAMS as readonly string[]).includes(filter.name)) {
      throw new RequestFieldError(
        `filters.${index}.name`,
        `"${filter.name}" is set by the export itself`,
      );
    }
    merged.set(filter.name, [...(merged.get(filter.name) ?? []), String(filter.value)]);
  });
  // Several values of one filter are one comma-separated list, as the managed API reads arrays.
  for (const [name, values] of merged) params.set(name, values.join(','));
  const sort = stableSort(check.pathname, params.get('sort'));
  if (sort) params.set('sort', sort);
  // Lists with fixed columns ask only for them: less for the host to send and the dashboard to read.
  // With `distinct` the caller's selection decides which items are distinct, so it stays.
  const columns = fixedCsvColumns(check.pathname);
  if (columns && !params.has('distinct')) params.set('select', columns.join(','));
  return { pathname: check.pathname, params };
}

export function pagePath(query: CsvQuery, offset: number, limit: number): string {
  const params = new URLSearchParams(query.params);
  params.set('offset', String(offset));
  params.set('limit', String(limit));
  return `${query.pathname}?${params.toString()}`;
}
