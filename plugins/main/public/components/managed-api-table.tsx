/**
 * A managed-API list as a table: paged and sorted by the API, filtered with the search bar, with
 * reload, CSV export and the loading, empty and error states; its state lives in the URL.
 */
import {
  EuiBasicTable,
  EuiButton,
  EuiFlexGroup,
  EuiFlexItem,
  EuiSpacer,
  EuiText,
  type EuiBasicTableColumn,
  type EuiTableSelectionType,
} from '@elastic/eui';
import { useCallback, type ReactNode } from 'react';
import type { ApiHost } from '../../common/api-hosts';
import { useAsync } from '../hooks/use-async';
import { useSearchUrlState } from '../hooks/use-search-url-state';
import { useTableUrlState } from '../hooks/use-table-url-state';
import type { ApiQuery } from '../services/managed-api';
import type { SearchField } from '../query-languages/types';
import { CsvExportButton } from './csv-export-button';
import { ErrorPrompt } from './error-prompt';
import { SearchBar } from './search-bar/search-bar';
import { useSvcServices } from './services-context';

export interface ManagedApiTableProps<T extends object> {
  host: ApiHost;
  path: string;
  columns: Array<EuiBasicTableColumn<T>>;
  searchFields: SearchField[];
  defaultSort: string;
  /**
   * Fixed parameters of this view (`rule_ids`, a status), sent with every page and export; a fixed
   * `q` narrows the search bar's rather than being replaced by it.
   */
  query?: ApiQuery;
  /** Separates the URL state of two tables in one view. */
  prefix?: string;
  /** Permission the list needs, named when the API refuses it. */
  action: string;
  /** Plural noun for messages: "rules". */
  what: string;
  itemId: keyof T & string;
  onItemClick?(item: T): void;
  /** Checkboxes for acting on several rows. */
  selection?: EuiTableSelectionType<T>;
  toolbar?: ReactNode;
  'data-test-subj': string;
}

export function ManagedApiTable<T extends object>({
  host,
  path,
  columns,
  searchFields,
  defaultSort,
  query,
  prefix,
  action,
  what,
  itemId,
  onItemClick,
  selection,
  toolbar,
  'data-test-subj': testSubj,
}: ManagedApiTableProps<T>) {
  const { api } = useSvcServices();
  const table = useTableUrlState<T>(defaultSort, prefix);
  const search = useSearchUrlState(searchFields, prefix);
  const { offset, limit, apiSort } = table;
  const { translate } = search;
  const fixedQuery = JSON.stringify(query ?? {});
  const load = useCallback(
    async (signal: AbortSignal) => {
      const searched = await translate();
      const fixed = JSON.parse(fixedQuery) as ApiQuery;
      const q =
        [fixed.q, searched.q]
          .filter(Boolean)
          .map((part) => `(${String(part)})`)
          .join(';') || undefined;
      const filter = { ...searched, q };
      const page = await api.list<T>({
        apiHostId: host.id,
        path,
        query: { ...fixed, offset, limit, sort: apiSort, ...filter },
        signal,
        action,
      });
      return { ...page, filter };
    },
    [api, host.id, path, fixedQuery, offset, limit, apiSort, translate, action],
  );
  const { state, reload } = useAsync(load, `Loading ${what}`, action);
  const page = state.data;
  const csvFilters = [
    // The fixed `q` is part of the page's filter.
    ...Object.entries(query ?? {}).flatMap(([name, value]) =>
      name === 'q' || value === undefined || value === null || value === ''
        ? []
        : [{ name, value: Array.isArray(value) ? value.join(',') : String(value) }],
    ),
    ...(page?.filter.q ? [{ name: 'q', value: page.filter.q }] : []),
    ...(page?.filter.search ? [{ name: 'search', value: page.filter.search }] : []),
    { name: 'sort', value: apiSort },
  ];

  return (
    <>
      <SearchBar
        value={search.text}
        language={search.language}
        languages={['wql', 'dql', 'lucene']}
        fields={searchFields}
        onSubmit={(change) => search.submit(change, table.firstPage)}
        onLanguageChange={search.changeLanguage}
        placeholder={`Search ${what}, e.g. ${searchFields[0]?.name ?? 'name'}=…`}
        data-test-subj={`${testSubj}Search`}
      />
      <EuiFlexGroup alignItems="center" justifyContent="spaceBetween" wrap>
        <EuiFlexItem grow={false}>{toolbar}</EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false}>
            <EuiFlexItem grow={false}>
              <EuiText size="s" color="subdued" data-test-subj={`${testSubj}Total`}>
                {page ? `${page.total} ${what}` : ''}
              </EuiText>
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              <EuiButton iconType="refresh" onClick={reload} isLoading={state.status === 'loading'}>
                Reload
              </EuiButton>
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              <CsvExportButton
                apiHostId={host.id}
                path={path}
                filters={csvFilters}
                expectedRows={page?.total}
                what={what}
              />
            </EuiFlexItem>
          </EuiFlexGroup>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="m" />
      {state.status === 'error' && (
        <>
          <ErrorPrompt error={state.error} onRetry={reload} />
          <EuiSpacer size="m" />
        </>
      )}
      <EuiBasicTable<T>
        tableCaption={what}
        items={state.status === 'error' ? [] : (page?.items ?? [])}
        itemId={itemId}
        columns={columns}
        selection={selection}
        loading={state.status === 'loading'}
        pagination={table.pagination(page?.total ?? 0)}
        sorting={table.sorting}
        onChange={table.onChange}
        noItemsMessage={
          state.status === 'loading'
            ? `Loading ${what}…`
            : state.status === 'error'
              ? `The ${what} could not be loaded`
              : `No ${what} match this filter`
        }
        rowProps={(item) => ({
          'data-test-subj': `${testSubj}Row`,
          ...(onItemClick
            ? { onClick: () => onItemClick(item), style: { cursor: 'pointer' } }
            : {}),
        })}
        data-test-subj={testSubj}
      />
    </>
  );
}
