/**
 * Shared setup of the main plugin's integration tests: the managed-API simulator, a dashboard whose
 * config seeds a host on it, dashboard users of both roles, and a record of every response so each
 * test file can prove that no stored password ever left the server (in a response or a log line).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startManagedApi, type ManagedApi, type ManagedApiOptions } from '../../../simulator';
import {
  startTestDashboard,
  stopIfNextFails,
  type TestClient,
  type TestDashboard,
  type TestDashboardOptions,
  type TestResponse,
} from '../harness';

/** API user of the simulator whose password is distinctive enough to search for. */
export const API_USER = {
  username: 'svc-integration',
  password: 'Api-Pw-7f3a9c1e-not-for-output',
} as const;
/** A second password, used when tests store other credentials. */
export const OTHER_PASSWORD = 'Other-Pw-2b8d4e60-not-for-output';
const STORED_PASSWORDS = [API_USER.password, OTHER_PASSWORD];

export const USER = { username: 'reader', password: 'reader-password-1', roles: ['user'] };
const SECOND_ADMIN = {
  username: 'operator',
  password: 'operator-password-1',
  roles: ['admin'],
};

export const HOST_ID = 'sim';

export interface MainTestEnv {
  simulator: ManagedApi;
  dashboard: TestDashboard;
  admin: TestClient;
  user: TestClient;
  /** Every response any client of this file received. */
  responses: TestResponse[];
  /** Seeds a host pointing at the simulator with the distinctive API user. */
  hostConfig(overrides?: Record<string, unknown>): Record<string, unknown>;
  stop(): Promise<void>;
}

function recording(client: TestClient, responses: TestResponse[]): TestClient {
  const request: TestClient['request'] = async (method, path, options) => {
    const response = await client.request(method, path, options);
    responses.push(response);
    return response;
  };
  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, options) => request('POST', path, options),
    put: (path, options) => request('PUT', path, options),
    delete: (path, options) => request('DELETE', path, options),
  };
}

export interface MainTestOptions {
  simulator?: ManagedApiOptions;
  /** Extra `svc:` config, merged over the seeded host. */
  svc?: Record<string, unknown>;
  /** Seeded host fields (run_as etc.). */
  host?: Record<string, unknown>;
  dashboard?: TestDashboardOptions;
}

export async function startMainTestEnv(options: MainTestOptions = {}): Promise<MainTestEnv> {
  const simulator = await startManagedApi({
    users: [
      {
        username: API_USER.username,
        password: API_USER.password,
        roles: ['administrator'],
        allowRunAs: true,
      },
    ],
    ...options.simulator,
  });
  const hostConfig = (overrides: Record<string, unknown> = {}) => ({
    id: HOST_ID,
    url: new URL(simulator.url).origin.replace(/:\d+$/, ''),
    port: simulator.port,
    username: API_USER.username,
    password: API_USER.password,
    run_as: true,
    ...options.host,
    ...overrides,
  });
  return stopIfNextFails(simulator, async () => {
    const dashboard = await startTestDashboard({
      ...options.dashboard,
      config: { svc: { hosts: [hostConfig()], ...options.svc } },
    });
    return stopIfNextFails(dashboard, async () => {
      await dashboard.addUser(USER.username, USER.password, USER.roles);
      await dashboard.addUser(SECOND_ADMIN.username, SECOND_ADMIN.password, SECOND_ADMIN.roles);
      const responses: TestResponse[] = [];
      return {
        simulator,
        dashboard,
        admin: recording(await dashboard.login(), responses),
        user: recording(await dashboard.login(USER.username, USER.password), responses),
        responses,
        hostConfig,
        async stop() {
          await dashboard.stop();
          await simulator.stop();
        },
      };
    });
  });
}

/** Log lines and responses that contain one of the stored passwords (expected: none). */
export function leakedSecrets(env: MainTestEnv): string[] {
  const texts = [
    ...env.dashboard.logs(),
    ...env.responses.map((response) => `${JSON.stringify(response.headers)} ${response.text}`),
  ];
  return texts.filter((text) => STORED_PASSWORDS.some((password) => text.includes(password)));
}

/** Files of the data folder (saved objects database, WAL, logs, key) that contain a stored password. */
export function secretsAtRest(dataDir: string): string[] {
  const files = readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((entry) =>
    entry.isFile(),
  );
  return files
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => {
      const bytes = readFileSync(file);
      return STORED_PASSWORDS.some(
        (password) => bytes.includes(password) || bytes.includes(Buffer.from(password, 'utf16le')),
      );
    });
}
