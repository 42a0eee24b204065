/**
 * The `@kbn/config-schema` API (builders, coercions and error messages of OpenSearch Dashboards'
 * config schema) implemented on zod. Plugins import it as `import { schema, TypeOf } from '…/host/schema'`.
 */
export { schema } from './schema';
export { Type, isConfigSchema } from './type';
export type { TypeOf, TypeOptions } from './type';
export { ObjectType } from './object';
export type {
  Props,
  NullableProps,
  ObjectResultType,
  ObjectTypeOptions,
  ObjectUnknowns,
} from './object';
export { SchemaTypeError, SchemaTypesError, ValidationError } from './errors';
export type { StringOptions } from './string';
export type { NumberOptions } from './number';
export type { ArrayOptions } from './array-of';
export type { UriOptions } from './uri';
export type { LiteralValue } from './literal';
