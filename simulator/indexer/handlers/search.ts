/**
 * `_search`, `_msearch`, `_count` and point in time: resolving the index expression (or the point in
 * time) and handing the body to the search executor.
 */
import { OpenSearchErrorAnswer, parsingError, simpleError, validationError } from '../errors';
import { type Reply, ndjsonLines, parseJson } from '../http';
import { parseTimeValue } from '../pit';
import { compileQuery } from '../query/compile';
import type { Route, RouteRequest } from '../router';
import { type Target, contextFor, executeSearch } from '../search/search';
import type { Index } from '../store';
import { type Env, type Json, flag, shards } from './env';

function asTarget(index: Index, view = index.docs.view()): Target {
  return {
    name: index.name,
    view,
    typeOf: (path) => index.fields.typeOf(path, view),
    fields: () => [...index.fields.all().keys()],
  };
}

function bodyOf(text: string): Json {
  if (text.trim() === '') return {};
  const body = parseJson(text);
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw parsingError('Expected [START_OBJECT] but found [VALUE_STRING]');
  return body as Json;
}

interface SearchCall {
  index: string | undefined;
  body: Json;
  text: string;
  query: URLSearchParams;
}

/** One search (alone or inside msearch): the answer text or an OpenSearchErrorAnswer. */
function runSearch(call: SearchCall, env: Env): Buffer[] {
  const pit = call.body.pit as Json | undefined;
  if (pit !== undefined) {
    if (call.index !== undefined)
      throw validationError(['[indices] cannot be used with point in time']);
    if (typeof pit !== 'object' || pit === null || typeof pit.id !== 'string')
      throw parsingError('[pit] requires an [id]');
    const found = env.pits.use(
      pit.id,
      typeof pit.keep_alive === 'string' ? pit.keep_alive : undefined,
    );
    const { pit: _pit, ...body } = call.body;
    void _pit;
    return executeSearch({
      targets: found.indices.map(({ index, view }) => asTarget(index, view)),
      body,
      text: call.text,
      params: call.query,
      now: env.clock(),
      maxBuckets: env.maxBuckets,
      pitId: found.id,
    });
  }
  const indices = env.store.resolve(call.index, {
    ignoreUnavailable: flag(call.query, 'ignore_unavailable', false),
    allowNoIndices: flag(call.query, 'allow_no_indices', true),
  });
  return executeSearch({
    targets: indices.map((index) => asTarget(index)),
    body: call.body,
    text: call.text,
    params: call.query,
    now: env.clock(),
    maxBuckets: env.maxBuckets,
  });
}

function search(request: RouteRequest, env: Env): Reply {
  const body = bodyOf(request.text);
  return {
    status: 200,
    body: runSearch(
      { index: request.params.index, body, text: request.text, query: request.query },
      env,
    ),
  };
}

const MSEARCH_HEADER_KEYS = new Set([
  'index',
  'indices',
  'ignore_unavailable',
  'allow_no_indices',
  'expand_wildcards',
  'preference',
  'routing',
  'search_type',
  'request_cache',
  'ccs_minimize_roundtrips',
  'allow_partial_search_results',
  'ignore_throttled',
]);

function msearch(request: RouteRequest, env: Env): Reply {
  const started = performance.now();
  const lines = ndjsonLines(request.text, 'msearch');
  const answers: string[] = [];
  for (let at = 0; at < lines.length; at += 2) {
    const header = bodyOf(lines[at]);
    for (const key of Object.keys(header))
      if (!MSEARCH_HEADER_KEYS.has(key))
        throw simpleError(
          400,
          'illegal_argument_exception',
          `key [${key}] is not supported in the metadata section`,
        );
    const text = lines[at + 1] ?? '';
    const params = new URLSearchParams(request.query);
    for (const key of ['ignore_unavailable', 'allow_no_indices'])
      if (header[key] !== undefined) params.set(key, String(header[key]));
    const named = header.index ?? header.indices;
    const index = Array.isArray(named)
      ? named.join(',')
      : ((named as string | undefined) ?? request.params.index);
    try {
      const answer = Buffer.concat(
        runSearch({ index, body: bodyOf(text), text, query: params }, env),
      ).toString();
      answers.push(`${answer.slice(0, -1)},"status":200}`);
    } catch (error) {
      if (!(error instanceof OpenSearchErrorAnswer)) throw error;
      answers.push(JSON.stringify({ error: error.body.error, status: error.status }));
    }
  }
  return {
    status: 200,
    body: `{"took":${Math.round(performance.now() - started)},"responses":[${answers.join(',')}]}`,
  };
}

