/**
 * Remembers recent successful `Authorization: Basic` checks. A script sends its password with
 * every request and scrypt takes tens of milliseconds, so without this each scripted call would
 * pay a full hash. Entries are keyed by a keyed hash of the whole header (no password, nor a plain
 * hash of one, is kept), live briefly, and go at once when the user's password or roles change on
 * this instance; another instance keeps accepting the old password for at most `BASIC_AUTH_CACHE_MS`.
 */
import { hash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { AuthenticatedUser } from '../types';

export const BASIC_AUTH_CACHE_MS = 30_000;
const MAX_ENTRIES = 1_000;

interface Entry {
  user: AuthenticatedUser;
  verifiedAt: number;
}

export class BasicAuthCache {
  /**
   * SHA-256 over a per-process secret and the header rather than an HMAC: the digest never leaves
   * the process (length extension is no concern) and one-shot `hash` costs a fifth of an HMAC,
   * paid on every scripted request.
   */
  private readonly secret = randomBytes(32).toString('base64');
  private readonly entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES });

  constructor(private readonly now: () => number = Date.now) {}

  private entryKey(authorization: string): string {
    return hash('sha256', this.secret + authorization, 'base64');
  }

  /** The user a previous check found for exactly this `Authorization` header, while fresh. */
  get(authorization: string): AuthenticatedUser | undefined {
    const key = this.entryKey(authorization);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.verifiedAt >= BASIC_AUTH_CACHE_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.user;
  }

  set(authorization: string, user: AuthenticatedUser): void {
    this.entries.set(this.entryKey(authorization), { user, verifiedAt: this.now() });
  }

  evictUser(username: string): void {
    for (const [key, entry] of this.entries.entries()) {
      if (entry.user.username === username) this.entries.delete(key);
    }
  }
}
