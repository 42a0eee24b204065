/**
 * What the Server app reads from the managed API, and where: a single manager answers under
 * `/manager/...`, a cluster's node under `/cluster/{node_id}/...` (the master routes it to the node).
 */
export interface ClusterNode {
  name: string;
  type: 'master' | 'worker';
  version: string;
  ip: string;
}

/** One node of `GET /cluster/healthcheck`; only workers report `status`. */
export interface NodeHealth {
  info: ClusterNode & { n_active_agents: number };
  status?: {
    last_keep_alive?: string;
    last_sync_integrity?: { date_start_master?: string; date_end_master?: string };
    last_check_integrity?: { date_end_master?: string };
  };
}

export const LOG_LEVELS = ['critical', 'error', 'warning', 'info', 'debug', 'debug2'] as const;

export interface LogLine {
  timestamp: string;
  tag: string;
  level: string;
  description: string;
}

export interface LogCounts {
  all: number;
  info: number;
  error: number;
  critical: number;
  warning: number;
  debug: number;
}

/** The path of a node's `status`, `info`, `logs` or `logs/summary`; the manager's without a node. */
export function serverPath(
  node: string | undefined,
  what: 'status' | 'info' | 'logs' | 'logs/summary',
): string {
  return node === undefined ? `/manager/${what}` : `/cluster/${encodeURIComponent(node)}/${what}`;
}

/** The permission a node's reads need: `cluster:read` on a cluster's node, `manager:read` otherwise. */
export function serverAction(node: string | undefined): string {
  return node === undefined ? 'manager:read' : 'cluster:read';
}

/** The cluster daemon writes `2021-05-27 10:50:08.985208+00:00`; ISO 8601 with milliseconds reads everywhere. */
export function clusterDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return value.replace(' ', 'T').replace(/(\.\d{3})\d*/, '$1');
}
