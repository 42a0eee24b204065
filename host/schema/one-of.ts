import { z } from 'zod/v4';
import { prefixSchemaError, SchemaTypesError } from './errors';
import { LiteralType, LiteralValue } from './literal';
import { typeDetect } from './type-detect';
import { Type, TypeOf, TypeOptions } from './type';
import { accept, reject, rejectWith, StepOutcome, toSchemaError, step } from './zod-bridge';

function firstAccepting(alternatives: z.ZodType[], value: unknown): StepOutcome {
  const failures: z.ZodError[] = [];
  for (const alternative of alternatives) {
    const result = alternative.safeParse(value);
    if (result.success) return accept(result.data);
    failures.push(result.error);
  }
  if (value === undefined)
    return reject(`expected at least one defined value but got [${typeDetect(value)}]`);
  // Built only now: most values match an alternative, and errors are costly to build.
  const errors = failures.map((failure, index) =>
    prefixSchemaError(toSchemaError(failure), [String(index)]),
  );
  return rejectWith(new SchemaTypesError('types that failed validation:', [], errors));
}

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
  // A list of literals (an enumeration, the usual case) is a set lookup; zod runs only to explain a failure.
  const literals = types.every((type) => type instanceof LiteralType)
    ? new Set<unknown>(types.map((type) => (type as LiteralType<LiteralValue>).value))
    : undefined;
  const checked = step((value) =>
    literals?.has(value) ? accept(value) : firstAccepting(alternatives, value),
  );
  return new Type<TypeOf<T[number]>>(checked, options);
}
