import { z } from 'zod/v4';
import { coerceBoolean } from './coercion';
import { configSchemaErrorMap } from './messages';
import { Type, TypeOptions } from './type';
import { accept, prepared } from './zod-bridge';

/** A boolean; the strings `'true'` and `'false'` (any case) are converted. */
export function boolean(options: TypeOptions<boolean> = {}): Type<boolean> {
  return new Type<boolean>(
    prepared(
      (value) => accept(coerceBoolean(value)),
      z.boolean({ error: configSchemaErrorMap('boolean') }),
    ),
    options,
  );
}
