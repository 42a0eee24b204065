import { z } from 'zod/v4';
import { literal } from './literal';
import { oneOf } from './one-of';
import { Type, TypeOf } from './type';
import { accept, rejectWith, toSchemaError, step } from './zod-bridge';

/** Optional: `undefined` stays `undefined` (no default applied); `null` is still rejected. */
export function maybe<T extends Type<unknown>>(type: T): Type<TypeOf<T> | undefined> {
  // Behind a pipe, `type`'s own default is out of `optional`'s sight, so it never fills an absent value.
  return new Type<TypeOf<T> | undefined>(z.optional(z.unknown().pipe(type.zodSchema)));
}

/** `type` or `null`; `undefined` becomes `null`. Fails like `oneOf([type, literal(null)])`. */
export function nullable<T extends Type<unknown>>(type: T): Type<TypeOf<T> | null> {
  const union = oneOf([type, literal(null)]).zodSchema;
  // null is accepted up front: trying `type` first would build a zod error for the most common input.
  const checked = step((value) => {
    if (value === null) return accept(null);
    const result = union.safeParse(value);
    return result.success ? accept(result.data) : rejectWith(toSchemaError(result.error));
  });
  return new Type<TypeOf<T> | null>(checked, { defaultValue: null });
}
