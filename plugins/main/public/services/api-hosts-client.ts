/**
 * The dashboard's store of managed-API hosts (`/hosts/apis`), its connection check, and the signed-in
 * user's default host (`/hosts/default-api`).
 */
import type { HttpStart } from '@host/public/types';
import type { ApiHostCheck, ApiHostEntry } from '../../common/api-host-check';
import type { ApiHostInput } from '../../common/api-hosts';
import { SVC_ROUTES } from '../../common/constants';
import { isAbortError, toSvcError } from './svc-error';

/**
 * An edit: the fields to change (`ca_file: null` removes it), and the version of the entry the user
 * edited (a stale one is a 409).
 */
export type ApiHostChanges = Partial<Omit<ApiHostInput, 'id' | 'ca_file'>> & {
  ca_file?: string | null;
  version?: string;
};

function hostRoute(id: string): string {
  return SVC_ROUTES.host.replace('{id}', encodeURIComponent(id));
}

/** A check that failed still describes the host: the dashboard's error body carries it. */
function checkOf(error: unknown): ApiHostCheck | undefined {
  const attributes = (error as { body?: { attributes?: { check?: ApiHostCheck } } }).body
    ?.attributes;
  return attributes?.check;
}

async function call<T>(run: () => Promise<T>, action: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw toSvcError(error, action);
  }
}

export class ApiHostsClient {
  constructor(private readonly http: HttpStart) {}

  list(signal?: AbortSignal): Promise<ApiHostEntry[]> {
    return call(
      () => this.http.get<ApiHostEntry[]>(SVC_ROUTES.hosts, { signal }),
      'reading API hosts',
    );
  }

  create(input: ApiHostInput): Promise<ApiHostEntry> {
    return call(
      () => this.http.post<ApiHostEntry>(SVC_ROUTES.hosts, { body: JSON.stringify(input) }),
      'adding API hosts',
    );
  }

  update(id: string, changes: ApiHostChanges): Promise<ApiHostEntry> {
    return call(
      () => this.http.put<ApiHostEntry>(hostRoute(id), { body: JSON.stringify(changes) }),
      'editing API hosts',
    );
  }

  async remove(id: string): Promise<void> {
    await call(() => this.http.delete(hostRoute(id)), 'removing API hosts');
  }

  /** Logs in to a stored host with its stored credentials and reads its version; a host that cannot be used is a result too. */
  async check(id: string, signal?: AbortSignal): Promise<ApiHostCheck> {
    try {
      const answer = await this.http.post<{ data: ApiHostEntry }>(SVC_ROUTES.checkStoredApi, {
        body: JSON.stringify({ id }),
        signal,
      });
      if (!answer.data.status) throw new Error(`The check of API host ${id} gave no result`);
      return answer.data.status;
    } catch (error) {
      const check = checkOf(error);
      if (check) return check;
      if (isAbortError(error)) throw error;
      throw toSvcError(error, 'checking API hosts');
    }
  }

  /** The user's default host; null when none is chosen or it was removed. */
  async getDefault(signal?: AbortSignal): Promise<string | null> {
    const answer = await call(
      () => this.http.get<{ data: { id: string | null } }>(SVC_ROUTES.defaultHost, { signal }),
      'reading your default API host',
    );
    return answer.data.id;
  }

  async setDefault(id: string): Promise<void> {
    await call(
      () => this.http.put(SVC_ROUTES.defaultHost, { body: JSON.stringify({ id }) }),
      'choosing your default API host',
    );
  }
}
