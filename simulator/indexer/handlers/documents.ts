/** Writing and reading documents: `_bulk` (index, create, delete, update) and `/{index}/_doc`. */
import { OpenSearchErrorAnswer, simpleError } from '../errors';
import type { Source } from '../fields';
import { type Reply, ndjsonLines, parseJson } from '../http';
import type { Route, RouteRequest } from '../router';
import type { Env, Json } from './env';

const ACTIONS = new Set(['index', 'create', 'delete', 'update']);

function malformed(line: number, reason: string): OpenSearchErrorAnswer {
  return simpleError(
    400,
    'illegal_argument_exception',
    `Malformed action/metadata line [${line}], ${reason}`,
  );
}

function writeResult(
  env: Env,
  index: string,
  id: string,
  version: number,
  result: string,
  status: number,
  seqNo: number,
): Json {
  void env;
  return {
    _index: index,
    _id: id,
    _version: version,
    result,
    _shards: { total: 2, successful: 1, failed: 0 },
    _seq_no: seqNo,
    _primary_term: 1,
    status,
  };
}

function itemError(error: unknown, index: string, id: string | undefined): Json {
  if (!(error instanceof OpenSearchErrorAnswer)) throw error;
  const { root_cause: _rootCause, ...cause } = error.body.error;
  void _rootCause;
  return { _index: index, _id: id ?? null, status: error.status, error: cause };
}

function bulk(request: RouteRequest, env: Env): Reply {
  const started = performance.now();
  const lines = ndjsonLines(request.text, 'bulk');
  const items: Json[] = [];
  let errors = false;
  for (let at = 0; at < lines.length; at++) {
    if (lines[at].trim() === '') continue;
    const lineNumber = at + 1;
    const header = parseJson(lines[at]);
    if (header === null || typeof header !== 'object' || Array.isArray(header))
      throw malformed(lineNumber, 'expected START_OBJECT or END_OBJECT but found [VALUE_STRING]');
    const [action, ...extra] = Object.keys(header);
    if (!action || extra.length > 0 || !ACTIONS.has(action))
      throw malformed(
        lineNumber,
        `expected field [create], [delete], [index] or [update] but found [${action}]`,
      );
    const meta = (header as Json)[action] as Json;
    const index = (meta?._index as string | undefined) ?? request.params.index;
    const id = meta?._id === undefined ? undefined : String(meta._id);
    if (!index) {
      throw simpleError(
        400,
        'action_request_validation_exception',
        'Validation Failed: 1: index is missing;',
      );
    }
    let source: Json | undefined;
    if (action !== 'delete') {
      at++;
      if (at >= lines.length)
        throw simpleError(
          400,
          'illegal_argument_exception',
          'The bulk request must be terminated by a newline [\n]',
        );
      source = parseJson(lines[at]) as Json;
    }
    try {
      items.push({ [action]: apply(env, action, index, id, source) });
    } catch (error) {
      errors = true;
      items.push({ [action]: itemError(error, index, id) });
    }
  }
  return { status: 200, body: { took: Math.round(performance.now() - started), errors, items } };
}

function apply(
  env: Env,
  action: string,
  index: string,
  id: string | undefined,
  source: Json | undefined,
): Json {
  if (action === 'delete') {
    const target = env.store.get(index);
    const removed = id === undefined ? undefined : target?.docs.delete(id);
    if (!removed)
      return {
        _index: index,
        _id: id,
        _version: 1,
        result: 'not_found',
        _shards: { total: 2, successful: 1, failed: 0 },
        _seq_no: 0,
        _primary_term: 1,
        status: 404,
      };
    return writeResult(env, index, removed.id, removed.version + 1, 'deleted', 200, removed.seq);
  }
  if (action === 'update') {
    const existing = id === undefined ? undefined : env.store.get(index)?.docs.get(id);
    const doc = (source?.doc ?? {}) as Source;
    if (!existing && source?.doc_as_upsert !== true && source?.upsert === undefined) {
      throw simpleError(404, 'document_missing_exception', `[${id}]: document missing`, {
        index_uuid: env.store.get(index)?.uuid ?? '_na_',
        shard: '0',
        index,
      });
    }
    const merged = existing
      ? deepMerge(JSON.parse(existing.json) as Source, doc)
      : ((source?.upsert as Source | undefined) ?? doc);
    const { doc: written, result } = env.store.put(index, merged, id);
    return writeResult(
      env,
      index,
      written.id,
      written.version,
      result,
      result === 'created' ? 201 : 200,
      written.seq,
    );
  }
  if (source === null || typeof source !== 'object' || Array.isArray(source))
    throw simpleError(400, 'mapper_parsing_exception', 'failed to parse');
  const { doc, result } = env.store.put(
    index,
    source,
    id,
    action === 'create' ? 'create' : 'index',
  );
  return writeResult(
    env,
    index,
    doc.id,
    doc.version,
    result,
    result === 'created' ? 201 : 200,
    doc.seq,
  );
}

function deepMerge(base: Source, change: Source): Source {
  const out: Source = { ...base };
  for (const [key, value] of Object.entries(change)) {
    const current = out[key];
    out[key] =
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      current !== null &&
      typeof current === 'object' &&
      !Array.isArray(current)
        ? deepMerge(current as Source, value as Source)
        : value;
  }
  return out;
}

function indexOne(request: RouteRequest, env: Env): Reply {
  const source = parseJson(request.text) as Json;
  const mode =
    request.query.get('op_type') === 'create' || request.params.op === '_create'
      ? 'create'
      : 'index';
  const result = apply(env, mode, request.params.index, request.params.id, source);
  const { status, ...body } = result;
  return { status: status as number, body };
}

function getOne(request: RouteRequest, env: Env): Reply {
  const { index, id } = request.params;
  const target = env.store.get(index);
  if (!target)
    throw simpleError(404, 'index_not_found_exception', `no such index [${index}]`, {
      index,
      'resource.id': index,
      'resource.type': 'index_expression',
      index_uuid: '_na_',
    });
  const doc = target.docs.get(id);
  if (!doc) return { status: 404, body: { _index: index, _id: id, found: false } };
  return {
    status: 200,
    body: {
      _index: index,
      _id: id,
      _version: doc.version,
      _seq_no: doc.seq,
      _primary_term: 1,
      found: true,
      _source: JSON.parse(doc.json) as Json,
    },
  };
}

export const documentRoutes: Array<Route<Env>> = [
  { methods: ['POST', 'PUT'], path: '/_bulk', name: 'bulk', handle: bulk },
  { methods: ['POST', 'PUT'], path: '/{index}/_bulk', name: 'bulk', handle: bulk },
  { methods: ['POST'], path: '/{index}/_doc', name: 'index', handle: indexOne },
  { methods: ['POST', 'PUT'], path: '/{index}/_doc/{id}', name: 'index', handle: indexOne },
  {
    methods: ['POST', 'PUT'],
    path: '/{index}/_create/{id}',
    name: 'create',
    handle: (request, env) =>
      indexOne({ ...request, params: { ...request.params, op: '_create' } }, env),
  },
  { methods: ['GET'], path: '/{index}/_doc/{id}', name: 'get', handle: getOne },
];
