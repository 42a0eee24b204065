import { parseJson } from './coercion';
import { prefixSchemaError, SchemaTypeError } from './errors';
import { wrongTypeMessage } from './messages';
import { isPlainObject } from './type-detect';
import { Type, TypeOf, TypeOptions } from './type';
import { accept, rejectWith, toSchemaError, step } from './zod-bridge';

function toRecordInput(
  value: unknown,
): { record: Record<string, unknown> } | { error: SchemaTypeError } {
  if (typeof value === 'string') {
    const result = parseJson(value);
    if (!result.parsed)
      return { error: new SchemaTypeError('could not parse record value from json input', []) };
    value = result.value;
  }
  return isPlainObject(value)
    ? { record: value }
    : { error: new SchemaTypeError(wrongTypeMessage('object', value), []) };
}

/**
 * A plain object (or JSON string) whose keys match `keyType` and values match `valueType`.
 * Entries are checked here rather than with `z.record`, because zod gives key and value failures
 * the same path while config-schema names a failing key `key("<k>")`.
 */
export function recordOf<K extends Type<string>, V extends Type<unknown>>(
  keyType: K,
  valueType: V,
  options: TypeOptions<Record<TypeOf<K>, TypeOf<V>>> = {},
): Type<Record<TypeOf<K>, TypeOf<V>>> {
  const keySchema = keyType.zodSchema;
  const valueSchema = valueType.zodSchema;
  const checked = step((value) => {
    const input = toRecordInput(value);
    if ('error' in input) return rejectWith(input.error);
    const output: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(input.record)) {
      const keyResult = keySchema.safeParse(key);
      if (!keyResult.success) {
        return rejectWith(prefixSchemaError(toSchemaError(keyResult.error), [`key("${key}")`]));
      }
      const valueResult = valueSchema.safeParse(entry);
      if (!valueResult.success)
        return rejectWith(prefixSchemaError(toSchemaError(valueResult.error), [key]));
      output[keyResult.data as string] = valueResult.data;
    }
    return accept(output);
  });
  return new Type<Record<TypeOf<K>, TypeOf<V>>>(checked, options);
}
