import { z } from 'zod';
import { Type } from './type';

export type LiteralValue = string | number | boolean | null;

/** Exactly `value`. */
export function literal<T extends LiteralValue>(value: T): Type<T> {
  const message = `expected value to equal [${value}]`;
  return new Type<T>(z.literal(value, { errorMap: () => ({ message }) }));
}
