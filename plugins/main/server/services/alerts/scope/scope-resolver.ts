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

export class ManagedApiScopeResolver implements AlertsScopeResolver {
  private readonly pins = new LRUCache<string, Promise<ManagerPin>>({ max: MAX_CACHED_PINS });
  private readonly agents: LRUCache<string, { ids: string[] | undefined }>;
  /** Lists being read, so users asking at once share one read. */
  private readonly reading = new Map<string, Promise<string[] | undefined>>();

  constructor(private readonly deps: ScopeResolverDeps) {
    this.agents = new LRUCache({
      max: deps.maxCachedUsers ?? DEFAULT_MAX_CACHED_USERS,
      ttl: Math.max(deps.cacheTtlMs, 1),
      ...(deps.now && { perf: { now: deps.now }, ttlResolution: 0 }),
    });
  }

  async resolve(request: OsdRequest, apiHostId: string): Promise<AlertsScope> {
    const host = await this.host(apiHostId);
    const user = this.deps.currentUser(request);
    const [pin, agentIds] = await Promise.all([
      this.pin(host),
      this.agentIds(apiHostId, identityFor(user, host.run_as)),
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
    const key = `${host.id}\n${host.version}`;
    let pin = this.pins.get(key);
    if (!pin) {
      pin = readManagerPin(this.deps.api.asInternalUser, host.id);
      this.pins.set(key, pin);
      // A failure is not kept: the next request asks again.
      pin.catch(() => {
        if (this.pins.get(key) === pin) this.pins.delete(key);
      });
    }
    return pin;
  }

  private async agentIds(
    apiHostId: string,
    identity: ReturnType<typeof identityFor>,
  ): Promise<string[] | undefined> {
    // The host's own API user (no run_as) is what every user reads as: no per-user visibility.
    if (identity.kind === 'internal') return undefined;
    const key = JSON.stringify([apiHostId, identityKey(identity)]);
    const cached = this.agents.get(key);
    if (cached) return cached.ids;
    let read = this.reading.get(key);
    if (!read) {
      read = visibleAgentIds({
        asUser: this.deps.api.asUser(identity.user),
        asHost: this.deps.api.asInternalUser,
        apiHostId,
        maxAgentFilter: this.deps.maxAgentFilter,
      });
      this.reading.set(key, read);
      const settled = read;
      // Kept only if the host was not edited meanwhile (forgetHost drops the read in progress).
      void settled
        .then((ids) => {
          if (this.deps.cacheTtlMs > 0 && this.reading.get(key) === settled)
            this.agents.set(key, { ids });
        })
        .catch(() => undefined)
        .finally(() => {
          if (this.reading.get(key) === settled) this.reading.delete(key);
        });
    }
    return read;
  }

  /** Drops what is kept about a host that was edited or removed. */
  forgetHost(apiHostId: string): void {
    for (const key of [...this.pins.keys()])
      if (key.startsWith(`${apiHostId}\n`)) this.pins.delete(key);
    const prefix = JSON.stringify([apiHostId]).slice(0, -1) + ',';
    for (const key of [...this.agents.keys()]) if (key.startsWith(prefix)) this.agents.delete(key);
    for (const key of [...this.reading.keys()])
      if (key.startsWith(prefix)) this.reading.delete(key);
  }
}
