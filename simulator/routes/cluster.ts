/**
 * HTTP bindings of the cluster: the cluster, its nodes, each node's status, information, log and
 * ossec.conf, the configuration check and the restart.
 */
import { type HandlerTable, type RequestContext, caller } from '../http/context';
import {
  clusterHealthcheck,
  clusterRestart,
  clusterValidation,
  nodeConfiguration,
  updateNodeConfiguration,
  clusterLocalInfo,
  clusterNodes,
  clusterStatus,
  nodeInfo,
  nodeLogs,
  nodeLogsSummary,
  nodeStatus,
} from '../services/cluster';
import { nodeDaemonStats } from '../services/daemon-stats';
import type { SimulatorState } from '../state';

const nodeId = (context: RequestContext) => String(context.path.node_id);

export function clusterHandlers(state: SimulatorState): HandlerTable {
  return {
    'GET /cluster/status': (context) => ({ body: clusterStatus(state, caller(context)) }),
    'GET /cluster/local/info': (context) => ({ body: clusterLocalInfo(state, caller(context)) }),
    'GET /cluster/nodes': (context) => ({
      body: clusterNodes(state, caller(context), context.query),
    }),
    'GET /cluster/healthcheck': (context) => ({
      body: clusterHealthcheck(state, caller(context), context.query),
    }),
    'GET /cluster/{node_id}/status': (context) => ({
      body: nodeStatus(state, caller(context), nodeId(context)),
    }),
    'GET /cluster/{node_id}/info': (context) => ({
      body: nodeInfo(state, caller(context), nodeId(context)),
    }),
    'GET /cluster/{node_id}/logs': (context) => ({
      body: nodeLogs(state, caller(context), nodeId(context), context.query),
    }),
    'GET /cluster/{node_id}/stats/remoted': (context) => ({
      body: nodeDaemonStats(state, caller(context), nodeId(context), 'remoted'),
    }),
    'GET /cluster/{node_id}/stats/analysisd': (context) => ({
      body: nodeDaemonStats(state, caller(context), nodeId(context), 'analysisd'),
    }),
    'GET /cluster/{node_id}/logs/summary': (context) => ({
      body: nodeLogsSummary(state, caller(context), nodeId(context)),
    }),
    'GET /cluster/{node_id}/configuration': (context) => {
      const answer = nodeConfiguration(state, caller(context), nodeId(context), context.query);
      return 'xml' in answer
        ? { body: answer.xml, contentType: 'application/xml; charset=utf-8' }
        : { body: answer.envelope };
    },
    'PUT /cluster/{node_id}/configuration': (context) => ({
      body: updateNodeConfiguration(state, caller(context), nodeId(context), context.body),
    }),
    'GET /cluster/configuration/validation': (context) => ({
      body: clusterValidation(state, caller(context), context.query),
    }),
    'PUT /cluster/restart': (context) => ({
      status: 202,
      body: clusterRestart(state, caller(context), context.query),
    }),
  };
}
