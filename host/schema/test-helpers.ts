import { ValidationError } from './errors';
import type { Type } from './type';

/** The `ValidationError` that validating `value` throws; fails the test when none is thrown. */
export function validationErrorOf(
  type: Type<unknown>,
  value: unknown,
  namespace?: string,
): ValidationError {
  try {
    type.validate(value, {}, namespace);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(value)} to fail validation`);
}

export function messageOf(type: Type<unknown>, value: unknown, namespace?: string): string {
  return validationErrorOf(type, value, namespace).message;
}
