/**
 * How config-schema steps run inside zod. zod's own hooks (`preprocess`, `transform`, `refine`,
 * `pipe`) cost several microseconds per call each, which adds up on every request, so the steps
 * that zod has no primitive for are small `ZodType`s of their own. A step that fails reports a
 * `SchemaTypeError` carried by a custom zod issue; `toSchemaError` turns zod's first issue back
 * into the config-schema error with its full path.
 */
import { z } from 'zod';
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

function fail(schema: z.ZodTypeAny, input: z.ParseInput, error: SchemaTypeError): z.INVALID {
  z.addIssueToContext(schema._getOrReturnCtx(input), {
    code: z.ZodIssueCode.custom,
    message: error.message,
    params: { [COMPOSED_ERROR]: error },
    fatal: true,
  });
  return z.INVALID;
}

function parseSync(schema: z.ZodTypeAny, input: z.ParseInput): z.SyncParseReturnType {
  const result = schema._parse(input);
  // Config schemas hold no async checks; a promise here means one was added by mistake.
  if (result instanceof Promise) throw new Error('config-schema types validate synchronously');
  return result;
}

interface StepDef extends z.ZodTypeDef {
  run: (value: unknown) => StepOutcome;
}

/** A whole check written as a function (used where zod's primitives cannot give the messages). */
export class ZodStep extends z.ZodType<unknown, StepDef> {
  _parse(input: z.ParseInput): z.ParseReturnType<unknown> {
    const outcome = this._def.run(input.data);
    return outcome.ok ? z.OK(outcome.value) : fail(this, input, outcome.error);
  }

  static of(run: (value: unknown) => StepOutcome): ZodStep {
    return new ZodStep({ run });
  }
}

interface PreparedDef extends z.ZodTypeDef {
  prepare: (value: unknown) => StepOutcome;
  inner: z.ZodTypeAny;
}

/** Converts the input (the config-schema coercions) before `inner` checks it. */
export class ZodPrepared extends z.ZodType<unknown, PreparedDef> {
  _parse(input: z.ParseInput): z.ParseReturnType<unknown> {
    const prepared = this._def.prepare(input.data);
    if (!prepared.ok) return fail(this, input, prepared.error);
    return parseSync(this._def.inner, {
      data: prepared.value,
      path: input.path,
      parent: input.parent,
    });
  }

  static of(prepare: (value: unknown) => StepOutcome, inner: z.ZodTypeAny): ZodPrepared {
    return new ZodPrepared({ prepare, inner });
  }
}

interface ValidatedDef extends z.ZodTypeDef {
  inner: z.ZodTypeAny;
  check: (value: unknown) => string | undefined;
}

/** Runs `check` on the value `inner` accepted; a returned message fails it. */
export class ZodValidated extends z.ZodType<unknown, ValidatedDef> {
  _parse(input: z.ParseInput): z.ParseReturnType<unknown> {
    const result = parseSync(this._def.inner, input);
    if (result.status !== 'valid') return result;
    const message = this._def.check(result.value);
    return message === undefined ? result : fail(this, input, new SchemaTypeError(message, []));
  }

  static of(inner: z.ZodTypeAny, check: (value: unknown) => string | undefined): ZodValidated {
    return new ZodValidated({ inner, check });
  }
}

/** The first zod issue as a config-schema error (the schema reports one failure at a time). */
export function toSchemaError(zodError: z.ZodError): SchemaTypeError {
  const issue = zodError.issues[0];
  const path = issue.path.map(String);
  if (
    issue.code === z.ZodIssueCode.custom &&
    issue.params?.[COMPOSED_ERROR] instanceof SchemaTypeError
  ) {
    return prefixSchemaError(issue.params[COMPOSED_ERROR], path);
  }
  if (issue.code === z.ZodIssueCode.unrecognized_keys) {
    return new SchemaTypeError('definition for this key is missing', [...path, issue.keys[0]]);
  }
  return new SchemaTypeError(issue.message, path);
}
