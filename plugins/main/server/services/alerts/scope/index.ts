/**
 * What one dashboard user may read of the alerts of one API host: the manager (or cluster) the
 * host's alerts carry, and, for RBAC-restricted users of run_as hosts, the agents they may see.
 * Every alerts query is built inside this scope.
 */
import type { OsdRequest } from '@host/server/types';

export interface AlertsScope {
  /** The host's manager: its cluster's name when it runs a cluster, else the manager's name. */
  pin: { field: 'cluster.name' | 'manager.name'; value: string };
  /** Only these agents' alerts (`agent.id`); absent when the user may see every agent. */
  agentIds?: string[];
  /** Leave out the manager's own alerts (agent 000). */
  hideManagerAlerts?: boolean;
}

export interface AlertsScopeResolver {
  /**
   * The scope of the dashboard user behind `request` on API host `apiHostId`. Rejects with the
   * managed API's errors (an unknown host is its not-found error) or an `AlertsScopeError`.
   */
  resolve(request: OsdRequest, apiHostId: string): Promise<AlertsScope>;
}

export { ManagedApiScopeResolver } from './scope-resolver';
