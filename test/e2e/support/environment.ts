/**
 * What a browser test runs against: the real dashboard in this process (ephemeral port, temporary
 * data folder, demo mode off) and the managed-API simulator, optionally stored as an API host, and
 * optionally the indexer stand-in the dashboard reads alerts from.
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
import {
  startIndexer,
  type IndexerStandIn,
  type IndexerStandInOptions,
} from '../../../simulator/indexer';
import { ensureBrowserBundles } from './browser-bundles';

export interface E2eEnvironment {
  dashboard: TestDashboard;
  managedApi: ManagedApi;
  /** Id of the stored API host pointing at the simulator, when `apiHost` was asked for. */
  apiHostId?: string;
  /** The indexer stand-in the dashboard is configured with, when `indexer` was asked for. */
  indexer?: IndexerStandIn;
  stop(): Promise<void>;
}

export interface E2eEnvironmentOptions {
  dashboard?: TestDashboardOptions;
  managedApi?: ManagedApiOptions;
  /** Store the simulator as an API host (id `e2e`) before the test starts. */
  apiHost?: boolean;
  /** Start the indexer stand-in and point the dashboard at it (SVC_INDEXER_URL and credentials). */
  indexer?: IndexerStandInOptions;
}

/** The stand-in's login, which the dashboard is given as an operator would give it. */
const E2E_INDEXER_USER = { username: 'dashboard', password: 'e2e-indexer-password' };

/** The `SVC_INDEXER_*` settings that point the dashboard at `indexer`. */
function indexerEnv(indexer: IndexerStandIn): Record<string, string> {
  return {
    SVC_INDEXER_URL: indexer.url,
    SVC_INDEXER_USERNAME: E2E_INDEXER_USER.username,
    SVC_INDEXER_PASSWORD: E2E_INDEXER_USER.password,
  };
}

/** `Authorization` for asking the stand-in directly, as a test counting its documents does. */
export function indexerAuthorization(): string {
  const { username, password } = E2E_INDEXER_USER;
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

const E2E_API_HOST_ID = 'e2e';

export async function startE2eEnvironment(
  options: E2eEnvironmentOptions = {},
): Promise<E2eEnvironment> {
  await ensureBrowserBundles();
  const managedApi = await startManagedApi({ port: 0, controlPath: true, ...options.managedApi });
  let indexer: IndexerStandIn | undefined;
  let dashboard: TestDashboard;
  try {
    if (options.indexer)
      indexer = await startIndexer({ users: [E2E_INDEXER_USER], ...options.indexer });
    dashboard = await startTestDashboard({
      ...options.dashboard,
      env: { ...(indexer && indexerEnv(indexer)), ...options.dashboard?.env },
    });
  } catch (error) {
    await indexer?.stop();
    await managedApi.stop();
    throw error;
  }
  const environment: E2eEnvironment = {
    dashboard,
    managedApi,
    indexer,
    async stop() {
      await dashboard.stop();
      await indexer?.stop();
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
