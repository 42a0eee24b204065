/**
 * Each dashboard user's default API host (the star in Settings → API): the host the apps start with
 * when the URL and the browser name none. It is kept on the server, one record per user, so it follows
 * the user to every browser and every dashboard instance, and two users never share it.
 */
import { SavedObjectsErrorHelpers, type ISavedObjectsRepository } from '@host/server/types';
import { USER_SETTINGS_SAVED_OBJECT_TYPE } from '../../../common/api-hosts';
import type { ApiHostStore } from '../api-hosts/api-host-store';
import { RequestFieldError } from '../request-field-error';

interface UserSettings {
  default_api_host: string;
}

/** Records read per page when looking for the defaults of a removed host (one record per user). */
const PAGE_SIZE = 1_000;

export class DefaultApiHostService {
  constructor(
    private readonly hosts: Pick<ApiHostStore, 'get'>,
    private readonly repository: ISavedObjectsRepository,
  ) {}

  /** The user's default host; null when none was chosen or the chosen host was removed since. */
  async get(username: string): Promise<string | null> {
    let chosen: string;
    try {
      const stored = await this.repository.get<UserSettings>(
        USER_SETTINGS_SAVED_OBJECT_TYPE,
        username,
      );
      chosen = stored.attributes.default_api_host;
    } catch (error) {
      if (SavedObjectsErrorHelpers.isNotFoundError(error)) return null;
      throw error;
    }
    return (await this.hosts.get(chosen)) ? chosen : null;
  }

  /** Makes a stored host the user's default; an id no host has is refused, naming `id`. */
  async set(username: string, id: string): Promise<string> {
    if (!(await this.hosts.get(id)))
      throw new RequestFieldError('id', `no API host has the id [${id}]`);
    await this.repository.create<UserSettings>(
      USER_SETTINGS_SAVED_OBJECT_TYPE,
      { default_api_host: id },
      { id: username, overwrite: true },
    );
    return id;
  }

  /**
   * Forgets every user's default that names a removed host, so a host stored later under the same id
   * is nobody's default until someone stars it.
   */
  async forgetHost(id: string): Promise<void> {
    const naming: string[] = [];
    for (let page = 1; ; page += 1) {
      const found = await this.repository.find<UserSettings>({
        type: USER_SETTINGS_SAVED_OBJECT_TYPE,
        page,
        perPage: PAGE_SIZE,
      });
      for (const record of found.saved_objects)
        if (record.attributes.default_api_host === id) naming.push(record.id);
      if (page * PAGE_SIZE >= found.total) break;
    }
    await Promise.all(
      naming.map((username) =>
        this.repository
          .delete(USER_SETTINGS_SAVED_OBJECT_TYPE, username)
          .catch((error: unknown) => {
            if (!SavedObjectsErrorHelpers.isNotFoundError(error)) throw error;
          }),
      ),
    );
  }
}
