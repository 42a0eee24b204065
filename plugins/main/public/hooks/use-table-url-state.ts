import type { Criteria } from '@elastic/eui';
import { useAppUrlState } from '../components/app-url-state';

const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];
const DEFAULT_PAGE_SIZE = 20;

function positiveInteger(value: string | null, fallback: number): number {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number >= 0 ? number : fallback;
}

/**
 * Page, page size and sort of a server-side table, kept in the URL (`page`, `size`, `sort=-field`),
 * with what the managed API needs (offset, limit, sort) and what EuiBasicTable needs.
 * `prefix` separates two tables of one view (`checks.page`).
 */
export function useTableUrlState<T>(defaultSort: string, prefix = '') {
  const { params, setParams } = useAppUrlState();
  const key = (name: string) => (prefix ? `${prefix}.${name}` : name);
  const size = PAGE_SIZE_OPTIONS.includes(
    positiveInteger(params.get(key('size')), DEFAULT_PAGE_SIZE),
  )
    ? positiveInteger(params.get(key('size')), DEFAULT_PAGE_SIZE)
    : DEFAULT_PAGE_SIZE;
  const page = positiveInteger(params.get(key('page')), 0);
  const sortParam = params.get(key('sort')) || defaultSort;
  const direction: 'asc' | 'desc' = sortParam.startsWith('-') ? 'desc' : 'asc';
  const field = sortParam.replace(/^[-+]/, '');

  return {
    offset: page * size,
    limit: size,
    /** `+field` / `-field` as the managed API sorts (the sign applies to every field listed). */
    apiSort: `${direction === 'desc' ? '-' : '+'}${field}`,
    pagination: (total: number) => ({
      pageIndex: page,
      pageSize: size,
      totalItemCount: total,
      pageSizeOptions: PAGE_SIZE_OPTIONS,
    }),
    sorting: { sort: { field: field as keyof T, direction } },
    onChange: ({ page: nextPage, sort }: Criteria<T>) => {
      const nextSort = sort
        ? `${sort.direction === 'desc' ? '-' : ''}${String(sort.field)}`
        : sortParam;
      const sortChanged = nextSort !== sortParam;
      setParams({
        [key('page')]: sortChanged || !nextPage?.index ? undefined : nextPage.index,
        [key('size')]: nextPage && nextPage.size !== DEFAULT_PAGE_SIZE ? nextPage.size : undefined,
        [key('sort')]: nextSort === defaultSort ? undefined : nextSort,
      });
    },
    /** Back to the first page (after the filter changed). */
    firstPage: { [key('page')]: undefined },
  };
}
