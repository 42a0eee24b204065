/**
 * Who is calling: a session cookie (browsers) or `Authorization: Basic` (scripts), and the login
 * check behind `POST /auth/login` with its failure throttling.
 */
import type { AuthenticatedUser, Logger } from '../types';
import type { BasicAuthCache } from './basic-auth-cache';
import { parseBasicCredentials } from './basic-credentials';
import type { LoginThrottle } from './login-throttle';
import { readSessionToken } from './session-cookie';
import type { SessionStore } from './sessions/session-store';
import type { UserService } from './users/user-service';

export type LoginOutcome =
  | { status: 'ok'; user: AuthenticatedUser }
  | { status: 'invalid' }
  | { status: 'throttled'; retryAfterSeconds: number };

export interface AuthenticationDeps {
  users: UserService;
  sessions: SessionStore;
  basicCache: BasicAuthCache;
  throttle: LoginThrottle;
  logger: Logger;
}

export class Authentication {
  constructor(private readonly deps: AuthenticationDeps) {}

  /**
   * The user behind a request's headers, or null. Runs on every request: a recently verified session
   * or Basic header is answered synchronously from memory, anything else goes to the database.
   */
  authenticate(
    headers: Readonly<Record<string, string | string[] | undefined>>,
  ): AuthenticatedUser | null | Promise<AuthenticatedUser | null> {
    const token = readSessionToken(headers);
    const cached = token
      ? this.deps.sessions.verifyFromCache(token)
      : typeof headers.authorization === 'string'
        ? this.deps.basicCache.get(headers.authorization)
        : undefined;
    return cached ?? this.authenticateFromStore(headers, token);
  }

  private async authenticateFromStore(
    headers: Readonly<Record<string, string | string[] | undefined>>,
    token: string | undefined,
  ): Promise<AuthenticatedUser | null> {
    if (token) {
      const user = await this.deps.sessions.verify(token);
      if (user) return user;
    }
    const authorization = headers.authorization;
    return typeof authorization === 'string' ? this.verifyBasic(authorization) : null;
  }

  private async verifyBasic(authorization: string): Promise<AuthenticatedUser | null> {
    const cached = this.deps.basicCache.get(authorization);
    if (cached) return cached;
    const credentials = parseBasicCredentials(authorization);
    if (!credentials) return null;
    // Scripts have no client address here; their guesses count against the user name.
    const outcome = await this.login(credentials.username, credentials.password);
    if (outcome.status !== 'ok') return null;
    this.deps.basicCache.set(authorization, outcome.user);
    return outcome.user;
  }

  /** Checks a password with throttling: refused outright while the user name or address is over its limit. */
  async login(username: string, password: string, clientAddress?: string): Promise<LoginOutcome> {
    const { throttle, users, logger } = this.deps;
    const retryAfterSeconds = await throttle.retryAfterSeconds(username, clientAddress);
    if (retryAfterSeconds > 0) {
      logger.warn('Login refused: too many failed attempts', {
        username,
        clientAddress,
        retryAfterSeconds,
      });
      return { status: 'throttled', retryAfterSeconds };
    }
    const user = await users.verify(username, password);
    if (!user) {
      await throttle.recordFailure(username, clientAddress);
      logger.info('Login failed', { username, clientAddress });
      return { status: 'invalid' };
    }
    await throttle.recordSuccess(username);
    return { status: 'ok', user };
  }
}
