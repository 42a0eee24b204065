/**
 * The rows ticked in the Agents table, or every agent of the current filter (across pages) once the
 * user asks for it. A new filter is a new set of agents: the choice is dropped when it changes.
 */
import { useState } from 'react';
import type { Agent } from '../../../services/managed-api-types';
import type { AgentSelection } from '../../../services/agent-bulk-actions';

export interface AgentsFilter {
  q?: string;
  search?: string;
  status?: string;
}

export function useAgentSelection(
  filter: AgentsFilter,
  page: { items: Agent[]; total: number } | undefined,
) {
  const [selectedRows, setSelectedRows] = useState<Agent[]>([]);
  const [wholeFilter, setWholeFilter] = useState(false);
  const filterKey = `${filter.q ?? ''}\u0000${filter.search ?? ''}\u0000${filter.status ?? ''}`;
  const [selectionFilterKey, setSelectionFilterKey] = useState(filterKey);
  if (selectionFilterKey !== filterKey) {
    setSelectionFilterKey(filterKey);
    setSelectedRows([]);
    setWholeFilter(false);
  }
  const selection: AgentSelection | undefined = wholeFilter
    ? { kind: 'filter', filter, total: page?.total ?? 0 }
    : selectedRows.length > 0
      ? { kind: 'agents', agents: selectedRows }
      : undefined;
  const pageSize = page?.items.length ?? 0;
  return {
    selection,
    selectedRows,
    wholeFilter,
    wholePageSelected: pageSize > 0 && selectedRows.length === pageSize,
    /** The table's selection changed: fewer rows than the page also drops "the whole filter". */
    selectRows(rows: Agent[]) {
      setSelectedRows(rows);
      if (rows.length < pageSize) setWholeFilter(false);
    },
    setWholeFilter,
    clear() {
      setSelectedRows([]);
      setWholeFilter(false);
    },
  };
}
