import type { Logger } from '@host/server/types';
import type { RecordRepository } from '../../saved-objects/repository';
import type { SvcServerStart } from '@main/server/types';
import { AVAILABLE_UPDATES_SAVED_OBJECT_TYPE } from '../../../common/constants';
import type { AvailableUpdates } from '../../../common/types';
import { isNotFound } from '../../saved-objects/repository';
import { apiHostNotFound } from '../errors';
import { singleFlight } from '@host/server/types';
import { classifyUpdates, type ReleaseNotesUrl } from './classify';
import type { FetchVersionCheck } from './version-check-client';

export interface AvailableUpdatesServiceOptions {
  repository: RecordRepository;
  hosts: SvcServerStart['hosts'];
  fetchVersionCheck: FetchVersionCheck;
  releaseNotesUrl: ReleaseNotesUrl;
  /** How long a stored record is served before the host is asked again. */
  cacheLifetimeMs: number;
  logger: Logger;
  now?: () => Date;
}

export interface RefreshSummary {
  refreshed: string[];
  failed: Array<{ apiHostId: string; message: string }>;
}

/**
 * Available updates per API host: served from the stored record while it is younger than the cache
 * lifetime, else asked from the host and stored. Concurrent requests for one host share one upstream
 * call, except that a forced check never joins an unforced one: it was asked for a fresh answer.
 *
 * A check reads the host record once, through the managed-API client that sends the version check
 * (an unknown host answers 404 there); only a record served from the store needs its own look-up.
 */
export class AvailableUpdatesService {
  private readonly now: () => Date;
  /** Requests answered from the record or a check, per host. */
  private readonly lookups = new Map<string, Promise<AvailableUpdates>>();
  /** Upstream checks in flight, per host: unforced ones, and forced ones apart. */
  private readonly checks = new Map<string, Promise<AvailableUpdates>>();
  private readonly forcedChecks = new Map<string, Promise<AvailableUpdates>>();

  constructor(private readonly options: AvailableUpdatesServiceOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** Rejects with an `UpdateCheckError` for an unknown host or a failed check; the stored record is then unchanged. */
  getAvailableUpdates(
    apiHostId: string,
    { force = false }: { force?: boolean } = {},
  ): Promise<AvailableUpdates> {
    if (force) return this.check(apiHostId, true);
    return singleFlight(this.lookups, apiHostId, () => this.storedOrChecked(apiHostId));
  }

  /** Asks every configured host (the periodic job); one host's failure does not stop the others. */
  async refreshAll(): Promise<RefreshSummary> {
    const hosts = await this.options.hosts.list();
    const outcomes = await Promise.allSettled(hosts.map((host) => this.check(host.id, false)));
    const summary: RefreshSummary = { refreshed: [], failed: [] };
    outcomes.forEach((outcome, index) => {
      const apiHostId = hosts[index].id;
      if (outcome.status === 'fulfilled') summary.refreshed.push(apiHostId);
      else
        summary.failed.push({
          apiHostId,
          message:
            outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason),
        });
    });
    return summary;
  }

  private async storedOrChecked(apiHostId: string): Promise<AvailableUpdates> {
    const stored = await this.read(apiHostId);
    if (!stored || !this.isFresh(stored)) return this.check(apiHostId, false);
    if (!(await this.options.hosts.get(apiHostId))) throw apiHostNotFound(apiHostId);
    return stored;
  }

  private check(apiHostId: string, force: boolean): Promise<AvailableUpdates> {
    return singleFlight(force ? this.forcedChecks : this.checks, apiHostId, async () => {
      const { currentVersion, releases } = await this.options.fetchVersionCheck(apiHostId, {
        force,
      });
      const updates = classifyUpdates(currentVersion, releases, this.options.releaseNotesUrl);
      const record: AvailableUpdates = {
        api_id: apiHostId,
        current_version: currentVersion,
        last_available_major: updates.major,
        last_available_minor: updates.minor,
        last_available_patch: updates.patch,
        last_check_date: this.now().toISOString(),
      };
      await this.options.repository.create(AVAILABLE_UPDATES_SAVED_OBJECT_TYPE, record, {
        id: recordId(apiHostId),
        overwrite: true,
      });
      this.options.logger.debug(`Checked available updates of API host [${apiHostId}]`, {
        apiHostId,
        current_version: currentVersion,
      });
      return record;
    });
  }

  private async read(apiHostId: string): Promise<AvailableUpdates | undefined> {
    try {
      const found = await this.options.repository.get<AvailableUpdates>(
        AVAILABLE_UPDATES_SAVED_OBJECT_TYPE,
        recordId(apiHostId),
      );
      return found.attributes;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  private isFresh(record: AvailableUpdates): boolean {
    const age = this.now().getTime() - Date.parse(record.last_check_date);
    return age < this.options.cacheLifetimeMs;
  }
}

/** Saved-object id of a host's record: the host id itself, so one record exists per host. */
function recordId(apiHostId: string): string {
  return apiHostId;
}
