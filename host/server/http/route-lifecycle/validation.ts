/**
 * Lifecycle step: the route's `validate` schemas, params then query then body; a failure is a 400
 * whose message names the field. Routes with `validate: false` see nothing of the raw input.
 */
import type { FastifyRequest } from 'fastify';
import type { TranslatedRoutePath } from '../route-path';
import type { RouteDefinition } from '../router';
import { RouteValidationError } from '../../errors';
import { validateRequestParts, type ValidatedParts } from '../route-validator';
import type { Refusal } from './refusal';

/** What handlers of `validate: false` routes see: nothing of the raw input. */
const NO_PARTS: ValidatedParts = Object.freeze({
  params: Object.freeze({}),
  query: Object.freeze({}),
  body: Object.freeze({}),
});

/** The router's query objects have a bare prototype; schemas accept only plain objects. */
function plainObject(value: unknown): unknown {
  return value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) !== Object.prototype
    ? { ...value }
    : value;
}

/** The validated parts; throws `RouteValidationError` (see `validationRefusal`) or what a schema threw. */
export function validatedParts(
  validate: RouteDefinition['validate'],
  mapParams: TranslatedRoutePath['mapParams'],
  request: Pick<FastifyRequest, 'params' | 'query' | 'body'>,
): ValidatedParts {
  if (validate === false) return NO_PARTS;
  return validateRequestParts(validate, {
    params: mapParams(request.params as Record<string, string>),
    query: plainObject(request.query),
    body: request.body,
  });
}

/** The 400 for a validation failure; undefined for any other error. */
export function validationRefusal(error: unknown): Refusal | undefined {
  return error instanceof RouteValidationError
    ? { statusCode: error.statusCode, message: error.message }
    : undefined;
}
