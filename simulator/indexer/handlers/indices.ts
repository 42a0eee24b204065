/**
 * Index management: create, exists, delete, get, `_cat/indices`, `_refresh`, `_mapping` and
 * `_field_caps` (types declared at creation or inferred from the documents).
 */
import { simpleError } from '../errors';
import type { Reply } from '../http';
import { parseJson } from '../http';
import { propertiesTree } from '../mapping';
import type { Route, RouteRequest } from '../router';
import type { Index } from '../store';
import { type Env, type Json, flag } from './env';

function resolveOptions(
  request: RouteRequest,
  defaults: { ignoreUnavailable: boolean; allowNoIndices: boolean },
) {
  return {
    ignoreUnavailable: flag(request.query, 'ignore_unavailable', defaults.ignoreUnavailable),
    allowNoIndices: flag(request.query, 'allow_no_indices', defaults.allowNoIndices),
  };
}

const INDEX_BODY_KEYS = new Set(['settings', 'mappings', 'aliases']);

function create(request: RouteRequest, env: Env): Reply {
  const body = (request.text.trim() ? parseJson(request.text) : {}) as Json;
  for (const key of Object.keys(body)) {
    if (!INDEX_BODY_KEYS.has(key))
      throw simpleError(400, 'parse_exception', `unknown key [${key}] for create index`);
  }
  const index = env.store.create(
    request.params.index,
    (body.settings ?? {}) as Json,
    (body.mappings ?? {}) as Json,
  );
  return {
    status: 200,
    body: { acknowledged: true, shards_acknowledged: true, index: index.name },
  };
}

function exists(request: RouteRequest, env: Env): Reply {
  try {
    const found = env.store.resolve(
      request.params.index,
      resolveOptions(request, { ignoreUnavailable: false, allowNoIndices: false }),
    );
    return { status: found.length > 0 ? 200 : 404 };
  } catch {
    return { status: 404 };
  }
}

function remove(request: RouteRequest, env: Env): Reply {
  const found = env.store.resolve(
    request.params.index,
    resolveOptions(request, { ignoreUnavailable: false, allowNoIndices: true }),
  );
  for (const index of found) env.store.delete(index.name);
  return { status: 200, body: { acknowledged: true } };
}

function settingsOf(index: Index): Json {
  const declared = (index.settings.index ?? index.settings) as Json;
  return {
    index: {
      ...declared,
      creation_date: String(index.creationDate),
      number_of_shards: String(declared.number_of_shards ?? '1'),
      number_of_replicas: String(declared.number_of_replicas ?? '1'),
      uuid: index.uuid,
      version: { created: '137217827' },
      provided_name: index.name,
    },
  };
}

function get(request: RouteRequest, env: Env): Reply {
  const found = env.store.resolve(
    request.params.index,
    resolveOptions(request, { ignoreUnavailable: false, allowNoIndices: true }),
  );
  const body: Json = {};
  for (const index of found)
    body[index.name] = { aliases: {}, mappings: mappingOf(index), settings: settingsOf(index) };
  return { status: 200, body };
}

function mappingOf(index: Index): Json {
  return { properties: propertiesTree(index.fields.all()) };
}

