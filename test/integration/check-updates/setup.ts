/**
 * A test dashboard wired to a managed-API simulator stored as API host `manager-1`, for the
 * update-check integration tests.
 */
import {
  startManagedApi,
  RUN_AS_USER,
  type ManagedApi,
  type VersionCheckMode,
} from '../../../simulator';
import {
  startTestDashboard,
  stopIfNextFails,
  type TestDashboard,
  type TestDashboardOptions,
} from '../harness';

export const API_ID = 'manager-1';
/** A second host on the same simulator, left unasked until a test needs a host with no stored record. */
export const FRESH_API_ID = 'manager-2';
export const VERSION_CHECK_ROUTE = 'GET /manager/version/check';

export interface UpdatesTestBed {
  dashboard: TestDashboard;
  api: ManagedApi;
  /** Calls the simulator received on its version-check endpoint. */
  versionChecks(): number;
  stop(): Promise<void>;
}

/** Dashboard config storing the simulator as hosts `manager-1` and `manager-2`, plus the given plugin settings. */
export function dashboardConfig(
  api: ManagedApi,
  extra: { svc?: Record<string, unknown>; svc_check_updates?: Record<string, unknown> } = {},
) {
  const { protocol, hostname, port } = new URL(api.url);
  const host = (id: string) => ({
    id,
    url: `${protocol}//${hostname}`,
    port: Number(port),
    username: RUN_AS_USER.username,
    password: RUN_AS_USER.password,
  });
  return {
    svc: {
      hosts: [host(API_ID), host(FRESH_API_ID)],
      ...extra.svc,
    },
    svc_check_updates: { ...extra.svc_check_updates },
  };
}

export async function startUpdatesTestBed(
  options: {
    versionCheck?: VersionCheckMode;
    config?: Parameters<typeof dashboardConfig>[1];
    dashboard?: TestDashboardOptions;
  } = {},
): Promise<UpdatesTestBed> {
  const api = await startManagedApi({ versionCheck: options.versionCheck ?? 'all', agents: 5 });
  const dashboard = await stopIfNextFails(api, () =>
    startTestDashboard({ ...options.dashboard, config: dashboardConfig(api, options.config) }),
  );
  return {
    dashboard,
    api,
    versionChecks: () => api.stats.byRoute[VERSION_CHECK_ROUTE] ?? 0,
    async stop() {
      await dashboard.stop();
      await api.stop();
    },
  };
}
