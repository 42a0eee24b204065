/**
 * The host's security service: dashboard users and sessions as hidden saved objects, the auth
 * step every route goes through, the login routes and the first admin.
 */
import type {
  AuthenticatedUser,
  IRouter,
  Logger,
  OsdRequest,
  SavedObjectsServiceSetup,
  SavedObjectsServiceStart,
} from '../types';
import { authenticatedUserOf } from '../http/osd-request';
import type { InternalCoordination } from '../saved-objects';
import { Authentication } from './authentication';
import { BasicAuthCache } from './basic-auth-cache';
import {
  ensureInitialAdmin,
  forgetInitialAdminPassword,
  type FirstStartRecord,
} from './first-start';
import { CheckShares, DEFAULT_CHECK_SHARES, type CheckSharesConfig } from './check-shares';
import { HashQueue, type HashQueueConfig } from './hash-queue';
import {
  createLoginLimiters,
  DEFAULT_LOGIN_THROTTLE,
  LoginThrottle,
  type LoginThrottleConfig,
} from './login-throttle';
import type { ScryptParameters } from './password-hash';
import { registerAuthRoutes } from './routes/auth-routes';
import { registerUserRoutes } from './routes/user-routes';
import { registerSecurityTypes, SECURITY_TYPES } from './saved-object-types';
import { SessionStore } from './sessions/session-store';
import { UserService, type UserChange } from './users/user-service';

/** How often expired sessions are deleted from the database. */
const SESSION_SWEEP_INTERVAL_MS = 15 * 60_000;
const SESSION_SWEEP_CLAIM = 'svc.security.session-sweep';
const MINUTE_MS = 60_000;

export interface SecurityConfig {
  /** `SVC_BASE_PATH`: the session cookie's path. */
  basePath: string;
  /** `SVC_ADMIN_PASSWORD`: the first admin's password instead of a generated one. */
  adminPassword?: string;
  session: {
    /** Absolute lifetime of a session. */
    ttlMinutes: number;
    /** A session unused this long ends. */
    idleTimeoutMinutes: number;
  };
  loginThrottle?: LoginThrottleConfig;
  /** The queue's size, and each address's and user name's share of it (defaults where left out). */
  passwordChecks?: HashQueueConfig & Partial<CheckSharesConfig>;
}

export interface SecurityServiceOptions {
  savedObjects: { setup: SavedObjectsServiceSetup; coordination: InternalCoordination };
  config: SecurityConfig;
  logger: Logger;
  /** `SVC_DATA_DIR`: where the generated first admin password is written. */
  dataDir: string;
  /** Clock in epoch ms (tests). */
  now?: () => number;
  /** Cheaper hashing for tests; production uses `SCRYPT_PARAMETERS`. */
  hashParameters?: ScryptParameters;
}

interface SecurityServiceStartOptions {
  savedObjects: SavedObjectsServiceStart;
  /**
   * `server` (default) creates the first admin when none exists and sweeps expired sessions;
   * `script` (`npm run users`) only opens the stores.
   */
  mode?: 'server' | 'script';
}

export interface SecurityService {
  /** Registers the hidden user and session types. */
  setup(): void;
  /** Registers the login, logout, authinfo and user-management routes. */
  registerRoutes(router: IRouter): void;
  /** Opens the user and session stores; in server mode creates the first admin when none exists. */
  start(options: SecurityServiceStartOptions): Promise<{ firstStart?: FirstStartRecord }>;
  /** The auth step: the user behind a session cookie or `Authorization: Basic`, or null. */
  authenticate(
    headers: Readonly<Record<string, string | string[] | undefined>>,
    clientAddress: string,
  ): AuthenticatedUser | null | Promise<AuthenticatedUser | null>;
  /** The user the auth step found for this request, or null. */
  getCurrentUser(request: OsdRequest): AuthenticatedUser | null;
  /** The user service (add, passwd, remove, list); available after start. */
  readonly users: UserService;
  stop(): Promise<void>;
}

interface Started {
  users: UserService;
  sessions: SessionStore;
  authentication: Authentication;
  sweepTimer?: NodeJS.Timeout;
}

