import type { Logger } from '@host/server/types';
import type { RecordRepository } from '../../saved-objects/repository';
import { USER_PREFERENCES_SAVED_OBJECT_TYPE } from '../../../common/constants';
import type {
  DismissUpdateRequest,
  DismissedUpdate,
  ReplaceDismissedUpdatesRequest,
  UserPreferences,
} from '../../../common/types';
import { toSemanticVersion } from '../../../common/versions';
import { isConflict, isNotFound } from '../../saved-objects/repository';
import { UpdateCheckError } from '../errors';
import { KeyedSerialQueue } from '../keyed-serial-queue';

export interface UserPreferencesServiceOptions {
  repository: RecordRepository;
  logger: Logger;
  /** Dismissed updates kept per user, whichever write path adds them. */
  maxDismissedUpdates: number;
  now?: () => Date;
  /** Attempts of one write when other instances keep changing the same record. */
  maxAttempts?: number;
}

interface StoredPreferences {
  attributes: UserPreferences;
  /** Version token of the stored record; undefined when the user has none yet. */
  version?: string;
}

function emptyPreferences(): UserPreferences {
  return { dismissed_updates: {}, last_dismissed_date: null };
}

/** Latest dismissal date of the map, null when it is empty. */
function latestDismissal(dismissed: Record<string, DismissedUpdate>): string | null {
  const dates = Object.values(dismissed).map((entry) => entry.dismissed_date);
  return dates.length > 0
    ? dates.reduce((latest, date) => (Date.parse(date) > Date.parse(latest) ? date : latest))
    : null;
}

/** The `limit` most recent dismissals of the map. */
function newestDismissals(
  dismissed: Record<string, DismissedUpdate>,
  limit: number,
): Record<string, DismissedUpdate> {
  const entries = Object.entries(dismissed);
  if (entries.length <= limit) return dismissed;
  entries.sort(([, a], [, b]) => Date.parse(b.dismissed_date) - Date.parse(a.dismissed_date));
  return Object.fromEntries(entries.slice(0, limit));
}

/**
 * Per-user dismissals of update notices, at most `maxDismissedUpdates` per user. Every write is read-modify-write guarded by the record's
 * version: a write that meets a newer record (another instance wrote in between) is redone on it,
 * so parallel dismissals lose nothing.
 */
export class UserPreferencesService {
  private readonly now: () => Date;
  private readonly maxAttempts: number;
  private readonly writes = new KeyedSerialQueue();

  constructor(private readonly options: UserPreferencesServiceOptions) {
    this.now = options.now ?? (() => new Date());
    this.maxAttempts = options.maxAttempts ?? 10;
  }

  async get(username: string): Promise<UserPreferences> {
    return (await this.read(username)).attributes;
  }

  /** Adds the version to the user's dismissed updates. `request.version` must be a semantic version. */
  async dismiss(username: string, request: DismissUpdateRequest): Promise<UserPreferences> {
    const version = toSemanticVersion(request.version);
    if (!version) throw new TypeError(`[${request.version}] is not a semantic version`);
    return this.write(username, (stored) => {
      const dismissedDate = this.now().toISOString();
      const { [version]: _replaced, ...others } = stored.dismissed_updates;
      return {
        dismissed_updates: {
          ...newestDismissals(others, this.options.maxDismissedUpdates - 1),
          [version]: { update_type: request.update_type, dismissed_date: dismissedDate },
        },
        last_dismissed_date: dismissedDate,
      };
    });
  }

  /** Replaces the user's dismissed updates; entries without a date are dated now. */
  async replaceDismissedUpdates(
    username: string,
    request: ReplaceDismissedUpdatesRequest,
  ): Promise<UserPreferences> {
    const limit = this.options.maxDismissedUpdates;
    if (Object.keys(request.dismissed_updates).length > limit)
      throw new UpdateCheckError(
        400,
        'too_many_dismissals',
        `[request body.dismissed_updates]: at most ${limit} dismissed updates can be stored`,
      );
    const dismissedUpdates: Record<string, DismissedUpdate> = {};
    const now = this.now().toISOString();
    for (const [key, entry] of Object.entries(request.dismissed_updates)) {
      const version = toSemanticVersion(key);
      if (!version) throw new TypeError(`[${key}] is not a semantic version`);
      dismissedUpdates[version] = {
        update_type: entry.update_type,
        dismissed_date: entry.dismissed_date ?? now,
      };
    }
    return this.write(username, () => ({
      dismissed_updates: dismissedUpdates,
      last_dismissed_date: latestDismissal(dismissedUpdates),
    }));
  }

  private write(
    username: string,
    change: (stored: UserPreferences) => UserPreferences,
  ): Promise<UserPreferences> {
    return this.writes.run(username, async () => {
      for (let attempt = 1; ; attempt++) {
        const stored = await this.read(username);
        const next = change(stored.attributes);
        try {
          await this.options.repository.create(USER_PREFERENCES_SAVED_OBJECT_TYPE, next, {
            id: username,
            // A first write must not replace a record another instance created meanwhile; later writes must match the version read.
            overwrite: stored.version !== undefined,
            version: stored.version,
          });
          return next;
        } catch (error) {
          if (!isConflict(error) || attempt >= this.maxAttempts) throw error;
          this.options.logger.debug(
            `Preferences of [${username}] changed while writing them; retrying (attempt ${attempt + 1})`,
          );
        }
      }
    });
  }

  private async read(username: string): Promise<StoredPreferences> {
    try {
      const found = await this.options.repository.get<UserPreferences>(
        USER_PREFERENCES_SAVED_OBJECT_TYPE,
        username,
      );
      return { attributes: { ...emptyPreferences(), ...found.attributes }, version: found.version };
    } catch (error) {
      if (isNotFound(error)) return { attributes: emptyPreferences() };
      throw error;
    }
  }
}
