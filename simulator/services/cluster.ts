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
import { configurationAnswer, nodeProblems, replaceConfiguration } from './manager';
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
  if (state.now() < (state.workerRestartEndsAt.get(nodeId) ?? 0))
    throw codedProblem(1017, {
      detail: `Some Wazuh daemons are not ready yet in node "${nodeId}" (wazuh-analysisd->restarting, wazuh-remoted->restarting)`,
    });
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

/** `GET /cluster/{node_id}/configuration`: the node's ossec.conf, raw or as JSON. */
export function nodeConfiguration(
  state: SimulatorState,
  session: Session,
  nodeId: string,
  query: ParsedParams,
) {
  targetNode(state, session, nodeId);
  const mayUpdate = allowsStatic(session.permissions, 'cluster:update_config', `node:id:${nodeId}`);
  return configurationAnswer(state.ossecConfs.read(nodeId), mayUpdate, query, nodeId);
}

/** `PUT /cluster/{node_id}/configuration` (`cluster:update_config` on the node). */
export function updateNodeConfiguration(
  state: SimulatorState,
  session: Session,
  nodeId: string,
  body: unknown,
) {
  targetNode(state, session, nodeId);
  if (!allowsStatic(session.permissions, 'cluster:update_config', `node:id:${nodeId}`))
    throw permissionDenied('node:id', errorNode(session));
  return replaceConfiguration(state, nodeId, nodeId, body);
}

/** Nodes of `nodes_list` (all by default) that answer; the others are failed items (3021). */
function answeringNodes(
  cluster: Cluster,
  session: Session,
  query: ParsedParams,
  result: AffectedItems<unknown>,
): ClusterNode[] {
  return readableNodes(cluster, session, query, result).filter((node) => {
    if (cluster.answers(node.name)) return true;
    result.fail(3021, node.name);
    return false;
  });
}

/** `GET /cluster/configuration/validation`: each node's check, a failed item (1908) where it fails. */
export function clusterValidation(state: SimulatorState, session: Session, query: ParsedParams) {
  const cluster = runningCluster(state);
  const result = new AffectedItems<Record<string, string>>({
    all: 'Validation was successfully checked in all nodes',
    some: 'Validation could not be checked in some nodes',
    none: 'Validation could not be checked in any node',
  });
  for (const node of answeringNodes(cluster, session, query, result)) {
    const problems = nodeProblems(state, node.name);
    if (problems.length > 0) result.fail(1908, node.name, { extra: problems.join(', ') });
    else result.items.push({ name: node.name, status: 'OK' });
  }
  return result.render();
}

/**
 * `PUT /cluster/restart`: every node of `nodes_list` (all by default) the caller may restart goes down
 * for the restart time; the master's restart takes the whole API with it.
 */
export function clusterRestart(state: SimulatorState, session: Session, query: ParsedParams) {
  const cluster = runningCluster(state);
  const result = new AffectedItems<string>({
    all: 'Restart request sent to all specified nodes',
    some: 'Could not send restart request to some specified nodes',
    none: 'Could not send restart request to any node',
  });
  const endsAt = state.now() + state.restartMs;
  for (const node of answeringNodes(cluster, session, query, result)) {
    if (!allowsStatic(session.permissions, 'cluster:restart', `node:id:${node.name}`)) {
      result.fail(4000, node.name, { detail: 'Permission denied: Resource type: node:id' });
      continue;
    }
    const problems = nodeProblems(state, node.name);
    if (problems.length > 0) {
      result.fail(1908, node.name, { extra: problems.join(', ') });
      continue;
    }
    if (node.type === 'master') state.managerRestartEndsAt = endsAt;
    else state.workerRestartEndsAt.set(node.name, endsAt);
    result.items.push(node.name);
  }
  return result.render();
}
