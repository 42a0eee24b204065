import { z } from 'zod';
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
): z.ZodErrorMap {
  return (issue, ctx) => {
    switch (issue.code) {
      case z.ZodIssueCode.invalid_type:
        return { message: wrongTypeMessage(expected, ctx.data) };
      case z.ZodIssueCode.too_small:
        if (expected === 'string') {
          return {
            message: `value has length [${lengthOf(ctx.data)}] but it must have a minimum length of [${issue.minimum}].`,
          };
        }
        if (expected === 'array') {
          return {
            message: `array size is [${lengthOf(ctx.data)}], but cannot be smaller than [${issue.minimum}]`,
          };
        }
        return { message: `Value must be equal to or greater than [${issue.minimum}].` };
      case z.ZodIssueCode.too_big:
        if (expected === 'string') {
          return {
            message: `value has length [${lengthOf(ctx.data)}] but it must have a maximum length of [${issue.maximum}].`,
          };
        }
        if (expected === 'array') {
          return {
            message: `array size is [${lengthOf(ctx.data)}], but cannot be greater than [${issue.maximum}]`,
          };
        }
        return { message: `Value must be equal to or lower than [${issue.maximum}].` };
      default:
        return { message: ctx.defaultError };
    }
  };
}
