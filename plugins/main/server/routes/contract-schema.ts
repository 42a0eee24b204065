import type { Type, TypeOf } from '@host/schema';

/**
 * A request schema joined to its contract type at compile time, in both directions: every value
 * it accepts is a `Contract` (so a route hands it on without a cast), and every `Contract` has its
 * type (so the schema never refuses the shape the browser is allowed to send).
 *
 *   const searchBody = contractSchema<AlertsSearchRequest>()(schema.object({ … }));
 */
export const contractSchema =
  <Contract>() =>
  <S extends Type<Contract>>(type: S & ([Contract] extends [TypeOf<S>] ? unknown : never)): S =>
    type;
