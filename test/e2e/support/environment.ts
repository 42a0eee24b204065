/**
 * What a browser test runs against: the real dashboard in this process (ephemeral port, temporary
 * data folder, demo mode off) and the managed-API simulator, optionally stored as an API host.
 */
import {
  startTestDashboard,
  type TestDashboard,
  type TestDashboardOptions,
} from '../../integration/harness';
import {
  RUN_AS_USER,
  startManagedApi,
  type ManagedApi,
  type ManagedApiOptions,
} from '../../../simulator';
import { ensureBrowserBundles } from './browser-bundles';

export interface E2eEnvironment {
  dashboard: TestDashboard;
  managedApi: ManagedApi;
  /** Id of the stored API host pointing at the simulator, when `apiHost` was asked for. */
  apiHostId?: string;
  stop(): Promise<void>;
}

export interface E2eEnvironmentOptions {
  dashboard?: TestDashboardOptions;
  managedApi?: ManagedApiOptions;
  /** Store the simulator as an API host (id `e2e`) before the test starts. */
  apiHost?: boolean;
}

const E2E_API_HOST_ID = 'e2e';

export async function startE2eEnvironment(
  options: E2eEnvironmentOptions = {},
): Promise<E2eEnvironment> {
  await ensureBrowserBundles();
  const managedApi = await startManagedApi({ port: 0, controlPath: true, ...options.managedApi });
  let dashboard: TestDashboard;
  try {
    dashboard = await startTestDashboard(options.dashboard);
  } catch (error) {
    await managedApi.stop();
    throw error;
  }
  const environment: E2eEnvironment = {
    dashboard,
    managedApi,
    async stop() {
      await dashboard.stop();
      await managedApi.stop();
    },
  };
  if (options.apiHost) {
    try {
      await storeApiHost(dashboard, managedApi);
    } catch (error) {
      await environment.stop();
      throw error;
    }
    environment.apiHostId = E2E_API_HOST_ID;
  }
  return environment;
}

/** Stores a simulator as API host `id` (the run_as API user, run_as off), as an admin would. */
export async function storeApiHost(
  dashboard: TestDashboard,
  managedApi: ManagedApi,
  id = E2E_API_HOST_ID,
): Promise<void> {
  const url = new URL(managedApi.url);
  const admin = await dashboard.login();
  const response = await admin.post('/hosts/apis', {
    body: {
      id,
      url: `${url.protocol}//${url.hostname}`,
      port: Number(url.port),
      username: RUN_AS_USER.username,
      password: RUN_AS_USER.password,
      run_as: false,
    },
  });
  if (response.status !== 200)
    throw new Error(
      `Storing the simulator as API host failed with ${response.status}: ${response.text}`,
    );
}
