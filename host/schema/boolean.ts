import { z } from 'zod';
import { coerceBoolean } from './coercion';
import { configSchemaErrorMap } from './messages';
import { Type, TypeOptions } from './type';

/** A boolean; the strings `'true'` and `'false'` (any case) are converted. */
export function boolean(options: TypeOptions<boolean> = {}): Type<boolean> {
  return new Type<boolean>(
    z.preprocess(coerceBoolean, z.boolean({ errorMap: configSchemaErrorMap('boolean') })),
    options,
  );
}
