import { z } from 'zod';
import { coerceBoolean } from './coercion';
import { configSchemaErrorMap } from './messages';
import { Type, TypeOptions } from './type';
import { accept, ZodPrepared } from './zod-bridge';

/** A boolean; the strings `'true'` and `'false'` (any case) are converted. */
export function boolean(options: TypeOptions<boolean> = {}): Type<boolean> {
  return new Type<boolean>(
    ZodPrepared.of(
      (value) => accept(coerceBoolean(value)),
      z.boolean({ errorMap: configSchemaErrorMap('boolean') }),
    ),
    options,
  );
}
