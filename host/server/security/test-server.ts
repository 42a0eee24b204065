/**
 * Test support for the security and settings routes: the host's HTTP service with the real auth
 * step, saved objects in a temporary folder, security and uiSettings wired as the server wires
 * them, on an ephemeral port. Plugins are not loaded.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CORE_OWNER, createCoreContextFactory, HttpService } from '../http';
import { createSavedObjectsService } from '../saved-objects';
import { createRecordingLogger } from '../saved-objects/testing';
import { createUiSettingsService } from '../ui-settings';
import type { LoginThrottleConfig } from './login-throttle';
import {
  createSecurityService,
  type SecurityConfig,
  type SecurityService,
} from './security-service';

export const TEST_ADMIN_PASSWORD = 'test-admin-password';
/** Cheap scrypt parameters: tests hash many passwords. */
export const FAST_HASH = {
  cost: 1024,
  blockSize: 8,
  parallelization: 1,
  keyLength: 32,
  saltLength: 16,
};

interface TestReply {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export interface SecurityTestServer {
  url: string;
  dataDir: string;
  security: SecurityService;
  logger: ReturnType<typeof createRecordingLogger>;
  /** JSON request with `osd-xsrf`; `cookie` or `basic` pick the credentials. */
  request(
    method: string,
    route: string,
    options?: {
      body?: unknown;
      cookie?: string;
      basic?: [string, string];
      headers?: Record<string, string>;
    },
  ): Promise<TestReply>;
  /** Logs in and returns the `name=value` part of the session cookie. */
  login(username: string, password: string): Promise<string>;
  stop(): Promise<void>;
}

export interface SecurityTestServerOptions {
  basePath?: string;
  session?: SecurityConfig['session'];
  loginThrottle?: LoginThrottleConfig;
  now?: () => number;
}

export async function startSecurityTestServer(
  options: SecurityTestServerOptions = {},
): Promise<SecurityTestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-security-'));
  const logger = createRecordingLogger();
  const basePath = options.basePath ?? '';
  const savedObjects = createSavedObjectsService({ dataDir, logger: logger.get('savedobjects') });
  const security = createSecurityService({
    savedObjects,
    config: {
      basePath,
      adminPassword: TEST_ADMIN_PASSWORD,
      session: options.session ?? { ttlMinutes: 480, idleTimeoutMinutes: 60 },
      loginThrottle: options.loginThrottle,
    },
    logger: logger.get('security'),
    dataDir,
    now: options.now,
    hashParameters: FAST_HASH,
  });
  const uiSettings = createUiSettingsService({
    logger: logger.get('ui-settings'),
    savedObjects: savedObjects.setup,
  });
  const http = new HttpService(
    { host: '127.0.0.1', port: 0, basePath, maxPayloadBytes: 1024 * 1024 },
    logger.get('http'),
  );
  const httpSetup = http.setup();
  httpSetup.registerAuth((headers, clientAddress) => security.authenticate(headers, clientAddress));
  security.setup();
  const router = httpSetup.createRouter(CORE_OWNER);
  security.registerRoutes(router);
  uiSettings.registerRoutes(router);

  const savedObjectsStart = await savedObjects.start();
  await security.start({ savedObjects: savedObjectsStart });
  await http.start({
    coreContext: createCoreContextFactory({
      savedObjects: savedObjectsStart,
      uiSettings: uiSettings.start(),
      getCurrentUser: security.getCurrentUser,
    }),
  });
  const { url } = await http.listen();

  const request: SecurityTestServer['request'] = async (method, route, requestOptions = {}) => {
    const headers: Record<string, string> = { 'osd-xsrf': 'test', ...requestOptions.headers };
    if (requestOptions.body !== undefined) headers['content-type'] = 'application/json';
    if (requestOptions.cookie) headers.cookie = requestOptions.cookie;
    if (requestOptions.basic)
      headers.authorization = `Basic ${Buffer.from(requestOptions.basic.join(':')).toString('base64')}`;
    const response = await fetch(`${url}${route}`, {
      method,
      headers,
      body: requestOptions.body === undefined ? undefined : JSON.stringify(requestOptions.body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? JSON.parse(text) : {},
    };
  };

  return {
    url,
    dataDir,
    security,
    logger,
    request,
    async login(username, password) {
      const reply = await request('POST', '/auth/login', { body: { username, password } });
      if (reply.status !== 200) throw new Error(`login of ${username} failed with ${reply.status}`);
      return (reply.headers.get('set-cookie') ?? '').split(';')[0];
    },
    async stop() {
      await http.stop();
      await security.stop();
      await savedObjects.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
