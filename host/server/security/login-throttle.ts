/**
 * Failed-login throttling per user name and per client address, counted with
 * rate-limiter-flexible. The limiters come from the host's coordination: in memory with the SQLite
 * store, in a shared table (`RateLimiterPostgres`) when instances share a PostgreSQL database, so a
 * guesser gains nothing by spreading attempts over instances.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimiterOptions } from '../saved-objects';

export interface LoginThrottleConfig {
  /** Failures of one user name within the window before its logins are refused. */
  maxFailuresPerUsername: number;
  /** Failures from one client address within the window (higher: many users may share an address). */
  maxFailuresPerIp: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_THROTTLE: Readonly<LoginThrottleConfig> = Object.freeze({
  maxFailuresPerUsername: 5,
  maxFailuresPerIp: 50,
  windowSeconds: 900,
});

export interface LoginLimiters {
  byUsername: RateLimiterAbstract;
  byIp: RateLimiterAbstract;
}

export function createLoginLimiters(
  createLimiter: (options: RateLimiterOptions) => RateLimiterAbstract,
  config: LoginThrottleConfig = DEFAULT_LOGIN_THROTTLE,
): LoginLimiters {
  return {
    byUsername: createLimiter({
      keyPrefix: 'login-user',
      points: config.maxFailuresPerUsername,
      duration: config.windowSeconds,
    }),
    byIp: createLimiter({
      keyPrefix: 'login-ip',
      points: config.maxFailuresPerIp,
      duration: config.windowSeconds,
    }),
  };
}

function usernameKey(username: string): string {
  return username.toLowerCase();
}

export class LoginThrottle {
  constructor(private readonly limiters: LoginLimiters) {}

  private keys(username: string, ip: string | undefined): Array<[RateLimiterAbstract, string]> {
    const keys: Array<[RateLimiterAbstract, string]> = [
      [this.limiters.byUsername, usernameKey(username)],
    ];
    if (ip) keys.push([this.limiters.byIp, ip]);
    return keys;
  }

  /** Seconds until a login for this user from this address may be tried again; 0 when it may now. */
  async retryAfterSeconds(username: string, ip?: string): Promise<number> {
    let wait = 0;
    for (const [limiter, key] of this.keys(username, ip)) {
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= limiter.points)
        wait = Math.max(wait, Math.ceil(state.msBeforeNext / 1000), 1);
    }
    return wait;
  }

  async recordFailure(username: string, ip?: string): Promise<void> {
    for (const [limiter, key] of this.keys(username, ip)) {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        // Over the limit already: the refusal is `retryAfterSeconds`' job. Store failures go on.
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
      }
    }
  }

  /**
   * A successful login clears its user name's count. The address count stays: otherwise one
   * guesser with a valid account of their own could reset it between guesses at others.
   */
  async recordSuccess(username: string): Promise<void> {
    await this.limiters.byUsername.delete(usernameKey(username));
  }
}
