import { any } from './any';
import { arrayOf } from './array-of';
import { boolean } from './boolean';
import { discriminatedUnion } from './discriminated-union';
import { literal } from './literal';
import { maybe, nullable } from './maybe';
import { number } from './number';
import { object } from './object';
import { oneOf } from './one-of';
import { recordOf } from './record-of';
import { string } from './string';
import { uri } from './uri';

/** The builders, used as `schema.object({ name: schema.string() })`. */
export const schema = {
  any,
  arrayOf,
  boolean,
  discriminatedUnion,
  literal,
  maybe,
  nullable,
  number,
  object,
  oneOf,
  recordOf,
  string,
  uri,
};
