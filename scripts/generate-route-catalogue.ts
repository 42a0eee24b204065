/**
 * `npm run catalogue -- <openapi.yaml> [out.json]`: reads the managed API's OpenAPI 3.0 document and writes
 * the route catalogue (default `catalogue/routes.json`) in the format described by
 * `catalogue/types.ts`. Only facts are kept (methods, paths, parameter and body field
 * names, types, enums, defaults, bounds, required flags); no description or summary text.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { load } from 'js-yaml';
import type {
  RbacActionEntry,
  RbacCatalogue,
  BodyField,
  BodyFieldItems,
  HttpMethod,
  RouteBody,
  RouteCatalogue,
  RouteEntry,
  RouteParam,
  SchemaType,
  ValueSchema,
} from '../catalogue/types';

type Json = Record<string, unknown>;

const METHOD_ORDER: HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];
const SCHEMA_TYPES = new Set<SchemaType>([
  'string',
  'integer',
  'number',
  'boolean',
  'array',
  'object',
]);
/** Nesting bound for body schemas: deep enough for every real body, and a guard against recursive $refs. */
const MAX_BODY_DEPTH = 6;

export const DEFAULT_CATALOGUE_PATH = 'catalogue/routes.json';

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows local `$ref`s (`#/components/...`) until reaching a node that is not a reference. */
function deref(document: Json, node: unknown, seen: Set<string> = new Set()): Json {
  if (!isObject(node)) return {};
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  if (!ref.startsWith('#/')) throw new Error(`Only local $ref values are supported, found ${ref}`);
  if (seen.has(ref)) throw new Error(`Circular $ref ${ref}`);
  seen.add(ref);
  let target: unknown = document;
  for (const segment of ref.slice(2).split('/')) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    target = isObject(target) ? target[key] : undefined;
  }
  if (target === undefined) throw new Error(`Unresolvable $ref ${ref}`);
  return deref(document, target, seen);
}

