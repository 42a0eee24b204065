import { wrongTypeMessage } from './messages';
import { Type, TypeOptions } from './type';
import { accept, reject, step } from './zod-bridge';

/** Any value except `undefined` (unless a default is given). */
export function any(options: TypeOptions<unknown> = {}): Type<unknown> {
  return new Type<unknown>(
    step((value) => (value === undefined ? reject(wrongTypeMessage('any', value)) : accept(value))),
    options,
  );
}
