/**
 * How one query value compares with a field's values, by the field's type: keywords as whole
 * strings, numbers and dates by value, booleans by truth, text by its lower-cased words.
 */
import { resolveDateMath, documentDate } from '../dates';
import { shardFailure } from '../errors';
import { NUMERIC_TYPES, type FieldType } from '../mapping';
import type { CompileContext } from './context';

export type ValueTest = (item: unknown) => boolean;

export function isNumeric(type: FieldType | undefined): boolean {
  return type !== undefined && NUMERIC_TYPES.has(type);
}

function numberOrFail(value: unknown, field: string, lenient: boolean): number | undefined {
  const parsed =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : typeof value === 'boolean'
          ? NaN
          : NaN;
  if (!Number.isNaN(parsed)) return parsed;
  if (lenient) return undefined;
  throw shardFailure(400, '*', {
    type: 'query_shard_exception',
    reason: `failed to create query: For input string: "${String(value)}"`,
    index: '*',
    caused_by: { type: 'number_format_exception', reason: `For input string: "${String(value)}"` },
  });
  void field;
}

/** The words of a text value, as the standard analyzer splits and lower-cases them. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean);
}

/** A test for "the field's value equals `value`" (term, terms, match on non-text fields). */
export function equalsTest(
  type: FieldType | undefined,
  value: unknown,
  field: string,
  context: CompileContext,
  options: { caseInsensitive?: boolean; lenient?: boolean } = {},
): ValueTest {
  if (isNumeric(type)) {
    const wanted = numberOrFail(value, field, options.lenient ?? false);
    if (wanted === undefined) return () => false;
    return (item) => (typeof item === 'number' ? item : Number(item)) === wanted;
  }
  if (type === 'date') {
    let wanted: number;
    try {
      wanted = resolveDateMath(value as string | number, { now: context.now, roundUp: false });
    } catch (error) {
      // `lenient` (multi_match over every field) ignores a value the field cannot parse.
      if (options.lenient) return () => false;
      throw error;
    }
    return (item) => documentDate(item) === wanted;
  }
  if (type === 'boolean') {
    const wanted = value === true || value === 'true';
    return (item) => (item === true || item === 'true') === wanted;
  }
  if (type === 'text') {
    const wanted = words(String(value));
    return (item) => typeof item === 'string' && wanted.every((word) => words(item).includes(word));
  }
  const wanted = String(value);
  if (options.caseInsensitive) {
    const lower = wanted.toLowerCase();
    return (item) => String(item).toLowerCase() === lower;
  }
  return (item) => (typeof item === 'string' ? item === wanted : String(item) === wanted);
}

/** A value turned comparable for ranges and sorting: numbers for numeric and date fields, else strings. */
export function comparable(
  type: FieldType | undefined,
  item: unknown,
): number | string | undefined {
  if (item === null || item === undefined) return undefined;
  if (isNumeric(type)) return typeof item === 'number' ? item : Number(item);
  if (type === 'date') return documentDate(item);
  if (type === 'boolean') return item === true || item === 'true' ? 1 : 0;
  return typeof item === 'string' ? item : String(item);
}

export interface RangeBounds {
  gte?: unknown;
  gt?: unknown;
  lte?: unknown;
  lt?: unknown;
  format?: string;
  time_zone?: string;
}

/** Lower and upper bounds in the field's terms (inclusive flags), dates resolved with their math. */
export function rangeLimits(
  type: FieldType | undefined,
  bounds: RangeBounds,
  context: CompileContext,
  lenient = false,
): {
  low?: number | string;
  lowInclusive: boolean;
  high?: number | string;
  highInclusive: boolean;
} {
  const convert = (value: unknown, roundUp: boolean): number | string | undefined => {
    if (value === null || value === undefined) return undefined;
    if (type === 'date')
      return resolveDateMath(value as string | number, {
        now: context.now,
        roundUp,
        format: bounds.format,
        zone: bounds.time_zone,
      });
    if (isNumeric(type)) return numberOrFail(value, '', lenient);
    return String(value);
  };
  const low =
    bounds.gt !== undefined && bounds.gt !== null
      ? convert(bounds.gt, true)
      : convert(bounds.gte, false);
  const high =
    bounds.lt !== undefined && bounds.lt !== null
      ? convert(bounds.lt, false)
      : convert(bounds.lte, true);
  return {
    low,
    lowInclusive: bounds.gt === undefined || bounds.gt === null,
    high,
    highInclusive: bounds.lt === undefined || bounds.lt === null,
  };
}