/** Resolves `$ref` and folds `allOf` parts into one schema (properties and required lists merged). */
function flatten(document: Json, node: unknown): Json {
  const schema = deref(document, node);
  if (!Array.isArray(schema.allOf)) return schema;
  const merged: Json = { ...schema };
  delete merged.allOf;
  const properties: Json = isObject(schema.properties) ? { ...schema.properties } : {};
  const required = new Set<string>(
    Array.isArray(schema.required) ? (schema.required as string[]) : [],
  );
  for (const part of schema.allOf) {
    const flat = flatten(document, part);
    for (const [key, value] of Object.entries(flat)) {
      if (key === 'properties' && isObject(value)) Object.assign(properties, value);
      else if (key === 'required' && Array.isArray(value))
        value.forEach((name) => required.add(String(name)));
      else if (merged[key] === undefined) merged[key] = value;
    }
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  if (merged.type === undefined && merged.properties) merged.type = 'object';
  return merged;
}

function valueSchema(document: Json, node: unknown): ValueSchema {
  const schema = flatten(document, node);
  const out: ValueSchema = {};
  if (typeof schema.type === 'string' && SCHEMA_TYPES.has(schema.type as SchemaType))
    out.type = schema.type as SchemaType;
  if (typeof schema.format === 'string' && schema.format !== '') out.format = schema.format;
  if (Array.isArray(schema.enum)) out.enum = schema.enum as Array<string | number | boolean>;
  if (schema.default !== undefined) out.default = schema.default;
  for (const key of [
    'minimum',
    'maximum',
    'minLength',
    'maxLength',
    'minItems',
    'maxItems',
  ] as const) {
    if (typeof schema[key] === 'number') out[key] = schema[key] as number;
  }
  if (schema.nullable === true) out.nullable = true;
  if (out.type === 'array' && schema.items !== undefined)
    out.items = valueSchema(document, schema.items);
  return out;
}

function param(document: Json, node: unknown): RouteParam & { in: string } {
  const definition = deref(document, node);
  return {
    in: String(definition.in),
    name: String(definition.name),
    required: definition.required === true,
    ...valueSchema(document, definition.schema),
  };
}

/** Properties of an object schema, with alternatives of oneOf/anyOf merged (required only if required by all). */
function objectShape(document: Json, node: unknown): { properties: Json; required: Set<string> } {
  const schema = flatten(document, node);
  const properties: Json = isObject(schema.properties) ? { ...schema.properties } : {};
  const required = new Set<string>(
    Array.isArray(schema.required) ? (schema.required as string[]) : [],
  );
  const alternatives = [schema.oneOf, schema.anyOf].find(Array.isArray) as unknown[] | undefined;
  if (alternatives && alternatives.length > 0) {
    const shapes = alternatives.map((alternative) => objectShape(document, alternative));
    for (const shape of shapes) Object.assign(properties, shape.properties);
    for (const name of Object.keys(properties)) {
      if (shapes.every((shape) => shape.required.has(name))) required.add(name);
    }
  }
  return { properties, required };
}

function bodyFields(document: Json, node: unknown, depth: number): BodyField[] | undefined {
  if (depth > MAX_BODY_DEPTH) return undefined;
  const { properties, required } = objectShape(document, node);
  const names = Object.keys(properties).sort();
  if (names.length === 0) return undefined;
  return names.map((name) => {
    const field: BodyField = {
      name,
      required: required.has(name),
      ...valueSchema(document, properties[name]),
    };
    const flat = flatten(document, properties[name]);
    if (field.type === 'object' || flat.properties || flat.oneOf || flat.anyOf) {
      const nested = bodyFields(document, properties[name], depth + 1);
      if (nested) field.fields = nested;
    }
    if (field.type === 'array' && flat.items !== undefined) {
      const items: BodyFieldItems = valueSchema(document, flat.items);
      const nested = bodyFields(document, flat.items, depth + 1);
      if (nested) items.fields = nested;
      field.items = items;
    }
    return field;
  });
}

function requestBody(document: Json, node: unknown): RouteBody | undefined {
  if (node === undefined) return undefined;
  const definition = deref(document, node);
  const content = isObject(definition.content) ? definition.content : {};
  const contentTypes = Object.keys(content).sort();
  if (contentTypes.length === 0) return undefined;
  const preferred = contentTypes.find((type) => type.includes('json')) ?? contentTypes[0];
  const schemaNode = isObject(content[preferred]) ? content[preferred].schema : undefined;
  const body: RouteBody = { contentTypes, required: definition.required === true };
  const shape = valueSchema(document, schemaNode);
  if (shape.type) body.type = shape.type;
  if (shape.format) body.format = shape.format;
  const fields = bodyFields(document, schemaNode, 0);
  if (fields) {
    body.fields = fields;
    body.type ??= 'object';
  }
  return body;
}

function responseContentTypes(document: Json, responses: unknown): string[] {
  if (!isObject(responses) || responses['200'] === undefined) return [];
  const ok = deref(document, responses['200']);
  return isObject(ok.content) ? Object.keys(ok.content).sort() : [];
}

function usesBasicAuth(operation: Json): boolean {
  return (
    Array.isArray(operation.security) &&
    operation.security.some((requirement) => isObject(requirement) && 'basicAuth' in requirement)
  );
}

function rbacActions(operation: Json): string[] | undefined {
  const actions = operation['x-rbac-actions'];
  if (!Array.isArray(actions)) return undefined;
  const names = actions
    .map((action) =>
      isObject(action) && typeof action.$ref === 'string'
        ? action.$ref.split('/').pop()
        : undefined,
    )
    .filter((name): name is string => typeof name === 'string');
  return names.length > 0 ? names : undefined;
}

function placeholderOrder(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
}

function routeEntry(
  document: Json,
  path: string,
  method: HttpMethod,
  operation: Json,
  pathLevel: unknown[],
): RouteEntry {
  const byKey = new Map<string, RouteParam & { in: string }>();
  for (const node of [
    ...pathLevel,
    ...(Array.isArray(operation.parameters) ? operation.parameters : []),
  ]) {
    const definition = param(document, node);
    byKey.set(`${definition.in}:${definition.name}`, definition); // operation-level entries override path-level ones
  }
  const strip = ({ in: _in, ...rest }: RouteParam & { in: string }): RouteParam => rest;
  const all = [...byKey.values()];
  const order = placeholderOrder(path);
  const pathParams = all
    .filter((definition) => definition.in === 'path')
    .sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name))
    .map(strip);
  const queryParams = all
    .filter((definition) => definition.in === 'query')
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(strip);
  const tag =
    Array.isArray(operation.tags) && typeof operation.tags[0] === 'string'
      ? operation.tags[0]
      : undefined;
  const actions = rbacActions(operation);
  const body = requestBody(document, operation.requestBody);
  // Optional keys are spread in only when present, so the JSON carries no nulls and a fixed key order.
  const entry: RouteEntry = {
    method,
    path,
    ...(tag && { tag }),
    ...(actions && { rbacActions: actions }),
    ...(usesBasicAuth(operation) && { basicAuth: true }),
    ...(operation.deprecated === true && { deprecated: true }),
    pathParams,
    queryParams,
    ...(body && { body }),
    responseContentTypes: responseContentTypes(document, operation.responses),
  };
  return entry;
}

