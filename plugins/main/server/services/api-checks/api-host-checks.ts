/**
 * The last check of every stored API host, refreshed in the background (at start, on a schedule and
 * after each edit) so lists and the health check answer without waiting for the hosts. Checks are
 * saved objects (id = host id), so every dashboard instance on one database shows the same check and
 * one instance's round serves them all.
 */
import {
  SavedObjectsErrorHelpers,
  singleFlight,
  type ISavedObjectsRepository,
} from '@host/server/types';
import type { ApiHostCheck } from '../../../common/api-host-check';
import { API_HOST_CHECK_SAVED_OBJECT_TYPE } from '../../../common/api-hosts';
import type { ApiHostChecker, ApiHostCheckOutcome } from './api-host-checker';
import type { ResolvedApiHost } from '../managed-api/managed-api-service';
import type { ApiHostStateChange, ApiHostStateNotifier } from '../api-host-watch/state-notifier';

export interface CheckedHostSource {
  list(): Promise<Array<{ id: string }>>;
  resolve(id: string): Promise<ResolvedApiHost | undefined>;
}

/** Hosts checked at the same time, so hundreds of hosts do not open hundreds of connections at once. */
const CONCURRENT_CHECKS = 4;
/** Page size when listing stored checks to drop those of removed hosts. */
const PAGE_SIZE = 1_000;

function usable(check: ApiHostCheck): boolean {
  return check.reachable && check.authenticated;
}

/** What a change of a host's usability tells the team. */
function stateChange(apiHostId: string, check: ApiHostCheck): ApiHostStateChange {
  const common = { topic: 'api-host-status', apiHostId, at: check.checked_at } as const;
  if (usable(check)) {
    return {
      ...common,
      severity: 'info',
      message: `API host [${apiHostId}] is usable (version ${check.api_version ?? 'unknown'}, run_as ${check.run_as}).`,
      details: { usable: true, api_version: check.api_version, run_as: check.run_as },
    };
  }
  return {
    ...common,
    severity: 'warning',
    message: `API host [${apiHostId}] is not usable: ${check.error?.message ?? 'unknown reason'}`,
    details: { usable: false, reachable: check.reachable, error: check.error },
  };
}

export class ApiHostCheckRegistry {
  /** The round running now, if any (one key: every caller shares the whole round). */
  private readonly rounds = new Map<'all', Promise<ApiHostCheck[]>>();

  constructor(
    private readonly hosts: CheckedHostSource,
    private readonly checker: ApiHostChecker,
    private readonly repository: ISavedObjectsRepository,
    private readonly notifier: Pick<ApiHostStateNotifier, 'notify'>,
    private readonly now: () => number = Date.now,
  ) {}

  async get(id: string): Promise<ApiHostCheck | undefined> {
    return (await this.getMany([id])).get(id);
  }

  /** The stored checks of these hosts; hosts never checked are absent. */
  async getMany(ids: string[]): Promise<Map<string, ApiHostCheck>> {
    if (ids.length === 0) return new Map();
    const { saved_objects: objects } = await this.repository.bulkGet<ApiHostCheck>(
      ids.map((id) => ({ type: API_HOST_CHECK_SAVED_OBJECT_TYPE, id })),
    );
    return new Map(
      objects.flatMap((object) => (object.error ? [] : [[object.id, object.attributes]])),
    );
  }

  async forget(id: string): Promise<void> {
    try {
      await this.repository.delete(API_HOST_CHECK_SAVED_OBJECT_TYPE, id);
    } catch (error) {
      if (!SavedObjectsErrorHelpers.isNotFoundError(error)) throw error;
    }
  }

  /** Checks one host now; undefined when it is not stored (any more). */
  async refresh(id: string, signal?: AbortSignal): Promise<ApiHostCheckOutcome | undefined> {
    const host = await this.hosts.resolve(id);
    if (!host) {
      await this.forget(id);
      return undefined;
    }
    const outcome = await this.checker.checkStored(host, signal);
    await this.record(id, outcome.check);
    return outcome;
  }

  /** Checks every stored host; calls made while a round runs share it. */
  refreshAll(): Promise<ApiHostCheck[]> {
    return singleFlight(this.rounds, 'all', () => this.checkAll());
  }

  /**
   * Checks the hosts whose last check is missing or older than `maxAgeMs`: at start, a restart or a
   * second instance does not check again what was checked within one schedule period.
   */
  async refreshStale(maxAgeMs: number): Promise<ApiHostCheck[]> {
    const ids = (await this.hosts.list()).map((host) => host.id);
    const checks = await this.getMany(ids);
    const oldest = this.now() - maxAgeMs;
    const stale = ids.filter((id) => {
      const checkedAt = Date.parse(checks.get(id)?.checked_at ?? '');
      return !(checkedAt > oldest);
    });
    return this.checkEach(stale);
  }

  private async checkAll(): Promise<ApiHostCheck[]> {
    const ids = (await this.hosts.list()).map((host) => host.id);
    await this.forgetAllBut(new Set(ids));
    return this.checkEach(ids);
  }

  private async checkEach(ids: string[]): Promise<ApiHostCheck[]> {
    const results: ApiHostCheck[] = [];
    const queue = [...ids];
    const worker = async (): Promise<void> => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const outcome = await this.refresh(id);
        if (outcome) results.push(outcome.check);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_CHECKS, ids.length) }, worker));
    return results.sort((a, b) => (a.id ?? '').localeCompare(b.id ?? ''));
  }

  /** Drops the checks of hosts that were removed (a removal on a stopped instance leaves one behind). */
  private async forgetAllBut(kept: ReadonlySet<string>): Promise<void> {
    const stored: string[] = [];
    for (let page = 1; ; page += 1) {
      const result = await this.repository.find({
        type: API_HOST_CHECK_SAVED_OBJECT_TYPE,
        fields: ['checked_at'],
        page,
        perPage: PAGE_SIZE,
      });
      stored.push(...result.saved_objects.map((object) => object.id));
      if (page * PAGE_SIZE >= result.total) break;
    }
    await Promise.all(stored.filter((id) => !kept.has(id)).map((id) => this.forget(id)));
  }

  private async record(id: string, check: ApiHostCheck): Promise<void> {
    const before = await this.get(id);
    await this.repository.create(API_HOST_CHECK_SAVED_OBJECT_TYPE, check, {
      id,
      overwrite: true,
    });
    const wasUsable = before && usable(before);
    if (usable(check) === wasUsable) return;
    // Not awaited: a slow webhook must not hold up the round of checks (channels never reject).
    void this.notifier.notify(stateChange(id, check));
  }
}
