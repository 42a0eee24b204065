/**
 * The filter pills (is, is one of, exists, between; each negatable, each may be disabled) as
 * indexer clauses, sorted into those that must match and those that must not.
 */
import type { AlertsFilter } from '@main/common/alerts/api';
import { RequestFieldError } from '../../request-field-error';
import type { FieldCatalogue } from './field-catalogue';
import { checkedField, checkedValue, equalsClause } from './field-checks';
import type { QueryClause } from './query-dsl';

export interface FilterClauses {
  filter: QueryClause[];
  mustNot: QueryClause[];
}

function filterClause(
  filter: AlertsFilter,
  fields: FieldCatalogue,
  now: Date,
  path: string,
): QueryClause {
  const field = checkedField(fields, filter.field, `${path}.field`, 'search');
  switch (filter.type) {
    case 'is':
      return equalsClause(field, checkedValue(field, filter.value, `${path}.value`, now));
    case 'is_one_of': {
      if (filter.values.length === 0)
        throw new RequestFieldError(`${path}.values`, 'must list at least one value');
      return {
        bool: {
          should: filter.values.map((value, index) =>
            equalsClause(field, checkedValue(field, value, `${path}.values.${index}`, now)),
          ),
          minimum_should_match: 1,
        },
      };
    }
    case 'exists':
      return { exists: { field: field.name } };
    case 'between': {
      if (filter.gte === undefined && filter.lte === undefined)
        throw new RequestFieldError(path, 'a between filter needs gte, lte or both');
      if (field.type !== 'number' && field.type !== 'date')
        throw new RequestFieldError(
          `${path}.field`,
          `field [${field.name}] (${field.esType}) has no range; between needs a number or a date`,
        );
      const bounds: Record<string, string | number | boolean> = {};
      if (filter.gte !== undefined)
        bounds.gte = checkedValue(field, filter.gte, `${path}.gte`, now);
      if (filter.lte !== undefined)
        bounds.lte = checkedValue(field, filter.lte, `${path}.lte`, now);
      return { range: { [field.name]: bounds } };
    }
  }
}

/** The enabled filters of `filters` (at request field `path`) as clauses. */
export function filterClauses(
  filters: readonly AlertsFilter[] | undefined,
  fields: FieldCatalogue,
  now: Date,
  path = 'filters',
): FilterClauses {
  const clauses: FilterClauses = { filter: [], mustNot: [] };
  (filters ?? []).forEach((filter, index) => {
    if (filter.disabled) return;
    const clause = filterClause(filter, fields, now, `${path}.${index}`);
    (filter.negate ? clauses.mustNot : clauses.filter).push(clause);
  });
  return clauses;
}

/** One clause matching what every enabled filter of the list allows (a `filters` chart's bucket). */
export function filterListClause(
  filters: readonly AlertsFilter[],
  fields: FieldCatalogue,
  now: Date,
  path: string,
): QueryClause {
  const { filter, mustNot } = filterClauses(filters, fields, now, path);
  return { bool: { filter, must_not: mustNot } };
}