/** `x-rbac-catalog`: resource type names, and per action its resource types (from the `$ref`s). */
function rbacCatalogue(document: Json): RbacCatalogue {
  const catalog = isObject(document['x-rbac-catalog']) ? document['x-rbac-catalog'] : {};
  const resources = isObject(catalog.resources) ? Object.keys(catalog.resources) : [];
  const actions: Record<string, RbacActionEntry> = {};
  for (const [name, action] of Object.entries(isObject(catalog.actions) ? catalog.actions : {})) {
    if (!isObject(action)) continue;
    const refs = Array.isArray(action.resources) ? action.resources : [];
    actions[name] = {
      resources: refs.flatMap((ref) =>
        isObject(ref) && typeof ref.$ref === 'string' ? [ref.$ref.split('/').pop() as string] : [],
      ),
    };
  }
  return { resources, actions };
}

/** Builds the catalogue from a parsed OpenAPI document. */
export function buildCatalogue(document: Json): RouteCatalogue {
  const info = isObject(document.info) ? document.info : {};
  const paths = isObject(document.paths) ? document.paths : {};
  const routes: RouteEntry[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    const pathLevel = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHOD_ORDER) {
      const operation = item[method.toLowerCase()];
      if (isObject(operation))
        routes.push(routeEntry(document, path, method, operation, pathLevel));
    }
  }
  routes.sort((a, b) =>
    a.path === b.path
      ? METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method)
      : a.path < b.path
        ? -1
        : 1,
  );
  return {
    generatedFrom: { title: String(info.title ?? ''), version: String(info.version ?? '') },
    routes,
    rbac: rbacCatalogue(document),
  };
}

export function generateCatalogue(
  specPath: string,
  outPath: string = DEFAULT_CATALOGUE_PATH,
): RouteCatalogue {
  // js-yaml, not `yaml`: the document relies on PyYAML's lenient folding of multi-line quoted scalars.
  const document = load(readFileSync(specPath, 'utf8'));
  if (!isObject(document) || !isObject(document.paths))
    throw new Error(`${specPath} is not an OpenAPI document`);
  const catalogue = buildCatalogue(document);
  writeFileSync(outPath, `${JSON.stringify(catalogue, null, 2)}\n`);
  return catalogue;
}

function main(argv: string[]): void {
  const [specPath, outPath] = argv;
  if (!specPath) {
    console.error('usage: npm run catalogue -- <openapi.yaml> [out.json]');
    process.exitCode = 2;
    return;
  }
  const target = resolve(outPath ?? DEFAULT_CATALOGUE_PATH);
  const catalogue = generateCatalogue(resolve(specPath), target);
  console.log(
    `${catalogue.routes.length} routes of ${catalogue.generatedFrom.title} ${catalogue.generatedFrom.version} → ${target}`,
  );
}

if (require.main === module) main(process.argv.slice(2));
