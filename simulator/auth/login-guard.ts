/**
 * Brute-force protection of the login endpoints, as the managed API does it: each failed login counts
 * against the client IP; at `maxAttempts` the IP is blocked from logging in (403 code 6000, even with good
 * credentials) until `blockSeconds` after its first failure, when the count starts over. Successful logins
 * do not reset the count. Hand-written because the window semantics are the API's own.
 */
import { codedProblem } from '../http/problem';

export interface LoginBlockingOptions {
  maxAttempts: number;
  blockSeconds: number;
}

export const DEFAULT_LOGIN_BLOCKING: LoginBlockingOptions = { maxAttempts: 50, blockSeconds: 300 };

export class LoginGuard {
  private readonly failures = new Map<string, { count: number; firstMs: number }>();

  constructor(
    private readonly options: LoginBlockingOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 403/6000 when `ip` is blocked; clears its record once the block time has passed. */
  assertAllowed(ip: string): void {
    const entry = this.failures.get(ip);
    if (!entry) return;
    if (this.now() - this.options.blockSeconds * 1000 >= entry.firstMs) {
      this.failures.delete(ip);
      return;
    }
    if (entry.count >= this.options.maxAttempts) throw codedProblem(6000, { node: null });
  }

  recordFailure(ip: string): void {
    const entry = this.failures.get(ip);
    if (entry) entry.count++;
    else this.failures.set(ip, { count: 1, firstMs: this.now() });
  }
}
