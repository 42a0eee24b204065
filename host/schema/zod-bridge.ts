/**
 * How config-schema steps run inside zod, through zod's public API only (`transform`, `pipe`):
 * a step is a transform that either returns the new value or reports a `SchemaTypeError`, carried
 * by a custom zod issue, and a pipe runs the next schema only on a value the step accepted.
 * `toSchemaError` turns zod's first issue back into the config-schema error with its full path.
 */
import { z } from 'zod/v4';
import { prefixSchemaError, SchemaTypeError } from './errors';

export type StepOutcome = { ok: true; value: unknown } | { ok: false; error: SchemaTypeError };

export const accept = (value: unknown): StepOutcome => ({ ok: true, value });
export const reject = (message: string): StepOutcome => ({
  ok: false,
  error: new SchemaTypeError(message, []),
});
export const rejectWith = (error: SchemaTypeError): StepOutcome => ({ ok: false, error });

/** Issue parameter carrying a `SchemaTypeError` relative to the failing node. */
const COMPOSED_ERROR = 'composedSchemaError';

function report(context: z.core.ParsePayload, error: SchemaTypeError): typeof z.NEVER {
  context.issues.push({
    code: 'custom',
    message: error.message,
    params: { [COMPOSED_ERROR]: error },
    input: context.value,
  });
  return z.NEVER;
}

/** A whole check written as a function (used where zod's primitives cannot give the messages). */
export function step(run: (value: unknown) => StepOutcome): z.ZodType {
  return z.unknown().transform((value, context) => {
    const outcome = run(value);
    return outcome.ok ? outcome.value : report(context, outcome.error);
  });
}

/** Converts the input (the config-schema coercions) before `inner` checks it. */
export function prepared(prepare: (value: unknown) => StepOutcome, inner: z.ZodType): z.ZodType {
  return step(prepare).pipe(inner);
}

/** Runs `check` on the value `inner` accepted; a returned message fails it. */
export function validated(
  inner: z.ZodType,
  check: (value: unknown) => string | undefined,
): z.ZodType {
  return inner.pipe(
    z.transform((value, context) => {
      // zod hands on values that failed a continuable check (a length, a bound): already refused.
      if (context.issues.length > 0) return value;
      const message = check(value);
      return message === undefined ? value : report(context, new SchemaTypeError(message, []));
    }),
  );
}

/** The first zod issue as a config-schema error (the schema reports one failure at a time). */
export function toSchemaError(zodError: z.ZodError): SchemaTypeError {
  const issue = zodError.issues[0];
  const path = issue.path.map(String);
  if (issue.code === 'custom' && issue.params?.[COMPOSED_ERROR] instanceof SchemaTypeError) {
    return prefixSchemaError(issue.params[COMPOSED_ERROR], path);
  }
  if (issue.code === 'unrecognized_keys') {
    return new SchemaTypeError('definition for this key is missing', [...path, issue.keys[0]]);
  }
  return new SchemaTypeError(issue.message, path);
}
