/**
 * The alerts scope of a user on an API host: the host's manager pin (kept per stored version of the
 * host, so an edit made through any instance is followed) and, on run_as hosts, the agents the user's identity there may see (kept
 * `cacheTtlMs` per host and user, so a change of the user's roles on the manager shows soon).
 */
import { LRUCache } from 'lru-cache';
import type { AuthenticatedUser, OsdRequest } from '@host/server/types';
import type { ApiHost } from '@main/common/api-hosts';
import type { ApiHostRequester } from '../../managed-api/api-host-requester';
import { ApiHostNotFoundError } from '../../managed-api/errors';
import { identityFor, identityKey } from '../../managed-api/identity';
import { visibleAgentIds } from './agent-visibility';
import type { AlertsScope, AlertsScopeResolver } from './index';
import { readManagerPin, type ManagerPin } from './manager-pin';

export interface ScopeResolverDeps {
  /** The store's cached reader, as the proxy uses it: no database read per alerts request. */
  hosts: { resolve(id: string): Promise<ScopedHost | undefined> };
  api: {
    asInternalUser: ApiHostRequester;
    asUser(user: AuthenticatedUser | null): ApiHostRequester;
  };
  currentUser(request: OsdRequest): AuthenticatedUser | null;
  maxAgentFilter: number;
  cacheTtlMs: number;
  /** Read on every resolve: whether the manager's own alerts are left out (App settings). */
  hideManagerAlerts?: () => boolean;
  /** Most (host, user) agent lists kept. */
  maxCachedUsers?: number;
  /** Clock of the agent lists' lifetime (ms), for tests. */
  now?: () => number;
}

/** What the scope needs of a stored host; `version` changes with every edit of it. */
type ScopedHost = Pick<ApiHost, 'id' | 'run_as'> & { version: string };

const DEFAULT_MAX_CACHED_USERS = 10_000;
/** Most (host, version) manager pins kept: old versions of edited hosts age out. */
const MAX_CACHED_PINS = 1_000;

/** What a read of a host's agent list needs; the cache key alone cannot carry the user. */
interface AgentListRead {
  apiHostId: string;
  user: AuthenticatedUser;
}

/**
 * Both caches read through `fetch`: callers asking at once share one read, a failed read is not
 * kept, and a read the host's edit overtook still answers its callers. Keys carry the host's
 * stored version, so what was read before an edit is never served after it.
 */
export class ManagedApiScopeResolver implements AlertsScopeResolver {
  private readonly pins: LRUCache<string, ManagerPin, string>;
  private readonly agents: LRUCache<string, { ids: string[] | undefined }, AgentListRead>;

  constructor(private readonly deps: ScopeResolverDeps) {
    this.pins = new LRUCache({
      max: MAX_CACHED_PINS,
      ignoreFetchAbort: true,
      fetchMethod: (_key, _stale, { context: apiHostId }) =>
        readManagerPin(deps.api.asInternalUser, apiHostId),
    });
    this.agents = new LRUCache({
      max: deps.maxCachedUsers ?? DEFAULT_MAX_CACHED_USERS,
      ttl: Math.max(deps.cacheTtlMs, 1),
      ignoreFetchAbort: true,
      ...(deps.now && { perf: { now: deps.now }, ttlResolution: 0 }),
      fetchMethod: async (_key, _stale, { context }) => ({
        ids: await visibleAgentIds({
          asUser: deps.api.asUser(context.user),
          asHost: deps.api.asInternalUser,
          apiHostId: context.apiHostId,
          maxAgentFilter: deps.maxAgentFilter,
        }),
      }),
    });
  }

  async resolve(request: OsdRequest, apiHostId: string): Promise<AlertsScope> {
    const host = await this.host(apiHostId);
    const user = this.deps.currentUser(request);
    const [pin, agentIds] = await Promise.all([
      this.pin(host),
      this.agentIds(host, identityFor(user, host.run_as)),
    ]);
    return {
      pin,
      ...(agentIds && { agentIds }),
      ...(this.deps.hideManagerAlerts?.() && { hideManagerAlerts: true }),
    };
  }

  /** The manager pin of a stored host; an unknown host is the managed API's not-found error. */
  async managerPin(apiHostId: string): Promise<ManagerPin> {
    return this.pin(await this.host(apiHostId));
  }

  private async host(apiHostId: string): Promise<ScopedHost> {
    const host = await this.deps.hosts.resolve(apiHostId);
    if (!host) throw new ApiHostNotFoundError(apiHostId);
    return host;
  }

  /** The manager pin of a host, read once per stored version of it. */
  private pin(host: ScopedHost): Promise<ManagerPin> {
    return this.pins.forceFetch(hostKey(host), { context: host.id });
  }

  private async agentIds(
    host: ScopedHost,
    identity: ReturnType<typeof identityFor>,
  ): Promise<string[] | undefined> {
    // The host's own API user (no run_as) is what every user reads as: no per-user visibility.
    if (identity.kind === 'internal') return undefined;
    const list = await this.agents.forceFetch(agentsKey(host, identity), {
      context: { apiHostId: host.id, user: identity.user },
    });
    return list.ids;
  }

  /** Drops what is kept about a host that was edited or removed (its keys would only age out). */
  forgetHost(apiHostId: string): void {
    const prefix = `${apiHostId}\n`;
    for (const key of [...this.pins.keys()]) if (key.startsWith(prefix)) this.pins.delete(key);
    for (const key of [...this.agents.keys()]) if (key.startsWith(prefix)) this.agents.delete(key);
  }
}

const hostKey = (host: ScopedHost): string => `${host.id}\n${host.version}`;

const agentsKey = (host: ScopedHost, identity: ReturnType<typeof identityFor>): string =>
  `${hostKey(host)}\n${identityKey(identity)}`;
