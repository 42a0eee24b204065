import { z } from 'zod';
import { coerceNumber } from './coercion';
import { configSchemaErrorMap } from './messages';
import { Type, TypeOptions } from './type';
import { accept, ZodPrepared } from './zod-bridge';

export interface NumberOptions extends TypeOptions<number> {
  min?: number;
  max?: number;
}

/** A number; a numeric string (`'123'`) is converted, NaN is rejected. */
export function number(options: NumberOptions = {}): Type<number> {
  let base = z.number({ errorMap: configSchemaErrorMap('number') });
  if (options.min !== undefined) base = base.gte(options.min);
  if (options.max !== undefined) base = base.lte(options.max);
  return new Type<number>(
    ZodPrepared.of((value) => accept(coerceNumber(value)), base),
    options,
  );
}
