/** `GET /` and `HEAD /` (who the node is) and `GET /_cluster/health`. */
import { NODE_NAME } from '../errors';
import type { Reply } from '../http';
import type { Route } from '../router';
import type { Env } from './env';

function info(env: Env): Reply {
  return {
    status: 200,
    body: {
      name: NODE_NAME,
      cluster_name: env.clusterName,
      cluster_uuid: env.clusterUuid,
      version: {
        distribution: 'opensearch',
        number: env.version,
        build_type: 'tar',
        build_hash: '0000000000000000000000000000000000000000',
        build_date: '2025-02-27T01:15:52.264401Z',
        build_snapshot: false,
        lucene_version: '9.12.1',
        minimum_wire_compatibility_version: '7.10.0',
        minimum_index_compatibility_version: '7.0.0',
      },
      tagline: 'The OpenSearch Project: https://opensearch.org/',
    },
  };
}

function health(env: Env, index: string | undefined): Reply {
  const indices = index ? env.store.resolve(index, { allowNoIndices: true }) : env.store.list();
  return {
    status: 200,
    body: {
      cluster_name: env.clusterName,
      status: 'green',
      timed_out: false,
      number_of_nodes: 1,
      number_of_data_nodes: 1,
      discovered_master: true,
      discovered_cluster_manager: true,
      active_primary_shards: indices.length,
      active_shards: indices.length,
      relocating_shards: 0,
      initializing_shards: 0,
      unassigned_shards: 0,
      delayed_unassigned_shards: 0,
      number_of_pending_tasks: 0,
      number_of_in_flight_fetch: 0,
      task_max_waiting_in_queue_millis: 0,
      active_shards_percent_as_number: 100.0,
    },
  };
}

export const clusterRoutes: Array<Route<Env>> = [
  { methods: ['GET', 'HEAD'], path: '/', name: 'info', handle: (_request, env) => info(env) },
  {
    methods: ['GET'],
    path: '/_cluster/health',
    name: 'cluster.health',
    handle: (_request, env) => health(env, undefined),
  },
  {
    methods: ['GET'],
    path: '/_cluster/health/{index}',
    name: 'cluster.health',
    handle: (request, env) => health(env, request.params.index),
  },
];
