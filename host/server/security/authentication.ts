/**
 * Who is calling: a session cookie (browsers) or `Authorization: Basic` (scripts), and the login
 * check behind `POST /auth/login` with its failure throttling.
 */
import type { AuthenticatedUser, Logger } from '../types';
import { HashQueueFullError, HttpStatusError } from '../errors';
import type { BasicAuthCache } from './basic-auth-cache';
import { parseBasicCredentials } from './basic-credentials';
import { singleFlight } from '../../common/single-flight';
import type { CheckShares, CheckSharesConfig, ReleaseShares } from './check-shares';
import type { HashQueue } from './hash-queue';
import { clientKey, usernameKey, type LoginThrottle } from './login-throttle';
import { readSessionToken } from './session-cookie';
import type { SessionStore } from './sessions/session-store';
import type { UserService } from './users/user-service';

export type LoginOutcome =
  | { status: 'ok'; user: AuthenticatedUser }
  | { status: 'invalid' }
  /** `failures`: a back-off after failed attempts; `parallel`: too many checks at once from its source. */
  | { status: 'throttled'; retryAfterSeconds: number; cause: 'failures' | 'parallel' }
  | { status: 'busy'; retryAfterSeconds: number };

/** How long a caller refused because every password check slot is taken should wait. */
const BUSY_RETRY_AFTER_SECONDS = 1;

function throttledMessage(outcome: Extract<LoginOutcome, { status: 'throttled' }>): string {
  const reason =
    outcome.cause === 'failures'
      ? 'Too many failed login attempts'
      : 'Too many logins from this address or for this user are being checked at once';
  return `${reason}; try again in ${outcome.retryAfterSeconds} seconds`;
}

const BUSY_MESSAGE = 'Too many logins are being checked at once; try again shortly';

/** The HTTP refusal of a throttled or busy login: 429 or 503 with `Retry-After`. */
export function loginRefusal(
  outcome: Extract<LoginOutcome, { status: 'throttled' | 'busy' }>,
): HttpStatusError {
  const headers = { 'retry-after': String(outcome.retryAfterSeconds) };
  return outcome.status === 'throttled'
    ? new HttpStatusError('login_throttled', 429, throttledMessage(outcome), headers)
    : new HttpStatusError('login_busy', 503, BUSY_MESSAGE, headers);
}

export interface AuthenticationDeps {
  users: UserService;
  sessions: SessionStore;
  basicCache: BasicAuthCache;
  throttle: LoginThrottle;
  hashQueue: HashQueue;
  /** Bounds each address's and each name's share of `hashQueue`; one pair's checks run one at a time. */
  shares: CheckShares;
  sharesConfig: CheckSharesConfig;
  logger: Logger;
}

/** How long a client refused for having its share of password checks running should wait. */
const PARALLEL_RETRY_AFTER_SECONDS = 1;

const PARALLEL_REFUSAL: LoginOutcome = Object.freeze({
  status: 'throttled',
  retryAfterSeconds: PARALLEL_RETRY_AFTER_SECONDS,
  cause: 'parallel',
});

const keepsNoShare: ReleaseShares = () => undefined;

export class Authentication {
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
    return singleFlight(this.basicChecks, key, () => this.checkBasic(authorization, clientAddress));
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
   * have another check running, while its address or its user name holds its share of the checks,
   * and when every hashing slot and waiting place is taken.
   */
  async login(username: string, password: string, clientAddress: string): Promise<LoginOutcome> {
    // One check at a time per client and name, or a burst of parallel guesses would all pass the
    // throttle before the first failure is counted.
    const release = this.deps.shares.take([
      { key: `pair\n${clientKey(username, clientAddress)}`, limit: 1 },
    ]);
    if (!release) {
      this.deps.logger.warn('Login refused: a check for this client and name is running', {
        username,
        clientAddress,
      });
      return PARALLEL_REFUSAL;
    }
    try {
      return await this.checkPassword(username, password, clientAddress);
    } finally {
      release();
    }
  }

  private async checkPassword(
    username: string,
    password: string,
    clientAddress: string,
  ): Promise<LoginOutcome> {
    const { throttle, logger } = this.deps;
    // The share comes first: a flood refused by it costs one lookup, and takes no slow-lane turn.
    const known = await throttle.isKnownClient(username, clientAddress);
    const release = known ? keepsNoShare : this.takeSourceShares(username, clientAddress);
    if (!release) {
      logger.warn('Login refused: its address or user name holds its share of password checks', {
        username,
        clientAddress,
      });
      return PARALLEL_REFUSAL;
    }
    try {
      const retryAfterSeconds = await throttle.retryAfterSeconds(username, clientAddress);
      if (retryAfterSeconds > 0) {
        logger.warn('Login refused: too many failed attempts', {
          username,
          clientAddress,
          retryAfterSeconds,
        });
        return { status: 'throttled', retryAfterSeconds, cause: 'failures' };
      }
      return await this.hashAndRecord(username, password, clientAddress, known);
    } finally {
      release();
    }
  }

  /**
   * A share of the checks for the address and one for the user name. Clients known for the name are
   * not counted: they are never refused (see `HashQueue`), even behind an address a flood shares.
   */
  private takeSourceShares(username: string, clientAddress: string): ReleaseShares | null {
    const { perAddress, perUsername } = this.deps.sharesConfig;
    return this.deps.shares.take([
      { key: `address\n${clientAddress}`, limit: perAddress },
      { key: `name\n${usernameKey(username)}`, limit: perUsername },
    ]);
  }

  private async hashAndRecord(
    username: string,
    password: string,
    clientAddress: string,
    known: boolean,
  ): Promise<LoginOutcome> {
    const { throttle, users, logger, hashQueue } = this.deps;
    let user: AuthenticatedUser | null;
    try {
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