function count(request: RouteRequest, env: Env): Reply {
  const body = bodyOf(request.text);
  for (const key of Object.keys(body))
    if (key !== 'query') throw parsingError(`request does not support [${key}]`);
  const indices = env.store.resolve(request.params.index, {
    ignoreUnavailable: flag(request.query, 'ignore_unavailable', false),
    allowNoIndices: flag(request.query, 'allow_no_indices', true),
  });
  const targets = indices.map((index) => asTarget(index));
  const context = contextFor(targets, env.clock(), request.text);
  const q = request.query.get('q');
  const query = compileQuery(q === null ? body.query : { query_string: { query: q } }, context);
  let total = 0;
  for (const target of targets) {
    for (const docs of [target.view.timed, target.view.untimed])
      for (const doc of docs) if (query.matchesAll || query.test(doc)) total++;
  }
  return { status: 200, body: { count: total, _shards: shards(targets.length) } };
}

function createPit(request: RouteRequest, env: Env): Reply {
  const keepAlive = request.query.get('keep_alive');
  if (!keepAlive) throw validationError(['keep alive not specified']);
  parseTimeValue(keepAlive, 'keep_alive');
  const indices = env.store.resolve(request.params.index, {
    ignoreUnavailable: flag(request.query, 'ignore_unavailable', false),
    allowNoIndices: flag(request.query, 'allow_no_indices', true),
  });
  const pit = env.pits.create(indices, keepAlive);
  return {
    status: 200,
    body: { pit_id: pit.id, _shards: shards(indices.length), creation_time: pit.creationTime },
  };
}

function deletePits(request: RouteRequest, env: Env): Reply {
  const body = bodyOf(request.text);
  const ids = body.pit_id;
  if (!Array.isArray(ids) || ids.length === 0) throw validationError(['no pit ids specified']);
  const pits = env.pits.delete(ids.map(String));
  return { status: pits.every((pit) => !pit.successful) ? 404 : 200, body: { pits } };
}

function listPits(env: Env): Reply {
  return {
    status: 200,
    body: {
      pits: env.pits.list().map((pit) => ({
        pit_id: pit.id,
        creation_time: pit.creationTime,
        keep_alive: pit.keepAliveMs,
      })),
    },
  };
}

export const searchRoutes: Array<Route<Env>> = [
  { methods: ['GET', 'POST'], path: '/_search', name: 'search', handle: search },
  { methods: ['GET', 'POST'], path: '/{index}/_search', name: 'search', handle: search },
  { methods: ['GET', 'POST'], path: '/_msearch', name: 'msearch', handle: msearch },
  { methods: ['GET', 'POST'], path: '/{index}/_msearch', name: 'msearch', handle: msearch },
  { methods: ['GET', 'POST'], path: '/_count', name: 'count', handle: count },
  { methods: ['GET', 'POST'], path: '/{index}/_count', name: 'count', handle: count },
  {
    methods: ['POST'],
    path: '/{index}/_search/point_in_time',
    name: 'create_pit',
    handle: createPit,
  },
  { methods: ['DELETE'], path: '/_search/point_in_time', name: 'delete_pit', handle: deletePits },
  {
    methods: ['DELETE'],
    path: '/_search/point_in_time/_all',
    name: 'delete_all_pits',
    handle: (_request, env) => ({ status: 200, body: { pits: env.pits.deleteAll() } }),
  },
  {
    methods: ['GET'],
    path: '/_search/point_in_time/_all',
    name: 'get_all_pits',
    handle: (_request, env) => listPits(env),
  },
];
