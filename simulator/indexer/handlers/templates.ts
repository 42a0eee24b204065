/**
 * Legacy index templates (`/_template`), as a Wazuh indexer holds them: the `wazuh` template Filebeat
 * installs for the alerts and archives indices is there from the start, as on a set-up indexer.
 */
import { simpleError } from '../errors';
import type { Reply } from '../http';
import { parseJson } from '../http';
import type { Route, RouteRequest } from '../router';
import type { Env, Json } from './env';

/** The template of a Wazuh 4.x indexer (its settings and mappings left out: the stand-in maps by itself). */
export const WAZUH_TEMPLATE: Json = {
  order: 0,
  index_patterns: ['wazuh-alerts-4.x-*', 'wazuh-archives-4.x-*'],
  settings: { index: { refresh_interval: '5s', number_of_shards: '3' } },
  mappings: {},
  aliases: {},
};

function matching(env: Env, expression: string | undefined): Array<[string, Json]> {
  const names = expression?.split(',') ?? ['*'];
  const pattern = (name: string) =>
    new RegExp(`^${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
  return [...env.templates.entries()].filter(([name]) =>
    names.some((wanted) => pattern(wanted).test(name)),
  );
}

function get(request: RouteRequest, env: Env): Reply {
  const found = matching(env, request.params.name);
  if (request.params.name && found.length === 0) return { status: 404, body: {} };
  return { status: 200, body: Object.fromEntries(found) };
}

function put(request: RouteRequest, env: Env): Reply {
  const body = parseJson(request.text) as Json;
  if (!Array.isArray(body.index_patterns))
    throw simpleError(400, 'action_request_validation_exception', 'index patterns are missing');
  env.templates.set(request.params.name, {
    order: 0,
    settings: {},
    mappings: {},
    aliases: {},
    ...body,
  });
  return { status: 200, body: { acknowledged: true } };
}

function remove(request: RouteRequest, env: Env): Reply {
  if (!env.templates.delete(request.params.name))
    throw simpleError(
      404,
      'index_template_missing_exception',
      `index_template [${request.params.name}] missing`,
    );
  return { status: 200, body: { acknowledged: true } };
}

export const templateRoutes: Array<Route<Env>> = [
  { methods: ['GET'], path: '/_template', name: 'indices.get_template', handle: get },
  { methods: ['GET'], path: '/_template/{name}', name: 'indices.get_template', handle: get },
  {
    methods: ['PUT', 'POST'],
    path: '/_template/{name}',
    name: 'indices.put_template',
    handle: put,
  },
  {
    methods: ['DELETE'],
    path: '/_template/{name}',
    name: 'indices.delete_template',
    handle: remove,
  },
];
