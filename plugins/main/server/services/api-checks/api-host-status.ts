/**
 * The last check of every stored API host, refreshed in the background (at start, on a schedule and
 * after each edit) so lists and the health check answer without waiting for the hosts.
 */
import type { Logger } from '../../../../../host/server/types';
import type { ApiHostCheck } from '../../../common/api-host-check';
import type { ApiHostChecker, ApiHostCheckOutcome } from './api-host-checker';
import type { ResolvedApiHost } from '../managed-api/managed-api-service';

export interface CheckedHostSource {
  list(): Promise<Array<{ id: string }>>;
  resolve(id: string): Promise<ResolvedApiHost | undefined>;
}

/** Hosts checked at the same time, so hundreds of hosts do not open hundreds of connections at once. */
const CONCURRENT_CHECKS = 4;

export class ApiHostStatusRegistry {
  private readonly statuses = new Map<string, ApiHostCheck>();
  private refreshing?: Promise<ApiHostCheck[]>;

  constructor(
    private readonly hosts: CheckedHostSource,
    private readonly checker: ApiHostChecker,
    private readonly logger: Logger,
  ) {}

  get(id: string): ApiHostCheck | undefined {
    return this.statuses.get(id);
  }

  forget(id: string): void {
    this.statuses.delete(id);
  }

  /** Checks one host now; undefined when it is not stored (any more). */
  async refresh(id: string, signal?: AbortSignal): Promise<ApiHostCheckOutcome | undefined> {
    const host = await this.hosts.resolve(id);
    if (!host) {
      this.forget(id);
      return undefined;
    }
    const outcome = await this.checker.checkStored(host, signal);
    this.record(id, outcome.check);
    return outcome;
  }

  /** Checks every stored host; calls made while a round runs share it. */
  refreshAll(): Promise<ApiHostCheck[]> {
    this.refreshing ??= this.checkAll().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async checkAll(): Promise<ApiHostCheck[]> {
    const ids = (await this.hosts.list()).map((host) => host.id);
    for (const known of this.statuses.keys()) if (!ids.includes(known)) this.statuses.delete(known);
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

  private record(id: string, check: ApiHostCheck): void {
    const before = this.statuses.get(id);
    this.statuses.set(id, check);
    const usable = check.reachable && check.authenticated;
    const wasUsable = before ? before.reachable && before.authenticated : undefined;
    if (usable && wasUsable !== true)
      this.logger.info(
        `API host [${id}] is usable (version ${check.api_version ?? 'unknown'}, run_as ${check.run_as}).`,
      );
    if (!usable && wasUsable !== false)
      this.logger.warn(
        `API host [${id}] is not usable: ${check.error?.message ?? 'unknown reason'}`,
      );
  }
}
