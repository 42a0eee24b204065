/**
 * Who is calling: a session cookie (browsers) or `Authorization: Basic` (scripts), and the login
 * check behind `POST /auth/login` with its failure throttling.
 */
import type { AuthenticatedUser, Logger } from '../types';
import { HttpStatusError } from '../http/http-status-error';
import type { BasicAuthCache } from './basic-auth-cache';
import { parseBasicCredentials } from './basic-credentials';
import { HashQueueFullError, type HashQueue } from './hash-queue';
import { clientKey, type LoginThrottle } from './login-throttle';
import { readSessionToken } from './session-cookie';
import type { SessionStore } from './sessions/session-store';
import type { UserService } from './users/user-service';

export type LoginOutcome =
  | { status: 'ok'; user: AuthenticatedUser }
  | { status: 'invalid' }
  | { status: 'throttled'; retryAfterSeconds: number }
  | { status: 'busy'; retryAfterSeconds: number };

/** How long a caller refused because every password check slot is taken should wait. */
const BUSY_RETRY_AFTER_SECONDS = 1;

function throttledMessage(retryAfterSeconds: number): string {
  return `Too many failed login attempts; try again in ${retryAfterSeconds} seconds`;
}

const BUSY_MESSAGE = 'Too many logins are being checked at once; try again shortly';

/** The HTTP refusal of a throttled or busy login: 429 or 503 with `Retry-After`. */
export function loginRefusal(
  outcome: Extract<LoginOutcome, { status: 'throttled' | 'busy' }>,
): HttpStatusError {
  const headers = { 'retry-after': String(outcome.retryAfterSeconds) };
  return outcome.status === 'throttled'
    ? new HttpStatusError(429, throttledMessage(outcome.retryAfterSeconds), headers)
    : new HttpStatusError(503, BUSY_MESSAGE, headers);
}

export interface AuthenticationDeps {
  users: UserService;
  sessions: SessionStore;
  basicCache: BasicAuthCache;
  throttle: LoginThrottle;
  hashQueue: HashQueue;
  logger: Logger;
}

/** How long a client whose previous password check for a name is still running should wait. */
const CHECKING_RETRY_AFTER_SECONDS = 1;

export class Authentication {
  /**
   * Clients (with the name they try) whose password check runs: one at a time each, or a burst of
   * parallel guesses would all pass the throttle before the first failure is counted.
   */
  private readonly checking = new Set<string>();
  /** Basic checks running, by client and header: the same header sent in parallel is checked once. */
  private readonly basicChecks = new Map<string, Promise<AuthenticatedUser | null>>();

  constructor(private readonly deps: AuthenticationDeps) {}

  /**
   * The user behind a request's headers, or null. Runs on every request: a recently verified session
   * or Basic header is answered synchronously from memory, anything else goes to the database. An
   * unverified Basic header is a login attempt: throttled like a form login, refused with an
   * `HttpStatusError` (429 or 503) before its password is hashed.
   */
  authenticate(
    headers: Readonly<Record<string, string | string[] | undefined>>,
    clientAddress: string,
  ): AuthenticatedUser | null | Promise<AuthenticatedUser | null> {
    const token = readSessionToken(headers);
    const cached = token
      ? this.deps.sessions.verifyFromCache(token)
      : typeof headers.authorization === 'string'
        ? this.deps.basicCache.get(headers.authorization)
        : undefined;
    return cached ?? this.authenticateFromStore(headers, token, clientAddress);
  }

  private async authenticateFromStore(
    headers: Readonly<Record<string, string | string[] | undefined>>,
    token: string | undefined,
    clientAddress: string,
  ): Promise<AuthenticatedUser | null> {
    if (token) {
      const user = await this.deps.sessions.verify(token);
      if (user) return user;
    }
    const authorization = headers.authorization;
    return typeof authorization === 'string'
      ? this.verifyBasic(authorization, clientAddress)
      : null;
  }

  private async verifyBasic(
    authorization: string,
    clientAddress: string,
  ): Promise<AuthenticatedUser | null> {
    const cached = this.deps.basicCache.get(authorization);
    if (cached) return cached;
    const key = `${clientAddress}\n${authorization}`;
    const running = this.basicChecks.get(key);
    if (running) return running;
    const check = this.checkBasic(authorization, clientAddress).finally(() =>
      this.basicChecks.delete(key),
    );
    this.basicChecks.set(key, check);
    return check;
  }

  private async checkBasic(
    authorization: string,
    clientAddress: string,
  ): Promise<AuthenticatedUser | null> {
    const credentials = parseBasicCredentials(authorization);
    if (!credentials) return null;
    const outcome = await this.login(credentials.username, credentials.password, clientAddress);
    if (outcome.status === 'throttled' || outcome.status === 'busy') throw loginRefusal(outcome);
    if (outcome.status !== 'ok') return null;
    this.deps.basicCache.set(authorization, outcome.user);
    return outcome.user;
  }

  /**
   * Checks a password: refused before hashing while this client and name wait out a back-off or
   * have another check running, and when every hashing slot and waiting place is taken.
   */
  async login(username: string, password: string, clientAddress: string): Promise<LoginOutcome> {
    const key = clientKey(username, clientAddress);
    if (this.checking.has(key)) {
      this.deps.logger.warn('Login refused: a check for this client and name is running', {
        username,
        clientAddress,
      });
      return { status: 'throttled', retryAfterSeconds: CHECKING_RETRY_AFTER_SECONDS };
    }
    this.checking.add(key);
    try {
      return await this.checkPassword(username, password, clientAddress);
    } finally {
      this.checking.delete(key);
    }
  }

  private async checkPassword(
    username: string,
    password: string,
    clientAddress: string,
  ): Promise<LoginOutcome> {
    const { throttle, users, logger, hashQueue } = this.deps;
    const retryAfterSeconds = await throttle.retryAfterSeconds(username, clientAddress);
    if (retryAfterSeconds > 0) {
      logger.warn('Login refused: too many failed attempts', {
        username,
        clientAddress,
        retryAfterSeconds,
      });
      return { status: 'throttled', retryAfterSeconds };
    }
    let user: AuthenticatedUser | null;
    try {
      const known = await throttle.isKnownClient(username, clientAddress);
      user = await hashQueue.run(() => users.verify(username, password), known);
    } catch (error) {
      if (!(error instanceof HashQueueFullError)) throw error;
      logger.warn('Login refused: too many password checks at once', { username, clientAddress });
      return { status: 'busy', retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS };
    }
    if (!user) {
      await throttle.recordFailure(username, clientAddress);
      logger.info('Login failed', { username, clientAddress });
      return { status: 'invalid' };
    }
    await throttle.recordSuccess(username, clientAddress);
    return { status: 'ok', user };
  }
}
