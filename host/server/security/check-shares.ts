/**
 * How many password checks one client address, and one user name from every address, may hold of
 * the password-check queue at once. Without these bounds one address sending a new user name with
 * each guess passes every failure counter (each name is new to it) and fills the queue, so everyone
 * else's first login is refused. Hand-written: a counter of work in flight per key, which the rate
 * limiters at hand (counts over time windows) do not keep.
 */
export interface CheckSharesConfig {
  /** Password checks (running or waiting) one client address may hold at once. */
  perAddress: number;
  /** Password checks (running or waiting) for one user name, from every address, at once. */
  perUsername: number;
}

export const DEFAULT_CHECK_SHARES: Readonly<CheckSharesConfig> = Object.freeze({
  perAddress: 2,
  perUsername: 2,
});

/** One key and how many shares it may hold at once. */
export interface ShareClaim {
  key: string;
  limit: number;
}

/** Gives the shares back; calling it again does nothing. */
export type ReleaseShares = () => void;

export class CheckShares {
  private readonly held = new Map<string, number>();

  /**
   * Takes one share of every claimed key when each is below its limit, else none: all or nothing, in
   * one synchronous step, so parallel requests cannot all pass the check before any counts.
   */
  take(claims: readonly ShareClaim[]): ReleaseShares | null {
    if (claims.some(({ key, limit }) => (this.held.get(key) ?? 0) >= limit)) return null;
    for (const { key } of claims) this.held.set(key, (this.held.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const { key } of claims) this.giveBack(key);
    };
  }

  private giveBack(key: string): void {
    const count = (this.held.get(key) ?? 0) - 1;
    if (count > 0) this.held.set(key, count);
    else this.held.delete(key);
  }
}
