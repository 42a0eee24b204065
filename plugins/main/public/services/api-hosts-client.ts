/** The dashboard's store of managed-API hosts (`/hosts/apis`) and its connection check. */
import type { HttpStart } from '../../../../host/public/types';
import type { ApiHostCheck, ApiHostEntry } from '../../common/api-host-check';
import type { ApiHostInput } from '../../common/api-hosts';
import { apiHostRoute, DASHBOARD_ROUTES } from './dashboard-routes';
import { isAbortError, toSvcError } from './svc-error';

/** An edit: the fields to change, and the version of the entry the user edited (a stale one is a 409). */
export type ApiHostChanges = Partial<Omit<ApiHostInput, 'id'>> & { version?: string };

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
    return call(() => this.http.get<ApiHostEntry[]>(DASHBOARD_ROUTES.apiHosts, { signal }), 'reading API hosts');
  }

  create(input: ApiHostInput): Promise<ApiHostEntry> {
    return call(() => this.http.post<ApiHostEntry>(DASHBOARD_ROUTES.apiHosts, { body: JSON.stringify(input) }), 'adding API hosts');
  }

  update(id: string, changes: ApiHostChanges): Promise<ApiHostEntry> {
    return call(() => this.http.put<ApiHostEntry>(apiHostRoute(id), { body: JSON.stringify(changes) }), 'editing API hosts');
  }

  async remove(id: string): Promise<void> {
    await call(() => this.http.delete(apiHostRoute(id)), 'removing API hosts');
  }

  /** Logs in to a stored host with its stored credentials and reads its version. */
  check(id: string, signal?: AbortSignal): Promise<ApiHostCheck> {
    return call(() => this.http.post<ApiHostCheck>(DASHBOARD_ROUTES.checkStoredApi, { body: JSON.stringify({ id }), signal }), 'checking API hosts');
  }
}
