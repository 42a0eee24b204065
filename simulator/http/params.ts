/**
 * Strict request-parameter validation driven by the route catalogue, the way the managed API's OpenAPI
 * layer validates: unknown query parameters are rejected, values are coerced to their declared type and
 * checked against enum, bounds, lengths and the API's named formats. Failures are 400 problems whose
 * detail follows the JSON-schema validator wording (`'abc' is not of type 'integer'. Failed validating
 * ...`), with the schema printed from the catalogue's facts.
 */
import type { RouteParam, ValueSchema } from '../../catalogue/types';
import { badRequest } from './problem';

/** Regular expressions of the API's named string formats (formats not listed are not checked). */
export const FORMATS: Record<string, RegExp> = {
  numbers: /^\d+$/,
  numbers_or_all: /^(\d+|all)$/,
  names: /^[\w\-.%]+$/,
  alphanumeric: /^[\w,\-.+\s:]+$/,
  alphanumeric_symbols: /^[\w'\-.+\s:,/@#%&*()[\]{}!?=~<>|"$^]+$/,
  symbols_alphanumeric_param: /^[\w'\-.+\s:,/@#%&*()[\]{}!?=~<>|"$^]+$/,
  timeframe: /^\d+[dhms]?$/,
  group_names: /^(?!^(\.{1,2}|all)$)[A-Za-z0-9.\-_]+$/,
  group_names_or_all: /^(?!^(\.{1,2})$)[A-Za-z0-9.\-_]+$/,
  sort: /^[\w_\-,\s+.]+$/,
  search: /^[^;|&^*>]+$/,
  range: /^[\d]+$|^[\d]{1,2}-[\d]{1,2}$/,
  xml_filename: /^[\w-]+\.xml(,[\w-]+\.xml)*$/,
  get_dirnames_path: /^(((etc|ruleset)\/(decoders|rules)[\w\-/]*)|(etc\/lists[\w\-/]*))$/,
  hash: /^[\da-fA-F]{32,128}$/,
};

/** Query parameters whose values the API lower-cases before validating. */
const LOWERCASED = new Set([
  'status',
  'type',
  'section',
  'level',
  'tag',
  'hash',
  'requirement',
  'component',
  'configuration',
  'resource',
]);

export type ParamValue = string | number | boolean | Array<string | number>;
export type ParsedParams = Record<string, ParamValue>;

/** Python-style repr, as the validator prints values and schemas. */
function repr(value: unknown): string {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (value === null || value === undefined) return 'None';
  if (Array.isArray(value)) return `[${value.map(repr).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${repr(key)}: ${repr(item)}`)
      .join(', ')}}`;
  }
  return String(value);
}

function schemaRepr(schema: ValueSchema): Record<string, unknown> {
  const { items, ...rest } = schema as ValueSchema & { name?: string; required?: boolean };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest))
    if (key !== 'name' && key !== 'required') out[key] = value;
  if (items) out.items = schemaRepr(items);
  return out;
}

function failure(
  message: string,
  keyword: string,
  schema: ValueSchema,
  instance: unknown,
  index?: number,
): never {
  const where = index === undefined ? 'schema' : "schema['items']";
  const on = index === undefined ? 'instance' : `instance[${index}]`;
  throw badRequest(
    `${message}. Failed validating '${keyword}' in ${where}: ${repr(schemaRepr(schema))}. On ${on}: ${repr(instance)}`,
  );
}

function coerceScalar(raw: string, schema: ValueSchema, index?: number): string | number | boolean {
  switch (schema.type) {
    case 'integer':
      if (!/^-?\d+$/.test(raw))
        failure(`${repr(raw)} is not of type 'integer'`, 'type', schema, raw, index);
      return Number(raw);
    case 'number':
      if (raw.trim() === '' || Number.isNaN(Number(raw)))
        failure(`${repr(raw)} is not of type 'number'`, 'type', schema, raw, index);
      return Number(raw);
    case 'boolean': {
      const lowered = raw.toLowerCase();
      if (lowered !== 'true' && lowered !== 'false')
        failure(`${repr(raw)} is not of type 'boolean'`, 'type', schema, raw, index);
      return lowered === 'true';
    }
    default:
      return raw;
  }
}

function checkScalar(value: string | number | boolean, schema: ValueSchema, index?: number): void {
  if (schema.enum && !schema.enum.includes(value))
    failure(`${repr(value)} is not one of ${repr(schema.enum)}`, 'enum', schema, value, index);
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) {
      failure(
        `${value} is less than the minimum of ${schema.minimum}`,
        'minimum',
        schema,
        value,
        index,
      );
    }
    if (schema.maximum !== undefined && value > schema.maximum) {
      failure(
        `${value} is greater than the maximum of ${schema.maximum}`,
        'maximum',
        schema,
        value,
        index,
      );
    }
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength)
      failure(`${repr(value)} is too short`, 'minLength', schema, value, index);
    if (schema.maxLength !== undefined && value.length > schema.maxLength)
      failure(`${repr(value)} is too long`, 'maxLength', schema, value, index);
    const format = schema.format && FORMATS[schema.format];
    if (format && !format.test(value))
      failure(`${repr(value)} is not a ${repr(schema.format)}`, 'format', schema, value, index);
  }
}

/** Coerces and validates one parameter from its raw occurrences (repeated array parameters concatenate). */
function parseParam(param: RouteParam, occurrences: string[]): ParamValue {
  const lower = LOWERCASED.has(param.name);
  if (param.type === 'array') {
    const items = param.items ?? {};
    const raw = occurrences
      .flatMap((occurrence) => occurrence.split(','))
      .map((value) => (lower ? value.toLowerCase() : value));
    if (param.minItems !== undefined && raw.length < param.minItems)
      failure(`${repr(raw)} is too short`, 'minItems', param, raw);
    return raw.map((value, index) => {
      const coerced = coerceScalar(value, items, index);
      checkScalar(coerced, items, index);
      return coerced as string | number;
    });
  }
  const raw = lower ? occurrences[0].toLowerCase() : occurrences[0];
  const value = coerceScalar(raw, param);
  checkScalar(value, param);
  return value;
}

/** Validates a query string against the route's declared parameters; returns coerced values and defaults. */
interface QuerySchema {
  byName: Map<string, RouteParam>;
  required: RouteParam[];
  defaults: ParsedParams;
}

const querySchemas = new WeakMap<readonly RouteParam[], QuerySchema>();

/** Lookup table, required list and defaults of a route's query parameters, built once per route. */
function querySchema(declared: readonly RouteParam[]): QuerySchema {
  let schema = querySchemas.get(declared);
  if (!schema) {
    const defaults: ParsedParams = {};
    for (const param of declared)
      if (param.default !== undefined) defaults[param.name] = param.default as ParamValue;
    schema = {
      byName: new Map(declared.map((param) => [param.name, param])),
      required: declared.filter((param) => param.required),
      defaults,
    };
    querySchemas.set(declared, schema);
  }
  return schema;
}

/** Validates a query string against the route's declared parameters; returns coerced values and defaults. */
export function parseQuery(declared: readonly RouteParam[], search: URLSearchParams): ParsedParams {
  const { byName, required, defaults } = querySchema(declared);
  const occurrences: Record<string, string[]> = {};
  let extra: string[] | undefined;
  for (const [name, value] of search) {
    if (!byName.has(name)) {
      extra ??= [];
      if (!extra.includes(name)) extra.push(name);
    } else (occurrences[name] ??= []).push(value);
  }
  if (extra) throw badRequest(`Extra query parameter(s) ${extra.join(', ')} not in spec`);
  for (const param of required) {
    if (!(param.name in occurrences)) throw badRequest(`Missing query parameter '${param.name}'`);
  }
  const parsed: ParsedParams = { ...defaults };
  for (const name in occurrences)
    parsed[name] = parseParam(byName.get(name) as RouteParam, occurrences[name]);
  return parsed;
}

/** Validates path parameters (already URL-decoded) against their declarations. */
export function parsePathParams(
  declared: readonly RouteParam[],
  values: Record<string, string>,
): Record<string, ParamValue> {
  const parsed: Record<string, ParamValue> = {};
  for (const param of declared) parsed[param.name] = parseParam(param, [values[param.name]]);
  return parsed;
}
