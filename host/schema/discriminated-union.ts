import { SchemaTypeError } from './errors';
import { LiteralType, type LiteralValue } from './literal';
import type { Props } from './object';
import { Type, type TypeOf, type TypeOptions } from './type';
import { typeDetect } from './type-detect';
import { accept, reject, rejectWith, step, toSchemaError } from './zod-bridge';

/** An object type, seen through what the union reads of it. */
type Alternative = Type<object> & { getPropSchemas(): Props };

/**
 * An object whose `discriminator` member picks its shape: the alternative with that literal alone
 * checks the value, so a failure names the wrong member of that shape (a `oneOf` would list every
 * alternative's failure), and the result is a union TypeScript narrows on the discriminator.
 */
export function discriminatedUnion<K extends string, T extends [Alternative, ...Alternative[]]>(
  discriminator: K,
  types: T,
  options: TypeOptions<TypeOf<T[number]>> = {},
): Type<TypeOf<T[number]>> {
  const byValue = new Map<unknown, Alternative>();
  for (const type of types) {
    const tag = type.getPropSchemas()[discriminator];
    if (!(tag instanceof LiteralType))
      throw new Error(`every alternative needs a literal [${discriminator}]`);
    byValue.set((tag as LiteralType<LiteralValue>).value, type);
  }
  const expected = [...byValue.keys()].join(' | ');
  const checked = step((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return reject(`expected a plain object value, but found [${typeDetect(value)}] instead.`);
    const tag = (value as Record<string, unknown>)[discriminator];
    const alternative = byValue.get(tag);
    if (!alternative)
      return rejectWith(
        new SchemaTypeError(`expected one of [${expected}] but got [${String(tag)}]`, [
          discriminator,
        ]),
      );
    const result = alternative.zodSchema.safeParse(value);
    return result.success ? accept(result.data) : rejectWith(toSchemaError(result.error));
  });
  return new Type<TypeOf<T[number]>>(checked, options);
}
