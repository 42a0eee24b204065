/**
 * What every alerts request starts with: the user's scope on the API host, the time range resolved
 * once, and the selection's query built and checked. Pages, charts and exports are built from it.
 */
import type { AlertsSelection, AlertsSort } from '@main/common/alerts/api';
import type { OsdRequest } from '@host/server/types';
import type { AlertsScope, AlertsScopeResolver } from '../scope';
import type { AlertFieldCatalogue } from './alert-fields';
import { checkedField } from './field-checks';
import type { QueryClause } from './query-dsl';
import { scopedQuery, selectionClauses, TIME_FIELD } from './selection-query';
import { resolveTimeRange, type ResolvedTimeRange } from './time-range';

export interface PreparedSelection {
  scope: AlertsScope;
  timeRange: ResolvedTimeRange;
  query: QueryClause;
  now: Date;
}

export async function prepareSelection(
  selection: AlertsSelection,
  request: OsdRequest,
  deps: { scope: AlertsScopeResolver; fields: AlertFieldCatalogue; now: Date },
): Promise<PreparedSelection> {
  const { now, fields } = deps;
  // Checked before the managed API is asked for the scope: a bad request costs nothing upstream.
  const timeRange = resolveTimeRange(selection.timeRange, now);
  const clauses = selectionClauses(selection, fields, now);
  const scope = await deps.scope.resolve(request, selection.apiHostId);
  return { scope, timeRange, now, query: scopedQuery(clauses, scope, timeRange) };
}

/**
 * The indexer sort of `sort` (default newest first), ending with `_doc` as a tiebreaker so that
 * `search_after` never skips nor repeats alerts with equal sort values.
 */
export function indexerSort(
  sort: readonly AlertsSort[] | undefined,
  fields: AlertFieldCatalogue,
  path = 'sort',
): Array<Record<string, unknown>> {
  const wanted: AlertsSort[] =
    sort && sort.length > 0 ? [...sort] : [{ field: TIME_FIELD, direction: 'desc' }];
  const keys = wanted.map((key, index) => {
    const field = checkedField(fields, key.field, `${path}.${index}.field`, 'sort');
    return {
      [field.name]: {
        order: key.direction,
        unmapped_type: field.esType === 'text' ? 'keyword' : field.esType,
      },
    };
  });
  return [...keys, { _doc: { order: wanted[0].direction } }];
}