function mapping(request: RouteRequest, env: Env): Reply {
  const found = env.store.resolve(
    request.params.index,
    resolveOptions(request, { ignoreUnavailable: false, allowNoIndices: true }),
  );
  const body: Json = {};
  for (const index of found) body[index.name] = { mappings: mappingOf(index) };
  return { status: 200, body };
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes}b`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}kb`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)}mb`;
  return `${(bytes / 1024 ** 3).toFixed(1)}gb`;
}

const CAT_COLUMNS = [
  'health',
  'status',
  'index',
  'uuid',
  'pri',
  'rep',
  'docs.count',
  'docs.deleted',
  'store.size',
  'pri.store.size',
];

function catIndices(request: RouteRequest, env: Env): Reply {
  const pattern = request.params.index;
  const found = env.store.resolve(pattern, { ignoreUnavailable: false, allowNoIndices: true });
  const rows = found.map((index) => {
    // A rough size: what the documents would take as JSON, enough for a human reading the table.
    const bytes = index.docs.count * 512;
    return {
      health: 'green',
      status: 'open',
      index: index.name,
      uuid: index.uuid,
      pri: '1',
      rep: '0',
      'docs.count': String(index.docs.count),
      'docs.deleted': '0',
      'store.size': sizeText(bytes),
      'pri.store.size': sizeText(bytes),
    };
  });
  const columns = request.query.get('h')?.split(',') ?? CAT_COLUMNS;
  const picked = rows.map((row) =>
    Object.fromEntries(
      columns.map((column) => [column, (row as Record<string, string>)[column] ?? null]),
    ),
  );
  if (request.query.get('format') === 'json') return { status: 200, body: picked };
  const lines = picked.map((row) => columns.map((column) => row[column] ?? '').join(' '));
  if (flag(request.query, 'v', false)) lines.unshift(columns.join(' '));
  return {
    status: 200,
    body: lines.map((line) => `${line}\n`).join(''),
    contentType: 'text/plain; charset=UTF-8',
  };
}

function refresh(request: RouteRequest, env: Env): Reply {
  const found = env.store.resolve(
    request.params.index,
    resolveOptions(request, { ignoreUnavailable: false, allowNoIndices: true }),
  );
  return {
    status: 200,
    body: { _shards: { total: found.length, successful: found.length, failed: 0 } },
  };
}

const META_FIELDS: Array<[string, boolean, boolean]> = [
  ['_id', true, true],
  ['_index', true, true],
  ['_source', false, false],
  ['_seq_no', true, true],
  ['_version', false, false],
  ['_routing', true, false],
  ['_ignored', true, false],
  ['_field_names', true, false],
];

function capability(type: string): Json {
  const searchable = type !== 'object';
  const aggregatable = type !== 'object' && type !== 'text';
  return { type, searchable, aggregatable };
}

function fieldCaps(request: RouteRequest, env: Env): Reply {
  const body = (request.text.trim() ? parseJson(request.text) : {}) as Json;
  const wanted = (
    request.query.get('fields') ?? (Array.isArray(body.fields) ? body.fields.join(',') : '')
  )
    .split(',')
    .filter(Boolean);
  if (wanted.length === 0)
    throw simpleError(
      400,
      'action_request_validation_exception',
      "Validation Failed: 1: specified fields can't be null or empty;",
    );
  const patterns = wanted.map(
    (field) => new RegExp(`^${field.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`),
  );
  const found = env.store.resolve(
    request.params.index,
    resolveOptions(request, { ignoreUnavailable: false, allowNoIndices: true }),
  );
  const byField = new Map<string, Map<string, string[]>>();
  const note = (field: string, type: string, index: string) => {
    if (!patterns.some((pattern) => pattern.test(field))) return;
    const types = byField.get(field) ?? new Map<string, string[]>();
    byField.set(field, types);
    const indices = types.get(type) ?? [];
    types.set(type, indices);
    indices.push(index);
  };
  for (const index of found) {
    for (const [field, type] of index.fields.all()) {
      note(field, type, index.name);
      const parts = field.split('.');
      for (let at = 1; at < parts.length; at++) {
        const parent = parts.slice(0, at).join('.');
        const types = byField.get(parent);
        if (!types?.get('object')?.includes(index.name)) note(parent, 'object', index.name);
      }
    }
    for (const [field] of META_FIELDS) note(field, field, index.name);
  }
  const fields: Json = {};
  for (const [field, types] of [...byField].sort(([a], [b]) => a.localeCompare(b))) {
    const entry: Json = {};
    const meta = META_FIELDS.find(([name]) => name === field);
    for (const [type, indices] of types) {
      const caps = meta ? { type, searchable: meta[1], aggregatable: meta[2] } : capability(type);
      entry[type] = types.size > 1 && indices.length < found.length ? { ...caps, indices } : caps;
    }
    fields[field] = entry;
  }
  return { status: 200, body: { indices: found.map((index) => index.name), fields } };
}

const TEMPLATE_KEYS = new Set([
  'index_patterns',
  'template',
  'priority',
  'version',
  'composed_of',
  '_meta',
  'data_stream',
]);
const TEMPLATE_BODY_KEYS = new Set(['settings', 'mappings', 'aliases']);

function templateProblem(reason: string) {
  return simpleError(400, 'x_content_parse_exception', `[index_template] ${reason}`);
}

/** `PUT _index_template/{name}`: `index_patterns` required, `template` holds what a new index gets. */
function putTemplate(request: RouteRequest, env: Env): Reply {
  const body = parseJson(request.text);
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw simpleError(400, 'parse_exception', 'request body is required');
  const definition = body as Json;
  for (const key of Object.keys(definition))
    if (!TEMPLATE_KEYS.has(key)) throw templateProblem(`unknown field [${key}]`);
  const patterns = definition.index_patterns;
  const indexPatterns = typeof patterns === 'string' ? [patterns] : patterns;
  if (
    !Array.isArray(indexPatterns) ||
    indexPatterns.length === 0 ||
    indexPatterns.some((pattern) => typeof pattern !== 'string' || pattern === '')
  )
    throw simpleError(
      400,
      'action_request_validation_exception',
      'Validation Failed: 1: index patterns are missing;',
    );
  const template = (definition.template ?? {}) as Json;
  if (typeof template !== 'object' || Array.isArray(template))
    throw templateProblem('[template] must be an object');
  for (const key of Object.keys(template))
    if (!TEMPLATE_BODY_KEYS.has(key)) throw templateProblem(`[template] unknown field [${key}]`);
  const priority = definition.priority ?? 0;
  if (typeof priority !== 'number' || !Number.isInteger(priority) || priority < 0)
    throw templateProblem('[priority] must be a whole number of 0 or more');
  env.store.putTemplate(
    request.params.name,
    {
      indexPatterns: indexPatterns as string[],
      priority,
      settings: (template.settings ?? {}) as Json,
      mappings: (template.mappings ?? {}) as Json,
    },
    flag(request.query, 'create', false),
  );
  return { status: 200, body: { acknowledged: true } };
}

export const indexRoutes: Array<Route<Env>> = [
  {
    methods: ['PUT', 'POST'],
    path: '/_index_template/{name}',
    name: 'indices.put_index_template',
    handle: putTemplate,
  },
  { methods: ['PUT'], path: '/{index}', name: 'indices.create', handle: create },
  { methods: ['HEAD'], path: '/{index}', name: 'indices.exists', handle: exists },
  { methods: ['DELETE'], path: '/{index}', name: 'indices.delete', handle: remove },
  { methods: ['GET'], path: '/{index}', name: 'indices.get', handle: get },
  { methods: ['GET'], path: '/_cat/indices', name: 'cat.indices', handle: catIndices },
  { methods: ['GET'], path: '/_cat/indices/{index}', name: 'cat.indices', handle: catIndices },
  { methods: ['GET', 'POST'], path: '/_refresh', name: 'indices.refresh', handle: refresh },
  { methods: ['GET', 'POST'], path: '/{index}/_refresh', name: 'indices.refresh', handle: refresh },
  { methods: ['GET'], path: '/_mapping', name: 'indices.get_mapping', handle: mapping },
  { methods: ['GET'], path: '/{index}/_mapping', name: 'indices.get_mapping', handle: mapping },
  { methods: ['GET', 'POST'], path: '/_field_caps', name: 'field_caps', handle: fieldCaps },
  { methods: ['GET', 'POST'], path: '/{index}/_field_caps', name: 'field_caps', handle: fieldCaps },
];
