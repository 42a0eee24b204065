/**
 * What every request starts with, and the one place a selection becomes a query: the dataset and
 * the view's fixed filters, the user's scope on the API host (manager pin, visible agents), the
 * time range resolved once (when the dataset has a time field), and the selection's query built
 * and checked. Pages, charts, exports and reports are all built from it.
 */
import type { AlertsSelection, AlertsSort } from '@main/common/alerts/api';
import type { OsdRequest } from '@host/server/types';
import { RequestFieldError } from '../../request-field-error';
import type { AlertsScope, AlertsScopeResolver } from '../scope';
import type { SearchDataset, SearchDatasets } from './datasets';
import { checkedField } from './field-checks';
import type { QueryClause } from './query-dsl';
import { scopedQuery, selectionClauses } from './selection-query';
import { resolveTimeRange, type ResolvedTimeRange } from './time-range';
import { viewFilters } from './view-filters';

const DAY_MS = 86_400_000;

export interface PreparedSelection {
  dataset: SearchDataset;
  scope: AlertsScope;
  /** Absent for a dataset without a time field. */
  timeRange?: ResolvedTimeRange;
  query: QueryClause;
  now: Date;
}

/** The dataset a selection reads and its time range, checked without asking anyone anything. */
export function selectionDataset(
  selection: AlertsSelection,
  datasets: SearchDatasets,
  now: Date,
): { dataset: SearchDataset; timeRange?: ResolvedTimeRange } {
  const dataset = datasets.forSelection(selection);
  if (dataset.timeField !== null && selection.timeRange === undefined)
    throw new RequestFieldError('timeRange', `is required for dataset [${dataset.id}]`);
  // A states dataset has no time range; one sent is still checked, so a request is valid or not
  // whatever it reads.
  const timeRange = selection.timeRange && resolveTimeRange(selection.timeRange, now);
  const limit = dataset.maxRange;
  if (timeRange && limit && timeRange.toMs - timeRange.fromMs > limit.days * DAY_MS)
    throw new RequestFieldError(
      'timeRange',
      `spans more than the ${limit.days} days dataset [${dataset.id}] is read over at once (${limit.configKey})`,
    );
  return { dataset, ...(dataset.timeField !== null && { timeRange }) };
}

export async function prepareSelection(
  selection: AlertsSelection,
  request: OsdRequest,
  deps: { scope: AlertsScopeResolver; datasets: SearchDatasets; now: Date },
): Promise<PreparedSelection> {
  const { now } = deps;
  // Checked before the managed API is asked for the scope: a bad request costs nothing upstream.
  const { dataset, timeRange } = selectionDataset(selection, deps.datasets, now);
  const fixed = viewFilters(selection.view, dataset.id);
  const clauses = selectionClauses(selection, dataset.fields, now, fixed, dataset.agentIdField);
  const scope = await deps.scope.resolve(request, selection.apiHostId);
  const timeOn =
    dataset.timeField !== null && timeRange
      ? { field: dataset.timeField, range: timeRange }
      : undefined;
  return {
    dataset,
    scope,
    ...(timeRange && { timeRange }),
    now,
    query: scopedQuery(clauses, scope, timeOn, {
      pin: {
        field: dataset.pinField ?? scope.pin.field,
        value: dataset.pinnedBy === 'api-host' ? selection.apiHostId : scope.pin.value,
      },
      agentIdField: dataset.agentIdField,
    }),
  };
}

/**
 * The indexer sort of `sort` (default the dataset's), ending with `_doc` as a tiebreaker so that
 * `search_after` never skips nor repeats documents with equal sort values.
 */
export function indexerSort(
  sort: readonly AlertsSort[] | undefined,
  dataset: Pick<SearchDataset, 'fields' | 'defaultSort'>,
  path = 'sort',
): Array<Record<string, unknown>> {
  const wanted: readonly AlertsSort[] = sort && sort.length > 0 ? sort : dataset.defaultSort;
  const keys = wanted.map((key, index) => {
    const field = checkedField(dataset.fields, key.field, `${path}.${index}.field`, 'sort');
    return {
      [field.name]: {
        order: key.direction,
        unmapped_type: unmappedType(field.esType),
      },
    };
  });
  return [...keys, { _doc: { order: wanted[0].direction } }];
}

/** The type a sort reads an index without the field as (a sortable one for text). */
function unmappedType(esType: string): string {
  if (esType === 'text' || esType === 'match_only_text') return 'keyword';
  return esType;
}
