import { z } from 'zod';
import { prefixSchemaError, SchemaTypeError, ValidationError } from './errors';

/** Options every builder accepts. */
export interface TypeOptions<V> {
  /** Used when the value is `undefined`; a function is called each time a default is needed. */
  defaultValue?: V | (() => V);
  /** Extra check on the validated value: return (or throw) a message to fail. */
  validate?: (value: V) => string | void;
}

/** Key under which a custom zod issue carries an error already composed by a nested `Type`. */
const COMPOSED_ERROR = 'composedSchemaError';

/**
 * Reports `error` (relative to the node being parsed) as a fatal zod issue. Used by builders that
 * run nested `Type`s themselves (`oneOf`, `recordOf`) and must keep their exact paths and messages.
 */
export function addComposedIssue(ctx: z.RefinementCtx, error: SchemaTypeError): void {
  ctx.addIssue({
    code: z.ZodIssueCode.custom,
    message: error.message,
    params: { [COMPOSED_ERROR]: error },
    fatal: true,
  });
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

function runCustomValidation<V>(validate: (value: V) => string | void) {
  return (value: V, ctx: z.RefinementCtx) => {
    let message: string | void;
    try {
      message = validate(value);
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    if (typeof message === 'string') ctx.addIssue({ code: z.ZodIssueCode.custom, message });
  };
}

function withOptions<V>(base: z.ZodTypeAny, options: TypeOptions<V>): z.ZodTypeAny {
  let schema = base;
  // A pipe runs the custom check only when the built-in checks passed, so `validate` never
  // sees a value of the wrong shape.
  if (options.validate)
    schema = schema.pipe(z.any().superRefine(runCustomValidation(options.validate)));
  if (options.defaultValue !== undefined) {
    const defaultValue = options.defaultValue;
    schema = schema.default(
      typeof defaultValue === 'function' ? (defaultValue as () => V) : () => defaultValue,
    );
  }
  return schema;
}

/**
 * A schema: validates and coerces a value, returning `V`. The zod schema is built once, in the
 * constructor, because the router validates every request with it.
 */
export class Type<V> {
  /** Phantom member carrying the output type for `TypeOf`; it holds no value. */
  declare readonly type: V;
  /** Marker that `isConfigSchema` recognises. */
  readonly __isOsdConfigSchemaType = true;
  /** The zod schema doing the work; nested builders compose it. */
  readonly zodSchema: z.ZodTypeAny;

  constructor(base: z.ZodTypeAny, options: TypeOptions<V> = {}) {
    this.zodSchema = withOptions(base, options);
  }

  /**
   * Returns the validated value (coerced, with defaults applied) or throws `ValidationError`,
   * whose message is prefixed with `[<namespace>.<path>]`. `context` is accepted for API
   * compatibility; no builder here reads context references.
   */
  validate(value: unknown, _context: Record<string, unknown> = {}, namespace?: string): V {
    const result = this.zodSchema.safeParse(value);
    if (result.success) return result.data as V;
    throw new ValidationError(toSchemaError(result.error), namespace);
  }
}

export type TypeOf<RT extends Type<unknown>> = RT['type'];

export function isConfigSchema(value: unknown): value is Type<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { __isOsdConfigSchemaType?: unknown }).__isOsdConfigSchemaType === true
  );
}
