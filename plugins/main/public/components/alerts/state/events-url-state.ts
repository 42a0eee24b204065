/** The events table's sort and rows per page as URL parameters (`sort=-timestamp,rule.level`, `size=50`). */
import type { AlertsSort } from '../../../../common/alerts/api';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../table/events-paging';

export const DEFAULT_SORT: AlertsSort[] = [{ field: 'timestamp', direction: 'desc' }];

export function readSort(
  text: string | null,
  defaults: readonly AlertsSort[] = DEFAULT_SORT,
): AlertsSort[] {
  if (!text) return [...defaults];
  const sort = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => /^-?[A-Za-z0-9_@][A-Za-z0-9_.@-]*$/.test(entry))
    .map((entry): AlertsSort =>
      entry.startsWith('-')
        ? { field: entry.slice(1), direction: 'desc' }
        : { field: entry, direction: 'asc' },
    );
  return sort.length > 0 ? sort : [...defaults];
}

function sortText(sort: readonly AlertsSort[]): string {
  return sort.map((entry) => `${entry.direction === 'desc' ? '-' : ''}${entry.field}`).join(',');
}

/** The sort as a URL parameter; the view's default is left out so links stay short. */
export function writeSort(
  sort: AlertsSort[],
  defaults: readonly AlertsSort[] = DEFAULT_SORT,
): string | undefined {
  const text = sortText(sort);
  return text === sortText(defaults) || text === '' ? undefined : text;
}

export function readPageSize(text: string | null): number {
  const size = Number(text);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}
