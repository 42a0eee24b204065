/**
 * Failed-login throttling that slows guessing without letting anyone lock a user out, counted with
 * rate-limiter-flexible. The limiters come from the host's coordination: in memory with the SQLite
 * store, in a shared table (`RateLimiterPostgres`) when instances share a PostgreSQL database, so a
 * guesser gains nothing by spreading attempts over instances.
 *
 * - Per client address and user name: a few free attempts, then a wait that doubles with each further
 *   failure (1 s, 2 s, 4 s … up to `maxBackoffSeconds`); a success clears it.
 * - Per user name, from every address together: past `nameCeiling` failures in the window, clients that
 *   have failed for that name wait with them, and clients that have not share a slow lane of one
 *   attempt per `slowLaneSeconds`, so the name's owner is slowed but never shut out.
 * - A client that logged in as a name is known for it for `knownClientDays`: its password checks go
 *   ahead of strangers' (see `HashQueue`), so a flood from many addresses cannot keep it out.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimiterOptions } from '../saved-objects';

export interface LoginThrottleConfig {
  /** Failures of one user name from one address that cost no wait. */
  freeAttempts: number;
  /** Longest wait after a run of failures from one address. */
  maxBackoffSeconds: number;
  /** Failures of one user name, from all addresses, within the window before the slow lane applies. */
  nameCeiling: number;
  /** One attempt per this many seconds for a name past its ceiling, from clients that have not failed. */
  slowLaneSeconds: number;
  /** How long failures of a name from all addresses are remembered (the ceiling's window). */
  windowSeconds: number;
  /**
   * How long one address's failures at one name are remembered: the wait keeps doubling up to
   * `maxBackoffSeconds` until then, so a guesser who waits out each back-off does not start afresh.
   */
  clientWindowSeconds: number;
  /** How long a client stays known for a name after logging in as it. */
  knownClientDays: number;
}

export const DEFAULT_LOGIN_THROTTLE: Readonly<LoginThrottleConfig> = Object.freeze({
  freeAttempts: 3,
  maxBackoffSeconds: 900,
  nameCeiling: 100,
  slowLaneSeconds: 2,
  windowSeconds: 900,
  clientWindowSeconds: 86_400,
  knownClientDays: 14,
});

export interface LoginLimiters {
  /** Failures per address and user name. */
  clientFailures: RateLimiterAbstract;
  /** Blocked while an address and user name wait out their back-off. */
  clientBackoff: RateLimiterAbstract;
  /** Failures per user name from all addresses. */
  nameFailures: RateLimiterAbstract;
  /** One attempt per slow-lane period for a name past its ceiling. */
  slowLane: RateLimiterAbstract;
  /** Clients that logged in as a name. */
  knownClients: RateLimiterAbstract;
}

/** Counts are far above any limit: the limits are applied here, not by the limiter's own points. */
const UNBOUNDED_POINTS = Number.MAX_SAFE_INTEGER;
const SECONDS_A_DAY = 86_400;

export function createLoginLimiters(
  createLimiter: (options: RateLimiterOptions) => RateLimiterAbstract,
  config: LoginThrottleConfig = DEFAULT_LOGIN_THROTTLE,
): LoginLimiters {
  return {
    clientFailures: createLimiter({
      keyPrefix: 'login-client-failures',
      points: UNBOUNDED_POINTS,
      duration: config.clientWindowSeconds,
    }),
    clientBackoff: createLimiter({ keyPrefix: 'login-client-backoff', points: 1, duration: 1 }),
    nameFailures: createLimiter({
      keyPrefix: 'login-name-failures',
      points: config.nameCeiling,
      duration: config.windowSeconds,
    }),
    slowLane: createLimiter({
      keyPrefix: 'login-slow-lane',
      points: 1,
      duration: config.slowLaneSeconds,
    }),
    knownClients: createLimiter({
      keyPrefix: 'login-known-clients',
      points: UNBOUNDED_POINTS,
      duration: config.knownClientDays * SECONDS_A_DAY,
    }),
  };
}

/** One key per user however it is typed: case, surrounding spaces and Unicode forms do not matter. */
export function usernameKey(username: string): string {
  return username.normalize('NFKC').trim().toLowerCase();
}

/** The key of one client's attempts at one user name. */
export function clientKey(username: string, clientAddress: string): string {
  return `${clientAddress}|${usernameKey(username)}`;
}

function secondsOf(state: RateLimiterRes): number {
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
}

export class LoginThrottle {
  constructor(
    private readonly limiters: LoginLimiters,
    private readonly config: LoginThrottleConfig = DEFAULT_LOGIN_THROTTLE,
  ) {}

  /**
   * Seconds until this client may try this user name again, 0 when it may now. Called before the
   * password is hashed; a 0 may take the name's slow-lane slot.
   */
  async retryAfterSeconds(username: string, clientAddress: string): Promise<number> {
    const key = clientKey(username, clientAddress);
    const backoff = await this.limiters.clientBackoff.get(key);
    if (backoff && backoff.consumedPoints > this.limiters.clientBackoff.points)
      return secondsOf(backoff);
    const name = await this.limiters.nameFailures.get(usernameKey(username));
    if (!name || name.consumedPoints < this.config.nameCeiling) return 0;
    const failed = await this.limiters.clientFailures.get(key);
    if (failed && failed.consumedPoints > 0) return secondsOf(name);
    try {
      await this.limiters.slowLane.consume(usernameKey(username));
      return 0;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return secondsOf(rejection);
    }
  }

  async recordFailure(username: string, clientAddress: string): Promise<void> {
    const key = clientKey(username, clientAddress);
    const failures = await this.limiters.clientFailures.consume(key);
    const beyondFree = failures.consumedPoints - this.config.freeAttempts;
    if (beyondFree > 0) {
      const wait = Math.min(2 ** (beyondFree - 1), this.config.maxBackoffSeconds);
      await this.limiters.clientBackoff.block(key, wait);
    }
    try {
      await this.limiters.nameFailures.consume(usernameKey(username));
    } catch (rejection) {
      // Past the ceiling already: what that means is `retryAfterSeconds`' job. Store failures go on.
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
    }
  }

  /**
   * A success clears its client's failures for that name (the name's own count stays, it locks no one
   * out) and makes the client known for the name, from now on.
   */
  async recordSuccess(username: string, clientAddress: string): Promise<void> {
    const key = clientKey(username, clientAddress);
    await Promise.all([
      this.limiters.clientFailures.delete(key),
      this.limiters.clientBackoff.delete(key),
      this.limiters.knownClients.set(key, 1, this.config.knownClientDays * SECONDS_A_DAY),
    ]);
  }

  /** Whether this client logged in as this name within `knownClientDays`. */
  async isKnownClient(username: string, clientAddress: string): Promise<boolean> {
    const known = await this.limiters.knownClients.get(clientKey(username, clientAddress));
    return known !== null && known.consumedPoints > 0;
  }
}
