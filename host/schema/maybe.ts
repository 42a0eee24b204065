import { literal } from './literal';
import { oneOf } from './one-of';
import { Type, TypeOf } from './type';
import { accept, rejectWith, toSchemaError, ZodStep } from './zod-bridge';

/** Optional: `undefined` stays `undefined` (no default applied); `null` is still rejected. */
export function maybe<T extends Type<unknown>>(type: T): Type<TypeOf<T> | undefined> {
  return new Type<TypeOf<T> | undefined>(type.zodSchema.optional());
}

/** `type` or `null`; `undefined` becomes `null`. Fails like `oneOf([type, literal(null)])`. */
export function nullable<T extends Type<unknown>>(type: T): Type<TypeOf<T> | null> {
  const union = oneOf([type, literal(null)]).zodSchema;
  // null is accepted up front: trying `type` first would build a zod error for the most common input.
  const step = ZodStep.of((value) => {
    if (value === null) return accept(null);
    const result = union.safeParse(value);
    return result.success ? accept(result.data) : rejectWith(toSchemaError(result.error));
  });
  return new Type<TypeOf<T> | null>(step, { defaultValue: null });
}