export function createSecurityService(options: SecurityServiceOptions): SecurityService {
  const { config, logger } = options;
  const now = options.now ?? Date.now;
  const basicCache = new BasicAuthCache(now);
  // One queue for every login path of this instance: forms and Basic headers share the CPU.
  const hashQueue = new HashQueue(config.passwordChecks);
  const shares = new CheckShares();
  const sharesConfig: CheckSharesConfig = { ...DEFAULT_CHECK_SHARES, ...config.passwordChecks };
  let started: Started | undefined;

  function requireStarted(): Started {
    if (!started) throw new Error('The security service is not started.');
    return started;
  }

  /** Keeps sessions and caches in step with user changes made through this instance. */
  async function onUserChanged(username: string, change: UserChange): Promise<void> {
    const { sessions } = requireStarted();
    basicCache.evictUser(username);
    if (change === 'roles') {
      sessions.evictUser(username);
      return;
    }
    await sessions.revokeAllFor(username);
    await forgetInitialAdminPassword(options.dataDir, username);
  }

  function sweepSessions(sessions: SessionStore): void {
    // Every instance's timer fires; the first to claim the current interval sweeps for them all.
    const tick = Math.floor(Date.now() / SESSION_SWEEP_INTERVAL_MS);
    const { coordination } = options.savedObjects;
    coordination
      .claimRun(`${SESSION_SWEEP_CLAIM}:${tick}`, SESSION_SWEEP_INTERVAL_MS)
      .then((claimed) => (claimed ? sessions.sweepExpired() : 0))
      .then(
        (deleted) => deleted > 0 && logger.debug(`Deleted ${deleted} expired sessions`),
        (error: Error) => logger.error(error),
      );
  }

  return {
    setup() {
      registerSecurityTypes(options.savedObjects.setup);
    },

    registerRoutes(router) {
      registerAuthRoutes(router, {
        get authentication() {
          return requireStarted().authentication;
        },
        get sessions() {
          return requireStarted().sessions;
        },
        basePath: config.basePath,
        getCurrentUser: authenticatedUserOf,
      });
      registerUserRoutes(router, {
        users: () => requireStarted().users,
      });
    },

    async start({ savedObjects, mode = 'server' }) {
      if (started) throw new Error('The security service is already started.');
      const repository = savedObjects.createInternalRepository(SECURITY_TYPES);
      const coordination = options.savedObjects.coordination;
      const users = new UserService({
        repository,
        coordination,
        hashParameters: options.hashParameters,
        now: () => new Date(now()),
        onUserChanged,
      });
      const sessions = new SessionStore({
        repository,
        coordination,
        lookupUser: async (username) => {
          const user = await users.get(username);
          return user ? { username: user.username, roles: user.roles } : null;
        },
        ttlMs: config.session.ttlMinutes * MINUTE_MS,
        idleTimeoutMs: config.session.idleTimeoutMinutes * MINUTE_MS,
        now,
      });
      // Made at start: with PostgreSQL the counters live in a table the store's start has created.
      const throttleConfig = config.loginThrottle ?? DEFAULT_LOGIN_THROTTLE;
      const throttle = new LoginThrottle(
        createLoginLimiters((limiter) => coordination.rateLimiter(limiter), throttleConfig),
        throttleConfig,
      );
      const authentication = new Authentication({
        users,
        sessions,
        basicCache,
        throttle,
        hashQueue,
        shares,
        sharesConfig,
        logger,
      });
      started = { users, sessions, authentication };
      if (mode === 'script') return {};
      const firstStart = await ensureInitialAdmin({
        users,
        dataDir: options.dataDir,
        adminPassword: config.adminPassword,
        logger,
      });
      started.sweepTimer = setInterval(
        () => sweepSessions(sessions),
        SESSION_SWEEP_INTERVAL_MS,
      ).unref();
      return { firstStart };
    },

    authenticate(headers, clientAddress) {
      return requireStarted().authentication.authenticate(headers, clientAddress);
    },

    getCurrentUser: authenticatedUserOf,

    get users() {
      return requireStarted().users;
    },

    async stop() {
      if (started?.sweepTimer) clearInterval(started.sweepTimer);
    },
  };
}
