/**
 * Remembers recent successful `Authorization: Basic` checks. A script sends its password with
 * every request and scrypt takes tens of milliseconds, so without this each scripted call would
 * pay a full hash. Entries are keyed by an HMAC of the credentials under a per-process random key
 * (no password or plain hash of one is kept), live briefly, and go at once when the user's password
 * or roles change on this instance; another instance keeps accepting the old password for at most
 * `BASIC_AUTH_CACHE_MS`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { AuthenticatedUser } from '../types';

export const BASIC_AUTH_CACHE_MS = 30_000;
const MAX_ENTRIES = 1_000;

interface Entry {
  user: AuthenticatedUser;
  verifiedAt: number;
}

export class BasicAuthCache {
  private readonly key = randomBytes(32);
  private readonly entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES });

  constructor(private readonly now: () => number = Date.now) {}

  private entryKey(username: string, password: string): string {
    return createHmac('sha256', this.key)
      .update(username)
      .update('\0')
      .update(password)
      .digest('base64');
  }

  get(username: string, password: string): AuthenticatedUser | undefined {
    const key = this.entryKey(username, password);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.verifiedAt >= BASIC_AUTH_CACHE_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.user;
  }

  set(username: string, password: string, user: AuthenticatedUser): void {
    this.entries.set(this.entryKey(username, password), { user, verifiedAt: this.now() });
  }

  evictUser(username: string): void {
    for (const [key, entry] of this.entries.entries()) {
      if (entry.user.username === username) this.entries.delete(key);
    }
  }
}
