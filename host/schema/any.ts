import { z } from 'zod';
import { wrongTypeMessage } from './messages';
import { Type, TypeOptions } from './type';

/** Any value except `undefined` (unless a default is given). */
export function any(options: TypeOptions<unknown> = {}): Type<unknown> {
  return new Type<unknown>(
    z.unknown().superRefine((value, ctx) => {
      if (value === undefined) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: wrongTypeMessage('any', value),
          fatal: true,
        });
      }
    }),
    options,
  );
}
