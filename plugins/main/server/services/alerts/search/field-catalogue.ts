/**
 * The fields of one dataset a request may name (in a query, a filter, a sort, a chart or a
 * column), with what each may be used for (common/alerts/datasets).
 */
import type { AlertsField } from '@main/common/alerts/api';

export class FieldCatalogue {
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
