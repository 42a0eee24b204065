import { z } from 'zod/v4';
import { ValidationError } from './errors';
import { toSchemaError, validated } from './zod-bridge';

/** Options every builder accepts. */
export interface TypeOptions<V> {
  /** Used when the value is `undefined`; a function is called each time a default is needed. */
  defaultValue?: V | (() => V);
  /** Extra check on the validated value: return (or throw) a message to fail. */
  validate?: (value: V) => string | void;
}

function customCheck<V>(validate: (value: V) => string | void) {
  return (value: unknown): string | undefined => {
    try {
      return validate(value as V) ?? undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };
}

function withOptions<V>(base: z.ZodType, options: TypeOptions<V>): z.ZodType {
  // The custom check runs only on values the built-in checks accepted, so it never sees a value
  // of the wrong shape.
  const checked = options.validate ? validated(base, customCheck(options.validate)) : base;
  const { defaultValue } = options;
  // `prefault`: the default goes through the checks, as a value given by the caller would. Without
  // a default it still marks the type as one that decides about `undefined` itself, so an absent
  // object key reaches it (an object prop turns it into `{}`, a string prop names what is missing).
  if (defaultValue === undefined) {
    return checked instanceof z.ZodOptional ? checked : checked.prefault(undefined);
  }
  return checked.prefault(
    typeof defaultValue === 'function' ? (defaultValue as () => V) : () => defaultValue,
  );
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
  readonly zodSchema: z.ZodType;

  constructor(base: z.ZodType, options: TypeOptions<V> = {}) {
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
