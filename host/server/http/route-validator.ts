/**
 * Route validation: params, then query, then body, each under its namespace (`request params` …).
 * The first failure becomes a `RouteValidationError` whose message is the 400 answer's message.
 */
import { isConfigSchema } from '../../schema';
import { RouteValidationError } from '../errors';
import type { RouteValidationFunction, RouteValidationSpec, RouteValidatorConfig } from '../types';

type Part = 'params' | 'query' | 'body';
const PARTS: readonly Part[] = ['params', 'query', 'body'];

/** Throws at registration when a part is neither a schema type nor a function. */
export function assertValidationSpecs(
  validate: RouteValidatorConfig<unknown, unknown, unknown> | false,
): void {
  if (validate === false) return;
  for (const part of PARTS) {
    const spec = validate[part];
    if (spec !== undefined && !isConfigSchema(spec) && typeof spec !== 'function') {
      throw new Error(
        `Expected a valid validation logic declared with '@osd/config-schema' package or a RouteValidationFunction at key: [${part}].`,
      );
    }
  }
}

function prefixed(namespace: string, path: readonly string[], message: string): string {
  return `[${[namespace, ...path].join('.')}]: ${message}`;
}

function runFunction<T>(
  validator: RouteValidationFunction<T>,
  data: unknown,
  namespace: string,
): T {
  let outcome: { value: T } | { error: Error };
  try {
    outcome = validator(data, {
      ok: (value) => ({ value }),
      badRequest: (error, path = []) => {
        const message = typeof error === 'string' ? error : error.message;
        return { error: new RouteValidationError(prefixed(namespace, path, message)) };
      },
    });
  } catch (error) {
    throw new RouteValidationError(prefixed(namespace, [], (error as Error).message));
  }
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

function validatePart<T>(
  spec: RouteValidationSpec<T> | undefined,
  data: unknown,
  namespace: string,
): T | Record<string, never> {
  if (spec === undefined) return {};
  if (typeof spec === 'function') return runFunction(spec, data, namespace);
  try {
    return spec.validate(data, {}, namespace);
  } catch (error) {
    throw new RouteValidationError((error as Error).message);
  }
}

export interface ValidatedParts {
  params: unknown;
  query: unknown;
  body: unknown;
}

/** Parts without a validator are `{}`: raw input never reaches the handler unchecked. */
export function validateRequestParts(
  validate: RouteValidatorConfig<unknown, unknown, unknown>,
  raw: ValidatedParts,
): ValidatedParts {
  return {
    params: validatePart(validate.params, raw.params, 'request params'),
    query: validatePart(validate.query, raw.query, 'request query'),
    body: validatePart(validate.body, raw.body, 'request body'),
  };
}
