/**
 * The indexer query of a selection of alerts: inside the user's scope (the API host's manager or
 * cluster, the agents the user may see, the manager's own alerts left out when configured), in the
 * time range, matching the search bar's query and every enabled filter.
 */
import type { AlertsSelection } from '@main/common/alerts/api';
import type { AlertsScope } from '../scope';
import type { AlertFieldCatalogue } from './alert-fields';
import { filterClauses } from './filter-dsl';
import { queryClause, type QueryClause } from './query-dsl';
import type { ResolvedTimeRange } from './time-range';

/** The alerts' time field. */
export const TIME_FIELD = 'timestamp';
/** The agent id field, which agent restrictions and the pinned agent use. */
const AGENT_ID_FIELD = 'agent.id';
/** The manager's own agent. */
const MANAGER_AGENT_ID = '000';

/** The clauses a selection adds inside the scope: pinned agent, query and enabled filters. */
export interface SelectionClauses {
  filter: QueryClause[];
  mustNot: QueryClause[];
}

export function timeRangeClause(range: ResolvedTimeRange): QueryClause {
  return {
    range: {
      [TIME_FIELD]: { gte: range.from, lte: range.to, format: 'strict_date_optional_time' },
    },
  };
}

/** The selection's own clauses, checked (a bad field or value is a 400 naming it). */
export function selectionClauses(
  selection: AlertsSelection,
  fields: AlertFieldCatalogue,
  now: Date,
): SelectionClauses {
  const filter: QueryClause[] = [];
  if (selection.agentId !== undefined)
    filter.push({ match_phrase: { [AGENT_ID_FIELD]: selection.agentId } });
  const query = queryClause(selection.query, fields, now);
  if (query) filter.push(query);
  const filters = filterClauses(selection.filters, fields, now);
  filter.push(...filters.filter);
  return { filter, mustNot: filters.mustNot };
}

/**
 * The whole `bool` query: the time range, the scope (manager or cluster pin, visible agents, the
 * manager's own alerts left out when configured) and the selection's clauses.
 */
export function scopedQuery(
  clauses: SelectionClauses,
  scope: AlertsScope,
  timeRange: ResolvedTimeRange,
): QueryClause {
  const filter: QueryClause[] = [
    timeRangeClause(timeRange),
    { match_phrase: { [scope.pin.field]: scope.pin.value } },
  ];
  if (scope.agentIds) filter.push({ terms: { [AGENT_ID_FIELD]: scope.agentIds } });
  const mustNot = scope.hideManagerAlerts
    ? [{ match_phrase: { [AGENT_ID_FIELD]: MANAGER_AGENT_ID } }]
    : [];
  return {
    bool: { filter: [...filter, ...clauses.filter], must_not: [...clauses.mustNot, ...mustNot] },
  };
}
