/**
 * Checks that a field a request names is an alert field fit for its use, and that a value suits
 * the field's type, so the indexer is never asked something it would refuse (its refusal would
 * reach the user as a 502 instead of a 400 naming what to fix).
 */
import { isAggregatable, type AlertsField } from '@main/common/alerts/api';
import { RequestFieldError } from '../../request-field-error';
import type { FieldCatalogue } from './field-catalogue';
import { resolveDateMath } from './time-range';

export type FieldUse = 'search' | 'aggregate' | 'sort' | 'read';

const USE_WORDS: Record<FieldUse, string> = {
  search: 'searched',
  aggregate: 'charted',
  sort: 'sorted on',
  read: 'read',
};

/** The alert field `name`, or a 400 at `path` (`filters.0.field`) when it is unknown or unfit for `use`. */
export function checkedField(
  fields: FieldCatalogue,
  name: string,
  path: string,
  use: FieldUse,
): AlertsField {
  const field = fields.get(name);
  if (!field) throw new RequestFieldError(path, `unknown field [${name}]`);
  const fit = use === 'read' || (use === 'search' ? field.searchable : isAggregatable(field));
  if (!fit)
    throw new RequestFieldError(
      path,
      `field [${name}] (${field.esType}) cannot be ${USE_WORDS[use]}`,
    );
  return field;
}

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/**
 * `value` as the field's type needs it in a query (a number for numeric fields, true/false for
 * booleans, an ISO instant for dates, date math resolved against `now`), or a 400 at `path`.
 */
export function checkedValue(
  field: AlertsField,
  value: string | number | boolean,
  path: string,
  now: Date,
): string | number | boolean {
  switch (field.type) {
    case 'date': {
      const instant =
        typeof value === 'number' ? new Date(value) : resolveDateMath(String(value), now)?.toDate();
      if (instant && Number.isFinite(instant.valueOf())) return instant.toISOString();
      throw new RequestFieldError(
        path,
        `[${String(value)}] is not a date (field [${field.name}]): use an ISO 8601 date or date math`,
      );
    }
    case 'number': {
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      if (typeof value === 'string' && NUMBER.test(value.trim())) return Number(value);
      throw new RequestFieldError(
        path,
        `[${String(value)}] is not a number (field [${field.name}])`,
      );
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      throw new RequestFieldError(
        path,
        `[${String(value)}] is not true or false (field [${field.name}])`,
      );
    }
    case 'geo_point':
    case 'object':
      throw new RequestFieldError(path, `field [${field.name}] cannot be matched against a value`);
    default:
      return typeof value === 'string' ? value : String(value);
  }
}

/**
 * "The field is this value": a phrase for text and keyword fields (as OpenSearch Dashboards
 * matches a value), an exact `term` for numbers, booleans and dates, whose values are no phrase.
 */
export function equalsClause(
  field: AlertsField,
  value: string | number | boolean,
): Record<string, unknown> {
  return field.type === 'string'
    ? { match_phrase: { [field.name]: String(value) } }
    : { term: { [field.name]: value } };
}
