/**
 * Cluster reads. `cluster:status` (resourceless) says whether the cluster runs; everything else needs
 * `cluster:read` on the node (`node:id:<name>`): lists leave out the nodes the caller may not read, a
 * node's own routes refuse with 4000. A worker that stopped answering times out (3021).
 */
import type { Cluster, ClusterNode } from '../data/cluster';
import { daemonStates, managerInfo } from '../data/manager';
import type { Session } from '../http/context';
import { AffectedItems, type ListBody, dataResult } from '../http/envelope';
import type { ParsedParams } from '../http/params';
import { codedProblem, permissionDenied } from '../http/problem';
import { errorNode, requireResourceless } from '../rbac/guard';
import { allowsStatic } from '../rbac/permissions';
import { type TableSpec, listItems } from '../query/list-query';
import type { SimulatorState } from '../state';
import { listParams } from './list-params';
import { logLines, logSummary } from './manager-logs';

const NODE_FIELDS = ['name', 'type', 'version', 'ip'] as const;

const NODE_TABLE: TableSpec<ClusterNode> = {
  mode: 'memory',
  fields: {},
  sortFields: NODE_FIELDS,
  selectFields: NODE_FIELDS,
  requiredFields: ['name'],
};

function runningCluster(state: SimulatorState): Cluster {
  if (!state.cluster) throw codedProblem(3013);
  return state.cluster;
}

function mayRead(session: Session, node: string): boolean {
  return allowsStatic(session.permissions, 'cluster:read', `node:id:${node}`);
}

/** The nodes of `nodes_list` (all by default) the caller may read; 4000 when it may read none. */
function readableNodes(
  cluster: Cluster,
  session: Session,
  query: ParsedParams,
  result: AffectedItems<unknown>,
): ClusterNode[] {
  const wanted = query.nodes_list as string[] | undefined;
  const nodes = wanted
    ? wanted.flatMap((name) => {
        const node = cluster.node(name);
        if (!node) result.fail(1730, name);
        return node ? [node] : [];
      })
    : [...cluster.nodes];
  const readable = nodes.filter((node) => mayRead(session, node.name));
  if (readable.length === 0 && nodes.length > 0)
    throw permissionDenied('node:id', errorNode(session));
  return readable;
}

/** The node a per-node route names, once it is known, readable and answering. */
export function targetNode(state: SimulatorState, session: Session, nodeId: string): Cluster {
  const cluster = runningCluster(state);
  if (!cluster.node(nodeId)) throw codedProblem(1730, { extra: nodeId });
  if (!mayRead(session, nodeId)) throw permissionDenied('node:id', errorNode(session));
  if (!cluster.answers(nodeId)) throw codedProblem(3021, { node: nodeId });
  return cluster;
}

export function clusterStatus(state: SimulatorState, session: Session) {
  requireResourceless(session, 'cluster:status');
  const on = state.cluster ? 'yes' : 'no';
  return dataResult({ enabled: on, running: on });
}

/** `GET /cluster/local/info`: the node answering, with the cluster's name. */
export function clusterLocalInfo(state: SimulatorState, session: Session) {
  const cluster = runningCluster(state);
  const { local } = cluster;
  if (!mayRead(session, local.name)) throw permissionDenied('node:id', errorNode(session));
  const result = new AffectedItems<Record<string, string>>({
    all: 'All selected information was returned',
    some: 'Some information was not returned',
    none: 'No information was returned',
  });
  result.items.push({ node: local.name, cluster: cluster.name, type: local.type });
  return result.render();
}

export function clusterNodes(
  state: SimulatorState,
  session: Session,
  query: ParsedParams,
): ListBody {
  const cluster = runningCluster(state);
  const result = new AffectedItems<Record<string, unknown>>({
    all: 'All selected nodes information was returned',
    some: 'Some nodes information was not returned',
    none: 'No node information was returned',
  });
  const type = query.type as string | undefined;
  const nodes = readableNodes(cluster, session, query, result);
  result.setPage(
    listItems<ClusterNode, ClusterNode>(
      {
        rows: nodes,
        load: (node) => node,
        filter: (node) => type === undefined || node.type === type,
      },
      NODE_TABLE,
      listParams(query),
      state.now(),
    ),
  );
  return result.body();
}

/** Each node's type, version, address and active agents; workers add their keep-alive and synchronisations. */
export function clusterHealthcheck(state: SimulatorState, session: Session, query: ParsedParams) {
  const cluster = runningCluster(state);
  const result = new AffectedItems<Record<string, unknown>>({
    all: 'All selected nodes healthcheck information was returned',
    some: 'Some nodes healthcheck information was not returned',
    none: 'No healthcheck information was returned',
  });
  const nodes = readableNodes(cluster, session, query, result);
  const active = state.agents.activeByNode();
  result.items = nodes.map((node) => ({
    info: { ...node, n_active_agents: active.get(node.name) ?? 0 },
    ...(node.type === 'worker' ? { status: cluster.workerStatus(node.name) } : {}),
  }));
  return result.render();
}

function single<T>(item: T, message: string) {
  const result = new AffectedItems<T>({ all: message, some: message, none: message });
  result.items.push(item);
  return result.render();
}

export function nodeStatus(state: SimulatorState, session: Session, nodeId: string) {
  targetNode(state, session, nodeId);
  return single(daemonStates(true), 'Processes status was successfully read in specified node');
}

export function nodeInfo(state: SimulatorState, session: Session, nodeId: string) {
  targetNode(state, session, nodeId);
  return single(managerInfo(), 'Basic information was successfully read in specified node');
}

export function nodeLogs(
  state: SimulatorState,
  session: Session,
  nodeId: string,
  query: ParsedParams,
): ListBody {
  const log = targetNode(state, session, nodeId).log(nodeId);
  if (!log) throw codedProblem(1730, { extra: nodeId });
  return logLines(log, query, state.now(), 'specified');
}

export function nodeLogsSummary(state: SimulatorState, session: Session, nodeId: string) {
  const log = targetNode(state, session, nodeId).log(nodeId);
  if (!log) throw codedProblem(1730, { extra: nodeId });
  return logSummary(log, 'specified');
}
