/** The dashboard's store of managed-API hosts (`/hosts/apis`) and its connection checks. */
import type { HttpStart } from '../../../../host/public/types';
import type { ApiHost, ApiHostInput } from '../../common/api-hosts';
import { apiHostRoute, DASHBOARD_ROUTES } from './dashboard-routes';
import { isAbortError, toSvcError } from './svc-error';

/** What a connection check found out about a host. */
export interface HostCheck {
  /** The host answered with a valid login. */
  ok: boolean;
  /** Version the managed API reports (`4.14.7`). */
  version?: string;
  /** Why it failed, in the words of the API or the dashboard. */
  message?: string;
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

  list(signal?: AbortSignal): Promise<ApiHost[]> {
    return call(() => this.http.get<ApiHost[]>(DASHBOARD_ROUTES.apiHosts, { signal }), 'reading API hosts');
  }

  create(input: ApiHostInput): Promise<ApiHost> {
    return call(() => this.http.post<ApiHost>(DASHBOARD_ROUTES.apiHosts, { body: JSON.stringify(input) }), 'adding API hosts');
  }

  update(id: string, input: Partial<ApiHostInput>): Promise<ApiHost> {
    return call(() => this.http.put<ApiHost>(apiHostRoute(id), { body: JSON.stringify(input) }), 'editing API hosts');
  }

  async remove(id: string): Promise<void> {
    await call(() => this.http.delete(apiHostRoute(id)), 'removing API hosts');
  }

  /** Logs in to a stored host and reads its version. A host that cannot be used is a result, not an error. */
  async check(id: string, signal?: AbortSignal): Promise<HostCheck> {
    try {
      const answer = await this.http.post<{ data?: { api_version?: string } }>(DASHBOARD_ROUTES.checkStoredApi, { body: JSON.stringify({ id }), signal });
      return { ok: true, version: answer?.data?.api_version };
    } catch (error) {
      if (isAbortError(error)) throw error;
      return { ok: false, message: toSvcError(error).detail };
    }
  }
}
