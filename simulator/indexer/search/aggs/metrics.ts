/**
 * The metrics the dashboard's charts read per bucket: `max`, `avg` and `sum` of a numeric field.
 */
import { formatDate } from '../../dates';
import type { Doc } from '../../documents';
import { shardFailure } from '../../errors';
import { forEachValue } from '../../fields';
import type { FieldType } from '../../mapping';
import { comparable } from '../../query/values';
import { type BuildInput, type Builder, type Json, valueSource } from './core';

function numericValues(options: Json, input: BuildInput) {
  const source = valueSource(options, input);
  const missing =
    options.missing === undefined ? undefined : comparable(source.type, options.missing);
  return {
    ...source,
    each(doc: Doc, visit: (value: number) => void) {
      const raw = source.read(doc);
      if ((raw === undefined || raw === null) && typeof missing === 'number') return visit(missing);
      forEachValue(raw, (item) => {
        const value = comparable(source.type === 'keyword' ? undefined : source.type, item);
        if (typeof value === 'number' && !Number.isNaN(value)) visit(value);
      });
    },
  };
}

function unsupportedOn(values: { type: FieldType | undefined; field: string }, input: BuildInput) {
  if (values.type === 'keyword' || values.type === 'text')
    throw shardFailure(400, input.index, {
      type: 'illegal_argument_exception',
      reason: `Field [${values.field}] of type [${values.type}] is not supported for aggregation [${input.type}]`,
    });
}

export const buildMax: Builder = (options, input) => {
  const values = numericValues(options, input);
  unsupportedOn(values, input);
  return () => {
    let best = -Infinity;
    return {
      collect: (doc) =>
        values.each(doc, (value) => {
          if (value > best) best = value;
        }),
      result: () => {
        const value = Number.isFinite(best) ? best : null;
        if (value === null || values.type !== 'date') return { value };
        return { value, value_as_string: formatDate(value) };
      },
    };
  };
};

const buildSumAvg =
  (kind: 'sum' | 'avg'): Builder =>
  (options, input) => {
    const values = numericValues(options, input);
    unsupportedOn(values, input);
    return () => {
      let sum = 0;
      let count = 0;
      return {
        collect: (doc) =>
          values.each(doc, (value) => {
            sum += value;
            count++;
          }),
        result: () => {
          if (kind === 'sum') return { value: sum };
          return { value: count === 0 ? null : sum / count };
        },
      };
    };
  };

export const buildSum = buildSumAvg('sum');
export const buildAvg = buildSumAvg('avg');
