/**
 * Integration-test harness: the real dashboard in this process, on an ephemeral port, with a fresh
 * temporary data folder and every log line kept for assertions. Clients speak real HTTP.
 *
 *   const dashboard = await startTestDashboard();
 *   const admin = await dashboard.login();
 *   const response = await admin.get('/api/status');
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLineCollector } from '../../host/server/logging';
import { startServer } from '../../host/server/root';

/**
 * Runs the next step of a test environment's start and, when it throws, stops what already started:
 * a server left listening would keep the test run from exiting after the failure it reports.
 */
export async function stopIfNextFails<T>(
  started: { stop(): Promise<void> },
  next: () => Promise<T>,
): Promise<T> {
  try {
    return await next();
  } catch (error) {
    await started.stop();
    throw error;
  }
}

/** The first admin's password in every test dashboard (SVC_ADMIN_PASSWORD). */
export const TEST_ADMIN_PASSWORD = 'harness-admin-password';

export interface TestResponse {
  status: number;
  /** Lower-case header names; repeated headers joined with ", " (see `setCookies` for cookies). */
  headers: Record<string, string>;
  setCookies: string[];
  text: string;
  json<T = unknown>(): T;
}

interface TestRequestOptions {
  /** Objects are sent as JSON; strings and Buffers as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
}

export interface TestClient {
  request(method: string, path: string, options?: TestRequestOptions): Promise<TestResponse>;
  get(path: string, options?: TestRequestOptions): Promise<TestResponse>;
  post(path: string, options?: TestRequestOptions): Promise<TestResponse>;
  put(path: string, options?: TestRequestOptions): Promise<TestResponse>;
  delete(path: string, options?: TestRequestOptions): Promise<TestResponse>;
}

export interface TestDashboard {
  /** Base URL, base path included. */
  url: string;
  dataDir: string;
  adminPassword: string;
  /** Logs in through `POST /auth/login`; the client sends the session cookie and `osd-xsrf` on every call. */
  login(username?: string, password?: string): Promise<TestClient>;
  /** A client without credentials (it still sends `osd-xsrf`). */
  anonymous(): TestClient;
  addUser(username: string, password: string, roles: string[]): Promise<void>;
  /** Every JSON log line written so far. */
  logs(): string[];
  stop(): Promise<void>;
}

export interface TestDashboardOptions {
  /** `SVC_*` settings on top of the harness's own (port 0, temp data folder, demo off, fixed admin password). */
  env?: Record<string, string>;
  /** Configuration shaped like the YAML file (host keys and plugin subtrees). */
  config?: Record<string, unknown>;
  pluginsDir?: string;
  /** Reuse a data folder (e.g. to restart on the same data); it is then not deleted by `stop()`. */
  dataDir?: string;
  /** Time limit of each plugin lifecycle phase. */
  lifecycleTimeoutMs?: number;
}

async function send(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  options: TestRequestOptions = {},
): Promise<TestResponse> {
  const url = new URL(`${baseUrl}${path}`);
  for (const [key, value] of Object.entries(options.query ?? {}))
    if (value !== undefined) url.searchParams.set(key, String(value));
  const requestHeaders: Record<string, string> = { ...headers };
  let body: string | Blob | undefined;
  if (typeof options.body === 'string') body = options.body;
  else if (Buffer.isBuffer(options.body)) body = new Blob([new Uint8Array(options.body)]);
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    requestHeaders['content-type'] = 'application/json';
  }
  const response = await fetch(url, {
    method: method.toUpperCase(),
    headers: { ...requestHeaders, ...options.headers },
    body,
    redirect: 'manual',
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    setCookies: response.headers.getSetCookie(),
    text,
    json: <T>() => JSON.parse(text) as T,
  };
}

function createClient(baseUrl: string, headers: Record<string, string>): TestClient {
  const request = (method: string, path: string, options?: TestRequestOptions) =>
    send(baseUrl, method, path, headers, options);
  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, options) => request('POST', path, options),
    put: (path, options) => request('PUT', path, options),
    delete: (path, options) => request('DELETE', path, options),
  };
}

export async function startTestDashboard(
  options: TestDashboardOptions = {},
): Promise<TestDashboard> {
  const scratch = await mkdtemp(join(tmpdir(), 'svc-it-'));
  const dataDir = options.dataDir ?? join(scratch, 'data');
  const logs = createLineCollector();
  const env: NodeJS.ProcessEnv = {
    SVC_HOST: '127.0.0.1',
    SVC_PORT: '0',
    SVC_DATA_DIR: dataDir,
    SVC_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    SVC_DEMO: 'false',
    SVC_LOG_LEVEL: 'info',
    ...options.env,
  };
  let server;
  try {
    // cwd is the scratch folder, so the repository's config/svc.yml never leaks into a test.
    server = await startServer({
      env,
      cwd: scratch,
      configOverrides: options.config,
      pluginsDir: options.pluginsDir,
      logDestination: logs.stream,
      lifecycleTimeoutMs: options.lifecycleTimeoutMs,
    });
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    throw error;
  }
  const running = server;
  const xsrf = { 'osd-xsrf': 'integration-test' };
  const passwords = new Map([['admin', env.SVC_ADMIN_PASSWORD ?? TEST_ADMIN_PASSWORD]]);

  async function login(
    username = 'admin',
    password = passwords.get(username),
  ): Promise<TestClient> {
    if (password === undefined)
      throw new Error(`No password known for [${username}]: pass one to login().`);
    const response = await send(running.url, 'POST', '/auth/login', xsrf, {
      body: { username, password },
    });
    if (response.status !== 200)
      throw new Error(`Login as [${username}] failed with ${response.status}: ${response.text}`);
    const cookie = response.setCookies.map((setCookie) => setCookie.split(';')[0]).join('; ');
    return createClient(running.url, { ...xsrf, cookie });
  }

  return {
    url: running.url,
    dataDir,
    adminPassword: passwords.get('admin')!,
    login,
    anonymous: () => createClient(running.url, xsrf),
    async addUser(username, password, roles) {
      const admin = await login();
      const response = await admin.post('/api/v1/security/users', {
        body: { username, password, roles },
      });
      if (response.status !== 200)
        throw new Error(
          `Adding user [${username}] failed with ${response.status}: ${response.text}`,
        );
      passwords.set(username, password);
    },
    logs: () => logs.lines(),
    async stop() {
      await running.stop();
      await rm(scratch, { recursive: true, force: true });
    },
  };
}
