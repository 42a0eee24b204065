import { z } from 'zod';
import { coerceArray } from './coercion';
import { configSchemaErrorMap } from './messages';
import { Type, TypeOf, TypeOptions } from './type';
import { accept, reject, StepOutcome, ZodPrepared } from './zod-bridge';

export interface ArrayOptions<T> extends TypeOptions<T[]> {
  minSize?: number;
  maxSize?: number;
}

function isSparse(items: unknown[]): boolean {
  for (let index = 0; index < items.length; index++) {
    if (!(index in items)) return true;
  }
  return false;
}

function prepareArray(value: unknown): StepOutcome {
  const coerced = coerceArray(value);
  return Array.isArray(coerced) && isSparse(coerced)
    ? reject('sparse array are not allowed')
    : accept(coerced);
}

/** An array whose items all match `itemType`; a JSON string encoding an array is accepted. */
export function arrayOf<I extends Type<unknown>>(
  itemType: I,
  options: ArrayOptions<TypeOf<I>> = {},
): Type<Array<TypeOf<I>>> {
  let base = z.array(itemType.zodSchema, { errorMap: configSchemaErrorMap('array') });
  if (options.minSize !== undefined) base = base.min(options.minSize);
  if (options.maxSize !== undefined) base = base.max(options.maxSize);
  return new Type<Array<TypeOf<I>>>(ZodPrepared.of(prepareArray, base), options);
}
