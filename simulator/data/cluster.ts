/**
 * The manager's cluster: the master this API runs on and its workers, their health check (keep-alives and
 * synchronisations that follow the clock) and each node's own log. A worker can be made to stop
 * answering: its keep-alive and synchronisations then stay where they were, as the master last saw them.
 */
import { CURRENT_VERSION } from './version-check';
import { ManagerLog } from './manager-log';

export interface ClusterOptions {
  name: string;
  /** The node this API runs on (the master). */
  node: string;
  /** Worker nodes' names (default: none). */
  workers?: string[];
}

export interface ClusterNode {
  name: string;
  type: 'master' | 'worker';
  version: string;
  ip: string;
}

/** What `npm run managed-api -- --cluster` and demo mode run: a master and two workers. */
export const DEMO_CLUSTER: ClusterOptions = {
  name: 'wazuh',
  node: 'master-node',
  workers: ['worker1', 'worker2'],
};

/** Workers send a keep-alive every minute and run these synchronisations on their own periods. */
const KEEP_ALIVE_MS = 60_000;
const INTEGRITY_CHECK_MS = 9_000;
const AGENT_INFO_MS = 10_000;
const AGENT_GROUP_MS = 10_000;
const FULL_AGENT_GROUP_MS = 300_000;

/** `2021-05-27 10:50:08.985208+00:00`, the cluster daemon's way of writing times. */
function clusterTime(ms: number): string {
  return `${new Date(ms).toISOString().replace('T', ' ').replace('Z', '')}000+00:00`;
}

/** The last time at or before `at` of a task run every `period` ms (each node has its own phase). */
function lastRun(at: number, period: number, phase: number): number {
  return Math.floor((at - phase) / period) * period + phase;
}

export class Cluster {
  readonly name: string;
  readonly local: ClusterNode;
  readonly nodes: readonly ClusterNode[];
  private readonly logs = new Map<string, ManagerLog>();
  /** Workers that stopped answering, with when they did (ms). */
  private readonly silentSince = new Map<string, number>();

  constructor(
    options: ClusterOptions,
    seed: number,
    startedAt: number,
    private readonly now: () => number,
  ) {
    this.name = options.name;
    const version = CURRENT_VERSION.replace(/^v/, '');
    this.local = { name: options.node, type: 'master', version, ip: '10.0.0.10' };
    this.nodes = [
      this.local,
      ...(options.workers ?? []).map(
        (name, index): ClusterNode => ({ name, type: 'worker', version, ip: `10.0.0.${11 + index}` }),
      ),
    ];
    for (const node of this.nodes)
      this.logs.set(node.name, new ManagerLog({ seed, node: node.name, startedAt, now }));
  }

  node(name: string): ClusterNode | undefined {
    return this.nodes.find((node) => node.name === name);
  }

  log(name: string): ManagerLog | undefined {
    return this.logs.get(name);
  }

  answers(name: string): boolean {
    return !this.silentSince.has(name);
  }

  /** Makes a worker stop or resume answering; the master always answers (it is this API). */
  setAnswering(name: string, answering: boolean): void {
    const node = this.node(name);
    if (!node) throw new RangeError(`no cluster node named ${name}`);
    if (node.type === 'master') throw new RangeError('the master node is the API itself: it always answers');
    if (answering) this.silentSince.delete(name);
    else if (!this.silentSince.has(name)) this.silentSince.set(name, this.now());
  }

  /** The health check's `status` of a worker, as of the last time it answered. */
  workerStatus(name: string): Record<string, unknown> {
    const at = this.silentSince.get(name) ?? this.now();
    const phase = (this.nodes.findIndex((node) => node.name === name) * 1_700) % 9_000;
    const integrityCheck = lastRun(at, INTEGRITY_CHECK_MS, phase);
    const agentInfo = lastRun(at, AGENT_INFO_MS, phase + 300);
    const agentGroup = lastRun(at, AGENT_GROUP_MS, phase + 600);
    const fullAgentGroup = lastRun(at, FULL_AGENT_GROUP_MS, phase + 900);
    return {
        sync_integrity_free: true,
        last_check_integrity: {
          date_start_master: clusterTime(integrityCheck),
          date_end_master: clusterTime(integrityCheck + 16),
        },
        last_sync_integrity: {
          date_start_master: clusterTime(fullAgentGroup),
          tmp_date_start_master: clusterTime(fullAgentGroup),
          date_end_master: clusterTime(fullAgentGroup + 7),
          total_extra_valid: 0,
          total_files: { missing: 0, extra: 0, extra_valid: 0, shared: 2 },
        },
        sync_agent_info_free: true,
        last_sync_agentinfo: {
          date_start_master: clusterTime(agentInfo),
          date_end_master: clusterTime(agentInfo + 2),
          n_synced_chunks: 1,
        },
        last_sync_agentgroup: {
          date_start: clusterTime(agentGroup),
          date_end: clusterTime(agentGroup + 40),
          n_synced_chunks: 1,
        },
        last_sync_full_agentgroup: {
          date_start: clusterTime(fullAgentGroup),
          date_end: clusterTime(fullAgentGroup + 35),
          n_synced_chunks: 2,
        },
        last_keep_alive: clusterTime(lastRun(at, KEEP_ALIVE_MS, phase)),
    };
  }
}
