import { z } from 'zod/v4';
import { coerceNumber } from './coercion';
import { configSchemaErrorMap } from './messages';
import { Type, TypeOptions } from './type';
import { accept, prepared } from './zod-bridge';

export interface NumberOptions extends TypeOptions<number> {
  min?: number;
  max?: number;
}

/** A number; a numeric string (`'123'`) is converted, NaN is rejected. */
export function number(options: NumberOptions = {}): Type<number> {
  const messages = configSchemaErrorMap('number');
  let base = z.number({ error: messages });
  if (options.min !== undefined) base = base.gte(options.min, { error: messages });
  if (options.max !== undefined) base = base.lte(options.max, { error: messages });
  return new Type<number>(
    prepared((value) => accept(coerceNumber(value)), base),
    options,
  );
}
