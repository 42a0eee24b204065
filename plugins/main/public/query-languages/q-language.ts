import type { QuerySyntaxError, SearchField } from './types';

/** Comparison operators of the managed API's `q` language. */
export const Q_OPERATORS = ['=', '!=', '<', '>', '~'] as const;
export type QOperator = (typeof Q_OPERATORS)[number];

export const Q_OPERATOR_DESCRIPTIONS: Record<QOperator, string> = {
  '=': 'equals',
  '!=': 'does not equal',
  '<': 'smaller than (for dates: more recent than)',
  '>': 'bigger than (for dates: older than)',
  '~': 'contains',
};

/**
 * Why `value` cannot stand in a `q` clause, or undefined when it can. `;` and `,` separate
 * clauses in `q` and the API accepts parentheses inside a value only when they are balanced.
 */
export function qValueProblem(value: string): string | undefined {
  if (value === '') return 'A value is missing';
  if (/[;,]/.test(value))
    return `The value "${value}" contains ";" or ",", which the managed API's q cannot carry`;
  let depth = 0;
  for (const char of value) {
    depth += char === '(' ? 1 : char === ')' ? -1 : 0;
    if (depth < 0) break;
  }
  if (depth !== 0) return `The value "${value}" has unbalanced parentheses`;
  return undefined;
}

/** An error for a field the view does not know, or undefined when the view has no field list or knows it. */
export function unknownFieldError(
  field: string,
  fields: SearchField[],
  offset: number,
): QuerySyntaxError | undefined {
  if (fields.length === 0 || fields.some((known) => known.name === field)) return undefined;
  return {
    message: `Unknown field "${field}". Known fields: ${fields.map((known) => known.name).join(', ')}`,
    offset,
  };
}
