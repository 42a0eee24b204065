import { z } from 'zod/v4';
import { coerceArray } from './coercion';
import { configSchemaErrorMap } from './messages';
import { Type, TypeOf, TypeOptions } from './type';
import { accept, reject, StepOutcome, prepared } from './zod-bridge';

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
  const messages = configSchemaErrorMap('array');
  let base = z.array(itemType.zodSchema, { error: messages });
  if (options.minSize !== undefined) base = base.min(options.minSize, { error: messages });
  if (options.maxSize !== undefined) base = base.max(options.maxSize, { error: messages });
  return new Type<Array<TypeOf<I>>>(prepared(prepareArray, base), options);
}
