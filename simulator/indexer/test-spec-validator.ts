/**
 * Checks requests and answers against the published OpenSearch API specification (the copy under
 * `spec/`, see its README): ajv over the specification's OpenAPI 3.1 schemas, `$ref`s resolved
 * across the copied files.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { parse } from 'yaml';

const SPEC_DIR = join(__dirname, 'spec');
const BASE = 'https://opensearch-api-specification.local/';

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

function instance(): Ajv2020 {
  if (ajv) return ajv;
  // strict: false because the specification uses OpenAPI's own keywords (x-*, discriminator) beside JSON Schema's.
  // allErrors stays off: an aggregation answer is an anyOf of some sixty types, nested per bucket, and
  // checking every branch at every level takes minutes where stopping at the first match takes milliseconds.
  ajv = new Ajv2020({ strict: false, validateFormats: false });
  const documents = new Map<string, Schema>();
  for (const folder of ['schemas', 'namespaces']) {
    for (const file of readdirSync(join(SPEC_DIR, folder)).filter((name) =>
      name.endsWith('.yaml'),
    )) {
      documents.set(
        `${folder}/${file}`,
        parse(readFileSync(join(SPEC_DIR, folder, file), 'utf8')) as Schema,
      );
    }
  }
  closeObjects(documents);
  for (const [path, document] of documents) ajv.addSchema({ ...document, $id: `${BASE}${path}` });
  return ajv;
}

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Follows a `$ref` from a document to the schema it names. */
function resolveRef(
  documents: Map<string, Schema>,
  from: string,
  ref: string,
): { schema: Schema; path: string } | undefined {
  const [file, pointer = ''] = ref.split('#');
  let path = from;
  if (file) {
    const parts = from.split('/').slice(0, -1);
    for (const segment of file.split('/')) {
      if (segment === '..') parts.pop();
      else if (segment !== '.') parts.push(segment);
    }
    path = parts.join('/');
  }
  let node: unknown = documents.get(path);
  for (const key of pointer.split('/').filter(Boolean)) {
    node = isSchema(node) ? node[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  return isSchema(node) ? { schema: node, path } : undefined;
}

/** Whether a schema only ever describes objects (following refs and combinations). */
function onlyObjects(
  documents: Map<string, Schema>,
  path: string,
  schema: Schema,
  depth = 0,
): boolean {
  if (depth > 20) return false;
  if (typeof schema.$ref === 'string') {
    const target = resolveRef(documents, path, schema.$ref);
    return target !== undefined && onlyObjects(documents, target.path, target.schema, depth + 1);
  }
  if (schema.type !== undefined && schema.type !== 'object') return false;
  if (schema.properties !== undefined) return true;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const members = schema[key];
    if (Array.isArray(members))
      return members.every(
        (member) => isSchema(member) && onlyObjects(documents, path, member, depth + 1),
      );
  }
  if (Array.isArray(schema.allOf))
    return schema.allOf.some(
      (member) => isSchema(member) && onlyObjects(documents, path, member, depth + 1),
    );
  // A free-form object (`type: object` alone, or a generic document) declares nothing to close.
  return false;
}

const SUBSCHEMA_MAPS = [
  'properties',
  'patternProperties',
  '$defs',
  'schemas',
  'requestBodies',
  'responses',
  'content',
];
// Not allOf: its members' siblings may extend any object inside them, so nothing under them is closed.
const SUBSCHEMA_LISTS = ['oneOf', 'anyOf', 'prefixItems'];
const SUBSCHEMAS = [
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'not',
  'schema',
  'if',
  'then',
  'else',
  'contains',
];

/**
 * Makes every object schema refuse properties it does not declare, where it is used (not on the
 * component itself, nor anywhere under an allOf, whose members add properties to each other). The specification's own
 * test tool does the same before checking answers; without it an unknown query or answer field passes.
 */
function closeObjects(documents: Map<string, Schema>): void {
  const visit = (path: string, node: unknown, place: 'component' | 'other'): void => {
    if (!isSchema(node)) return;
    for (const key of SUBSCHEMA_MAPS) {
      const map = node[key];
      if (isSchema(map))
        for (const child of Object.values(map))
          visit(path, child, key === 'schemas' ? 'component' : 'other');
    }
    for (const key of SUBSCHEMA_LISTS) {
      const list = node[key];
      if (Array.isArray(list)) for (const child of list) visit(path, child, 'other');
    }
    for (const key of SUBSCHEMAS) visit(path, node[key], 'other');
    if (place !== 'other' || 'additionalProperties' in node || 'unevaluatedProperties' in node)
      return;
    if (
      Object.keys(node).every((key) => key === 'type' || key === 'description' || key === 'title')
    )
      return;
    if (onlyObjects(documents, path, node)) node.unevaluatedProperties = false;
  };
  for (const [path, document] of documents) visit(path, document.components, 'other');
}

function validator(ref: string): ValidateFunction {
  let validate = compiled.get(ref);
  if (!validate) {
    const found = instance().getSchema(`${BASE}${ref}`);
    if (!found) throw new Error(`The specification copy has no schema at ${ref}`);
    validate = found;
    compiled.set(ref, validate);
  }
  return validate;
}

function describe(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map(
    (error) =>
      `${error.instancePath || '/'} ${error.message ?? 'is invalid'}${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}`,
  );
}

/** Errors of `value` against a schema of the copy, e.g. `schemas/_core.search.yaml#/components/schemas/SearchResponse`. */
export function validateSchema(ref: string, value: unknown): string[] {
  const validate = validator(ref);
  return validate(value) ? [] : describe(validate.errors);
}

/** Errors of a request body against an operation's declared body (`search`, `count`, `delete_pit`, `indices.create`...). */
export function validateRequestBody(operation: string, body: unknown): string[] {
  // Bulk and msearch bodies are NDJSON: pass their lines parsed, as an array.
  const media =
    operation === 'bulk' || operation === 'msearch' ? 'application~1x-ndjson' : 'application~1json';
  return validateSchema(
    `namespaces/operations.yaml#/components/requestBodies/${escapePointer(operation)}/content/${media}/schema`,
    body,
  );
}

/**
 * Errors of an answer against the answer the operation declares for its status (`search@200`,
 * `get@404`...); an error status the operation does not declare is checked against the
 * specification's error body.
 */
export function validateAnswer(operation: string, status: number, body: unknown): string[] {
  const declared = `namespaces/operations.yaml#/components/responses/${escapePointer(`${operation}@${status}`)}/content/application~1json/schema`;
  if (status >= 400 && !declares(declared))
    return validateSchema('schemas/_common.yaml#/components/schemas/ErrorResponseBase', body);
  return validateSchema(declared, body);
}

/** Errors of a `_search` body against the specification (empty when it conforms). */
export function validateSearchRequest(body: unknown): string[] {
  return validateRequestBody('search', body);
}

function declares(ref: string): boolean {
  try {
    return instance().getSchema(`${BASE}${ref}`) !== undefined;
  } catch {
    return false;
  }
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
