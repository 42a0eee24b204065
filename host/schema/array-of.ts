import { z } from 'zod';
import { coerceArray } from './coercion';
import { configSchemaErrorMap } from './messages';
import { Type, TypeOf, TypeOptions } from './type';

export interface ArrayOptions<T> extends TypeOptions<T[]> {
  minSize?: number;
  maxSize?: number;
}

function rejectSparse(value: unknown, ctx: z.RefinementCtx): unknown {
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      if (!(index in value)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: 'sparse array are not allowed',
          fatal: true,
        });
        break;
      }
    }
  }
  return value;
}

/** An array whose items all match `itemType`; a JSON string encoding an array is accepted. */
export function arrayOf<I extends Type<unknown>>(
  itemType: I,
  options: ArrayOptions<TypeOf<I>> = {},
): Type<Array<TypeOf<I>>> {
  let base = z.array(itemType.zodSchema, { errorMap: configSchemaErrorMap('array') });
  if (options.minSize !== undefined) base = base.min(options.minSize);
  if (options.maxSize !== undefined) base = base.max(options.maxSize);
  const coerced = z.preprocess((value, ctx) => rejectSparse(coerceArray(value), ctx), base);
  return new Type<Array<TypeOf<I>>>(coerced, options);
}
