import { z } from 'zod/v4';
import { Type } from './type';

export type LiteralValue = string | number | boolean | null;

/** A `Type` accepting exactly one value; `oneOf` checks a list of them without running zod. */
export class LiteralType<T extends LiteralValue> extends Type<T> {
  constructor(readonly value: T) {
    const message = `expected value to equal [${value}]`;
    super(z.literal(value, { error: message }));
  }
}

/** Exactly `value`. */
export function literal<T extends LiteralValue>(value: T): LiteralType<T> {
  return new LiteralType(value);
}
