/** How dates and lists from the managed API read in tables. */

/** The managed API writes "never" as the year 9999 (the manager's own keep-alive). */
export function formatDate(value: string | undefined): string {
  if (!value) return '–';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  if (date.getUTCFullYear() >= 9999) return 'never expires';
  return date.toLocaleString();
}

export function formatList(values: readonly string[] | undefined): string {
  return values && values.length > 0 ? values.join(', ') : '–';
}
