/**
 * The dashboard version the health check last ran for, kept in a saved object shared by every
 * instance: after an upgrade the first user to open the dashboard, on whichever instance, is taken
 * to the health check, and once it ran nobody else is.
 */
import {
  SavedObjectsErrorHelpers,
  type ISavedObjectsRepository,
  type SavedObjectsType,
} from '@host/server/types';
import type { HealthCheckDue } from '../../../common/health';

export const HEALTH_CHECK_RUN_SAVED_OBJECT_TYPE = 'svc-health-check-run';
const RECORD_ID = 'last';

export const healthCheckRunSavedObjectType: SavedObjectsType = {
  name: HEALTH_CHECK_RUN_SAVED_OBJECT_TYPE,
  hidden: true,
  namespaceType: 'agnostic',
  mappings: { dynamic: false, properties: {} },
};

interface LastRun {
  version: string;
  checked_at: string;
  user: string;
}

export class LastCheckedVersion {
  constructor(
    private readonly repository: ISavedObjectsRepository,
    private readonly version: string,
  ) {}

  async due(): Promise<HealthCheckDue> {
    let last: string | undefined;
    try {
      last = (await this.repository.get<LastRun>(HEALTH_CHECK_RUN_SAVED_OBJECT_TYPE, RECORD_ID))
        .attributes.version;
    } catch (error) {
      if (!SavedObjectsErrorHelpers.isNotFoundError(error)) throw error;
    }
    return {
      version: this.version,
      ...(last !== undefined && { lastCheckedVersion: last }),
      due: last !== this.version,
    };
  }

  /** Records that the checks ran for this version (the last writer wins: they all write the same). */
  async record(user: string): Promise<HealthCheckDue> {
    await this.repository.create<LastRun>(
      HEALTH_CHECK_RUN_SAVED_OBJECT_TYPE,
      { version: this.version, checked_at: new Date().toISOString(), user },
      { id: RECORD_ID, overwrite: true },
    );
    return { version: this.version, lastCheckedVersion: this.version, due: false };
  }
}
