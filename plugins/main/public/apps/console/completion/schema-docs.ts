/** Documentation lines the completion list shows for routes, parameters and body fields. */
import type { BodyField, RouteEntry, RouteParam, ValueSchema } from '@catalogue/types';

function typeName(schema: ValueSchema): string {
  if (schema.type === 'array')
    return `array of ${schema.items ? typeName(schema.items) : 'values'}`;
  return schema.type ?? 'any';
}

/** Values a parameter or field takes from a fixed list: its enum, its elements' enum, or true/false. */
export function knownValues(schema: ValueSchema): string[] {
  if (schema.enum) return schema.enum.map(String);
  if (schema.type === 'array' && schema.items?.enum) return schema.items.enum.map(String);
  if (schema.type === 'boolean') return ['true', 'false'];
  return [];
}

function range(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  if (min === undefined && max === undefined) return undefined;
  if (min !== undefined && max !== undefined) return `${unit} ${min} to ${max}`;
  return min !== undefined ? `${unit} at least ${min}` : `${unit} at most ${max}`;
}

/** "integer · optional · default 500" — short enough for the list's detail column. */
export function valueDetail(schema: ValueSchema & { required: boolean }): string {
  const parts = [typeName(schema), schema.required ? 'required' : 'optional'];
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(' · ');
}

/** The full description of a parameter or body field. */
export function valueInfo(name: string, schema: ValueSchema & { required: boolean }): string {
  const lines = [`${name}: ${valueDetail(schema)}`];
  const values = knownValues(schema);
  if (values.length > 0 && schema.type !== 'boolean')
    lines.push(
      `One of: ${values.join(', ')}${schema.type === 'array' ? ' (comma-separated)' : ''}`,
    );
  const format = schema.format ?? schema.items?.format;
  if (format) lines.push(`Format: ${format}`);
  const limits = [
    range(schema.minimum, schema.maximum, 'Value'),
    range(
      schema.minLength ?? schema.items?.minLength,
      schema.maxLength ?? schema.items?.maxLength,
      'Length',
    ),
    range(schema.minItems, schema.maxItems, 'Items'),
  ].filter(Boolean);
  lines.push(...(limits as string[]));
  if (schema.nullable) lines.push('May be null');
  return lines.join('\n');
}

function fieldNames(fields: BodyField[]): string {
  return fields
    .map((field) => (field.required ? `${field.name} (required)` : field.name))
    .join(', ');
}

function paramNames(params: RouteParam[]): string {
  const required = params.filter((param) => param.required).map((param) => param.name);
  return `${params.length}${required.length > 0 ? ` (required: ${required.join(', ')})` : ''}`;
}

/** What a route needs and takes: tag, permissions, path and query parameters, body fields. */
export function routeInfo(route: RouteEntry, display: string): string {
  const lines = [`${route.method} ${display}${route.deprecated ? ' (deprecated)' : ''}`];
  if (route.tag) lines.push(`Group: ${route.tag}`);
  if (route.rbacActions?.length) lines.push(`Permissions: ${route.rbacActions.join(', ')}`);
  if (route.pathParams.length > 0)
    lines.push(
      `Path parameters: ${route.pathParams.map((param) => `<${param.name}> ${typeName(param)}`).join(', ')}`,
    );
  if (route.queryParams.length > 0)
    lines.push(`Query parameters: ${paramNames(route.queryParams)}`);
  if (route.body?.fields?.length)
    lines.push(`Body${route.body.required ? ' (required)' : ''}: ${fieldNames(route.body.fields)}`);
  else if (route.body) lines.push(`Body: ${route.body.contentTypes.join(', ')}`);
  return lines.join('\n');
}
