/**
 * One page of the host's agents as the URL describes it (page, sort, search, statuses), with the
 * filter it was asked with: the CSV export and a whole-filter selection reuse that filter.
 */
import { useCallback } from 'react';
import { useSvcServices } from '../../../components/services-context';
import { useAsync } from '../../../hooks/use-async';
import type { useSearchUrlState } from '../../../hooks/use-search-url-state';
import type { useTableUrlState } from '../../../hooks/use-table-url-state';
import { withoutManager, type Agent } from '../../../services/managed-api-types';
import type { CsvFilter } from '../../../services/csv-export';

export function useAgentsPage(
  apiHostId: string,
  table: ReturnType<typeof useTableUrlState<Agent>>,
  search: ReturnType<typeof useSearchUrlState>,
  statusKey: string,
) {
  const { api } = useSvcServices();
  const { offset, limit, apiSort } = table;
  const { translate } = search;
  const load = useCallback(
    async (signal: AbortSignal) => {
      const typed = await translate();
      // The manager (agent 000) is not an agent the team deploys or acts on: it is left out of the list and its counts.
      const filter = { ...typed, q: withoutManager(typed.q) };
      const agents = await api.list<Agent>({
        apiHostId,
        path: '/agents',
        query: { offset, limit, sort: apiSort, status: statusKey || undefined, ...filter },
        signal,
        action: 'agent:read',
      });
      return { ...agents, filter };
    },
    [api, apiHostId, offset, limit, apiSort, statusKey, translate],
  );
  return useAsync(load, 'Loading agents', 'agent:read');
}

/** The CSV export's filters: the page's filter and sort, every page. */
export function agentsCsvFilters(
  filter: { q?: string; search?: string } | undefined,
  statusKey: string,
  apiSort: string,
): CsvFilter[] {
  return [
    ...(filter?.q ? [{ name: 'q', value: filter.q }] : []),
    ...(filter?.search ? [{ name: 'search', value: filter.search }] : []),
    ...(statusKey ? [{ name: 'status', value: statusKey }] : []),
    { name: 'sort', value: apiSort },
  ];
}
