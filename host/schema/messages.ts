import type { z } from 'zod/v4';
import { typeDetect } from './type-detect';

/** The config-schema wording for a value of the wrong type. */
export function wrongTypeMessage(expected: string, value: unknown): string {
  return `expected value of type [${expected}] but got [${typeDetect(value)}]`;
}

function lengthOf(value: unknown): number {
  return (value as { length: number }).length;
}

/**
 * Error map giving zod's built-in issues the config-schema wording. `expected` names the type in
 * "expected value of type [...]"; size messages depend on whether the type is a string, number or array.
 */
export function configSchemaErrorMap(
  expected: 'string' | 'number' | 'boolean' | 'array',
): z.core.$ZodErrorMap {
  return (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return wrongTypeMessage(expected, issue.input);
      case 'too_small':
        if (expected === 'string') {
          return `value has length [${lengthOf(issue.input)}] but it must have a minimum length of [${issue.minimum}].`;
        }
        if (expected === 'array') {
          return `array size is [${lengthOf(issue.input)}], but cannot be smaller than [${issue.minimum}]`;
        }
        return `Value must be equal to or greater than [${issue.minimum}].`;
      case 'too_big':
        if (expected === 'string') {
          return `value has length [${lengthOf(issue.input)}] but it must have a maximum length of [${issue.maximum}].`;
        }
        if (expected === 'array') {
          return `array size is [${lengthOf(issue.input)}], but cannot be greater than [${issue.maximum}]`;
        }
        return `Value must be equal to or lower than [${issue.maximum}].`;
      default:
        return undefined;
    }
  };
}
