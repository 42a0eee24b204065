import { z } from 'zod';
import { prefixSchemaError, SchemaTypeError, SchemaTypesError } from './errors';
import { typeDetect } from './type-detect';
import { addComposedIssue, toSchemaError, Type, TypeOf, TypeOptions } from './type';

/**
 * The first alternative that accepts the value wins. Alternatives are tried here rather than with
 * `z.union`, because zod reports only a partly matching alternative while the config-schema
 * message lists every alternative's failure (`types that failed validation:` then `- [i]: …`).
 */
export function oneOf<T extends [Type<unknown>, ...Type<unknown>[]]>(
  types: T,
  options: TypeOptions<TypeOf<T[number]>> = {},
): Type<TypeOf<T[number]>> {
  const alternatives = types.map((type) => type.zodSchema);
  const base = z.unknown().transform((value, ctx) => {
    const failures: SchemaTypeError[] = [];
    for (const [index, alternative] of alternatives.entries()) {
      const result = alternative.safeParse(value);
      if (result.success) return result.data;
      failures.push(prefixSchemaError(toSchemaError(result.error), [String(index)]));
    }
    addComposedIssue(
      ctx,
      value === undefined
        ? new SchemaTypeError(
            `expected at least one defined value but got [${typeDetect(value)}]`,
            [],
          )
        : new SchemaTypesError('types that failed validation:', [], failures),
    );
    return z.NEVER;
  });
  return new Type<TypeOf<T[number]>>(base, options);
}
