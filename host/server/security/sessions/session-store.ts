/**
 * Login sessions. The browser holds a random token; the database holds only its SHA-256 (a leaked
 * database gives no usable cookie) in a hidden saved object, so sessions survive restarts and work
 * on every instance sharing the database. Sessions end at an absolute expiry and after an idle time.
 */
import { hash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { AuthenticatedUser, ISavedObjectsRepository } from '../../types';
import { savedObjectsErrors } from '../../errors';
import type { InternalCoordination } from '../../saved-objects';
import { SESSION_TYPE, USER_TYPE } from '../saved-object-types';

/**
 * How long a verified session is trusted from memory before it is read again. Logout and user
 * changes on this instance evict it at once; another instance sharing the database may still
 * accept a session ended elsewhere for up to this long.
 */
export const SESSION_CACHE_MS = 5_000;
/** Last-seen times are written at most this often per session (idle expiry is precise to within it). */
export const MAX_LAST_SEEN_WRITE_INTERVAL_MS = 60_000;
const SESSION_CACHE_SIZE = 10_000;
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const SWEEP_LOCK = 'svc.security.session-sweep';
const SWEEP_PAGE_SIZE = 100;

interface SessionAttributes {
  username: string;
  created_at: number;
  /** Absolute end, epoch ms. */
  expires_at: number;
  last_seen_at: number;
}

interface CachedSession {
  user: AuthenticatedUser;
  expiresAt: number;
  lastSeenAt: number;
  verifiedAt: number;
}

export interface SessionStoreOptions {
  /** A repository that includes the hidden session type. */
  repository: ISavedObjectsRepository;
  coordination: InternalCoordination;
  /** The user a session belongs to as it is now (roles may have changed), or null when gone. */
  lookupUser(username: string): Promise<AuthenticatedUser | null>;
  ttlMs: number;
  idleTimeoutMs: number;
  now?: () => number;
}

export interface NewSession {
  token: string;
  expiresAt: number;
  /** The session's lifetime, for the cookie's Max-Age. */
  maxAgeSeconds: number;
}

function sessionId(token: string): string {
  return hash('sha256', token, 'hex');
}

export class SessionStore {
  private readonly cache = new LRUCache<string, CachedSession>({ max: SESSION_CACHE_SIZE });
  /**
   * Session ids by token, so a request with a cached session costs no hash. Only in this process's
   * memory, like the cookie of every request it serves; the database keeps only the ids.
   */
  private readonly ids = new LRUCache<string, string>({ max: SESSION_CACHE_SIZE });
  private readonly now: () => number;
  private readonly lastSeenWriteInterval: number;

  constructor(private readonly options: SessionStoreOptions) {
    this.now = options.now ?? Date.now;
    this.lastSeenWriteInterval = Math.min(
      MAX_LAST_SEEN_WRITE_INTERVAL_MS,
      options.idleTimeoutMs / 4,
    );
  }

  async create(user: AuthenticatedUser): Promise<NewSession> {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const now = this.now();
    const attributes: SessionAttributes = {
      username: user.username,
      created_at: now,
      expires_at: now + this.options.ttlMs,
      last_seen_at: now,
    };
    await this.options.repository.create<SessionAttributes>(SESSION_TYPE, attributes, {
      id: sessionId(token),
      // The reference lets all sessions of a user be found exactly (`hasReference`).
      references: [{ name: 'user', type: USER_TYPE, id: user.username }],
    });
    return { token, expiresAt: attributes.expires_at, maxAgeSeconds: this.options.ttlMs / 1000 };
  }

  /** The session's user, or null when the token is unknown, expired, idle too long, or its user is gone. */
  async verify(token: string): Promise<AuthenticatedUser | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const id = this.idOf(token);
    const now = this.now();
    let session = this.cache.get(id);
    if (!session || now - session.verifiedAt >= SESSION_CACHE_MS)
      session = await this.load(id, now);
    if (!session) return null;
    if (this.isOver(session, now)) {
      await this.end(id);
      return null;
    }
    if (
      now - session.lastSeenAt >= this.lastSeenWriteInterval &&
      !(await this.touch(id, session, now))
    )
      return null;
    return session.user;
  }

  /**
   * The session's user when memory alone can answer: verified recently, not over, no last-seen write
   * due. Undefined means `verify` must run. Synchronous because it runs on nearly every request.
   */
  verifyFromCache(token: string): AuthenticatedUser | undefined {
    // A token is only remembered after `verify` checked its shape.
    const id = this.ids.get(token);
    const session = id === undefined ? undefined : this.cache.get(id);
    if (!session) return undefined;
    const now = this.now();
    const fresh =
      now - session.verifiedAt < SESSION_CACHE_MS &&
      !this.isOver(session, now) &&
      now - session.lastSeenAt < this.lastSeenWriteInterval;
    return fresh ? session.user : undefined;
  }

  /** Logout: the session stops working on this instance at once. */
  async revoke(token: string): Promise<void> {
    if (!TOKEN_PATTERN.test(token)) return;
    const id = this.idOf(token);
    this.ids.delete(token);
    await this.end(id);
  }

  private idOf(token: string): string {
    let id = this.ids.get(token);
    if (id === undefined) {
      id = sessionId(token);
      this.ids.set(token, id);
    }
    return id;
  }

  /** Ends every session of a user (password changed, user removed). */
  async revokeAllFor(username: string): Promise<void> {
    this.evictUser(username);
    const { repository } = this.options;
    for (;;) {
      const page = await repository.find({
        type: SESSION_TYPE,
        hasReference: { type: USER_TYPE, id: username },
        perPage: SWEEP_PAGE_SIZE,
        fields: [],
      });
      if (page.saved_objects.length === 0) return;
      for (const session of page.saved_objects) await this.end(session.id);
    }
  }

  /** Forgets cached sessions of a user so their next request reads the user again (roles changed). */
  evictUser(username: string): void {
    for (const [id, session] of this.cache.entries()) {
      if (session.user.username === username) this.cache.delete(id);
    }
  }

  /** Deletes sessions past their idle time or absolute expiry; one instance at a time. Returns how many. */
  async sweepExpired(): Promise<number> {
    const outcome = await this.options.coordination.withLock(SWEEP_LOCK, async () => {
      const now = this.now();
      const idle = await this.deleteWhileExpired(
        'last_seen_at',
        (s) => now - s.last_seen_at >= this.options.idleTimeoutMs,
      );
      const absolute = await this.deleteWhileExpired('expires_at', (s) => now >= s.expires_at);
      return idle + absolute;
    });
    return outcome.acquired ? outcome.result : 0;
  }

  /** Walks sessions in `sortField` order, deleting from the front while they are expired. */
  private async deleteWhileExpired(
    sortField: keyof SessionAttributes,
    expired: (s: SessionAttributes) => boolean,
  ): Promise<number> {
    let deleted = 0;
    for (;;) {
      const page = await this.options.repository.find<SessionAttributes>({
        type: SESSION_TYPE,
        sortField,
        sortOrder: 'asc',
        perPage: SWEEP_PAGE_SIZE,
      });
      const over = page.saved_objects.filter((session) => expired(session.attributes));
      for (const session of over) await this.end(session.id);
      deleted += over.length;
      if (over.length < page.saved_objects.length || over.length === 0) return deleted;
    }
  }

  private async load(id: string, now: number): Promise<CachedSession | undefined> {
    this.cache.delete(id);
    let attributes: SessionAttributes;
    try {
      attributes = (await this.options.repository.get<SessionAttributes>(SESSION_TYPE, id))
        .attributes;
    } catch (error) {
      if (savedObjectsErrors.isNotFoundError(error)) return undefined;
      throw error;
    }
    const user = await this.options.lookupUser(attributes.username);
    if (!user) {
      await this.end(id);
      return undefined;
    }
    const session = {
      user,
      expiresAt: attributes.expires_at,
      lastSeenAt: attributes.last_seen_at,
      verifiedAt: now,
    };
    this.cache.set(id, session);
    return session;
  }

  private isOver(session: CachedSession, now: number): boolean {
    return now >= session.expiresAt || now - session.lastSeenAt >= this.options.idleTimeoutMs;
  }

  /** Records activity; false when the session was deleted meanwhile (logout elsewhere). */
  private async touch(id: string, session: CachedSession, now: number): Promise<boolean> {
    // Set first, so concurrent requests of the same session do not all write.
    session.lastSeenAt = now;
    try {
      await this.options.repository.update<SessionAttributes>(SESSION_TYPE, id, {
        last_seen_at: now,
      });
      return true;
    } catch (error) {
      if (!savedObjectsErrors.isNotFoundError(error)) throw error;
      this.cache.delete(id);
      return false;
    }
  }

  private async end(id: string): Promise<void> {
    this.cache.delete(id);
    try {
      await this.options.repository.delete(SESSION_TYPE, id);
    } catch (error) {
      if (!savedObjectsErrors.isNotFoundError(error)) throw error;
    }
  }
}
