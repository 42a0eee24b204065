/**
 * The alert fields a request may name (in a query, a filter, a sort, a chart or a column): the
 * alerts catalogue of common/known-fields.ts, with what each may be used for.
 */
import type { AlertsField } from '@main/common/alerts/api';
import { KNOWN_PATTERNS, type KnownField } from '@main/common/known-fields';

export class AlertFieldCatalogue {
  private readonly byName: ReadonlyMap<string, AlertsField>;

  constructor(fields: readonly AlertsField[]) {
    this.byName = new Map(fields.map((field) => [field.name, field]));
  }

  get(name: string): AlertsField | undefined {
    return this.byName.get(name);
  }

  list(): AlertsField[] {
    return [...this.byName.values()];
  }
}

function toAlertsField(field: KnownField): AlertsField {
  return {
    name: field.name,
    type: field.type,
    esType: field.esTypes[0],
    searchable: field.searchable,
    aggregatable: field.aggregatable,
  };
}

/** The catalogue of the alerts index pattern's known fields. */
export function knownAlertFields(): AlertFieldCatalogue {
  const pattern = KNOWN_PATTERNS.find((known) => known.title === 'Alerts');
  if (!pattern) throw new Error('The known-fields catalogue has no alerts pattern.');
  return new AlertFieldCatalogue(pattern.fields.map(toAlertsField));
}
