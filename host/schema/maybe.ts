import { literal } from './literal';
import { oneOf } from './one-of';
import { Type, TypeOf } from './type';

/** Optional: `undefined` stays `undefined` (no default applied); `null` is still rejected. */
export function maybe<T extends Type<unknown>>(type: T): Type<TypeOf<T> | undefined> {
  return new Type<TypeOf<T> | undefined>(type.zodSchema.optional());
}

/** `type` or `null`; `undefined` becomes `null`. */
export function nullable<T extends Type<unknown>>(type: T): Type<TypeOf<T> | null> {
  return oneOf([type, literal(null)], { defaultValue: null }) as Type<TypeOf<T> | null>;
}
