/** Reading an alert: its fields flattened to dotted names (`rule.mitre.id`) and their values as text. */
import moment from 'moment';

/** Every leaf field of a document by dotted name; arrays stay one field (`rule.groups`). */
export function flattenAlert(
  source: Record<string, unknown>,
  prefix = '',
): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      Object.assign(flat, flattenAlert(value as Record<string, unknown>, name));
    else flat[name] = value;
  }
  return flat;
}

/** The value of a dotted field in a document, looking through nested objects and dotted keys alike. */
export function fieldValue(source: Record<string, unknown>, field: string): unknown {
  if (field in source) return source[field];
  const dot = field.indexOf('.');
  for (let at = dot; at !== -1; at = field.indexOf('.', at + 1)) {
    const head = source[field.slice(0, at)];
    if (head !== null && typeof head === 'object' && !Array.isArray(head)) {
      const found = fieldValue(head as Record<string, unknown>, field.slice(at + 1));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Time fields of an alert, shown in the browser's time zone with milliseconds as Discover does. */
const DATE_FIELDS = new Set(['timestamp', '@timestamp']);

export function formatFieldValue(field: string, value: unknown): string {
  if (value === undefined || value === null) return '–';
  if (DATE_FIELDS.has(field) && typeof value === 'string') {
    const date = moment(value, moment.ISO_8601, true);
    return date.isValid() ? date.format('MMM D, YYYY @ HH:mm:ss.SSS') : value;
  }
  if (Array.isArray(value)) return value.map((item) => formatFieldValue(field, item)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The values a filter can be made from: scalars only (one per array item). */
export function filterableValues(value: unknown): Array<string | number | boolean> {
  if (Array.isArray(value)) return value.flatMap(filterableValues);
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? [value]
    : [];
}
