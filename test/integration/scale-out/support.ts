/**
 * Two dashboards in this process sharing one fresh PostgreSQL database, as several instances
 * behind a load balancer would, and clients that carry a session cookie from one to the other.
 */
import {
  createTestDatabase,
  type TestDatabase,
} from '../../../host/server/saved-objects/postgres/test-support';
import { ADMIN_USER, startManagedApi, type ManagedApi } from '../../../simulator';
import {
  startTestDashboard,
  stopIfNextFails,
  type TestDashboard,
  type TestDashboardOptions,
} from '../harness';

export interface SharedDatabaseDashboards {
  database: TestDatabase;
  a: TestDashboard;
  b: TestDashboard;
  stop(): Promise<void>;
}

/** Starts both dashboards at the same time (schema creation and the first admin race on purpose). */
export async function startTwoDashboards(
  options: TestDashboardOptions = {},
): Promise<SharedDatabaseDashboards> {
  const database = await createTestDatabase();
  const start = () =>
    startTestDashboard({
      ...options,
      env: { ...options.env, SVC_SAVED_OBJECTS_URL: database.url },
    });
  const started = await Promise.allSettled([start(), start()]);
  const running = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const failed = started.find(
    (result): result is PromiseRejectedResult => result.status === 'rejected',
  );
  if (failed) {
    await Promise.all(running.map((dashboard) => dashboard.stop()));
    await database.drop();
    throw failed.reason;
  }
  const [a, b] = running;
  return {
    database,
    a,
    b,
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
      await database.drop();
    },
  };
}

export interface CookieResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

/** The `name=value` pairs of a login's session cookie, taken from one instance's answer. */
export async function loginCookie(
  dashboard: TestDashboard,
  username: string,
  password: string,
): Promise<{ status: number; cookie: string; headers: Headers }> {
  const response = await fetch(`${dashboard.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'osd-xsrf': 'scale-out' },
    body: JSON.stringify({ username, password }),
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0])
    .join('; ');
  return { status: response.status, cookie, headers: response.headers };
}

/** A request to any instance carrying a cookie (made by any instance). */
export async function withCookie(
  dashboard: TestDashboard,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<CookieResponse> {
  const response = await fetch(`${dashboard.url}${path}`, {
    method,
    headers: {
      cookie,
      'osd-xsrf': 'scale-out',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : undefined,
  };
}

export interface DashboardsWithApi extends SharedDatabaseDashboards {
  simulator: ManagedApi;
}

/**
 * Both dashboards with one encryption key and a managed-API simulator. The main plugin reads the key
 * from the process environment, so it is set there while they run.
 */
export async function startTwoDashboardsWithApi(
  options: TestDashboardOptions & {
    encryptionKey: string;
    simulator?: Parameters<typeof startManagedApi>[0];
  },
): Promise<DashboardsWithApi> {
  const previousKey = process.env.SVC_ENCRYPTION_KEY;
  process.env.SVC_ENCRYPTION_KEY = options.encryptionKey;
  const simulator = await startManagedApi(options.simulator);
  const dashboards = await stopIfNextFails(simulator, () =>
    startTwoDashboards({
      ...options,
      env: { ...options.env, SVC_ENCRYPTION_KEY: options.encryptionKey },
    }),
  );
  return {
    ...dashboards,
    simulator,
    async stop() {
      await dashboards.stop();
      await simulator.stop();
      if (previousKey === undefined) delete process.env.SVC_ENCRYPTION_KEY;
      else process.env.SVC_ENCRYPTION_KEY = previousKey;
    },
  };
}

/** The body of `POST /hosts/apis` storing the simulator as host `id`, logged in as its admin user. */
export function simulatorHost(simulator: ManagedApi, id: string): Record<string, unknown> {
  const origin = new URL(simulator.url);
  return {
    id,
    url: `${origin.protocol}//${origin.hostname}`,
    port: simulator.port,
    username: ADMIN_USER.username,
    password: ADMIN_USER.password,
    run_as: false,
  };
}
