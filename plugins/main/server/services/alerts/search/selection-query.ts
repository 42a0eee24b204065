/**
 * The indexer query of a selection of one dataset: inside the user's scope (the API host's manager
 * or cluster, the agents the user may see, the manager's own documents left out when configured),
 * in the time range when the dataset has a time field, matching the view's fixed filters, the
 * search bar's query and every enabled filter.
 */
import type { AlertsFilter, AlertsSelection } from '@main/common/alerts/api';
import { RequestFieldError } from '../../request-field-error';
import type { AlertsScope } from '../scope';
import type { FieldCatalogue } from './field-catalogue';
import { filterClauses } from './filter-dsl';
import { queryClause, type QueryClause } from './query-dsl';
import type { ResolvedTimeRange } from './time-range';

/** The agent id field, which agent restrictions and the pinned agent use. */
const AGENT_ID_FIELD = 'agent.id';
/** The manager's own agent. */
const MANAGER_AGENT_ID = '000';

/** The clauses a selection adds inside the scope: pinned agent, query and enabled filters. */
export interface SelectionClauses {
  filter: QueryClause[];
  mustNot: QueryClause[];
}

/**
 * What a dataset's scope applies to: the pin (the manager's or cluster's name, or for the
 * dashboard's own job documents the API host's id) and the field the user's visible agents limit
 * (`null`: documents about no agent).
 */
export interface ScopeOn {
  pin: { field: string; value: string };
  agentIdField: string | null;
}

/** The time range on the dataset's time field. */
export interface TimeRangeOn {
  field: string;
  range: ResolvedTimeRange;
}

function timeRangeClause({ field, range }: TimeRangeOn): QueryClause {
  return {
    range: {
      [field]: { gte: range.from, lte: range.to, format: 'strict_date_optional_time' },
    },
  };
}

/**
 * The selection's own clauses, checked (a bad field or value is a 400 naming it), after the view's
 * fixed filters (which come from a definition, so they are named `view` when they do not fit).
 */
export function selectionClauses(
  selection: AlertsSelection,
  fields: FieldCatalogue,
  now: Date,
  fixedFilters: readonly AlertsFilter[] = [],
  agentIdField: string | null = AGENT_ID_FIELD,
): SelectionClauses {
  const fixed = filterClauses(fixedFilters, fields, now, 'view');
  const filter: QueryClause[] = [...fixed.filter];
  if (selection.agentId !== undefined) {
    if (agentIdField === null)
      throw new RequestFieldError('agentId', 'this dataset holds no documents about agents');
    filter.push({ match_phrase: { [agentIdField]: selection.agentId } });
  }
  const query = queryClause(selection.query, fields, now);
  if (query) filter.push(query);
  const filters = filterClauses(selection.filters, fields, now);
  filter.push(...filters.filter);
  return { filter, mustNot: [...fixed.mustNot, ...filters.mustNot] };
}

/**
 * The whole `bool` query: the time range (none for a states dataset), the scope (manager or
 * cluster pin on `pinField`, default the scope's own field; visible agents; the manager's own
 * documents left out when configured) and the selection's clauses.
 */
export function scopedQuery(
  clauses: SelectionClauses,
  scope: AlertsScope,
  timeRange: TimeRangeOn | undefined,
  on: ScopeOn = { pin: scope.pin, agentIdField: AGENT_ID_FIELD },
): QueryClause {
  const filter: QueryClause[] = [
    ...(timeRange ? [timeRangeClause(timeRange)] : []),
    { match_phrase: { [on.pin.field]: on.pin.value } },
  ];
  const agentField = on.agentIdField;
  if (scope.agentIds && agentField) filter.push({ terms: { [agentField]: scope.agentIds } });
  const mustNot =
    scope.hideManagerAlerts && agentField === AGENT_ID_FIELD
      ? [{ match_phrase: { [AGENT_ID_FIELD]: MANAGER_AGENT_ID } }]
      : [];
  return {
    bool: { filter: [...filter, ...clauses.filter], must_not: [...clauses.mustNot, ...mustNot] },
  };
}
