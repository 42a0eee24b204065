/**
 * Logs in to managed-API hosts and keeps the tokens, per host and per identity, until shortly before
 * they expire. Concurrent callers that miss the cache share one login.
 */
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import { singleFlight } from '@host/server/types';
import type { Deadline } from './deadline';
import {
  ApiHostTimeoutError,
  ApiLoginError,
  ApiRequestAbortedError,
  MalformedApiResponseError,
} from './errors';
import { identityKey, runAsContext, type ApiIdentity } from './identity';
import {
  describeHost,
  type HostEndpoint,
  type HostTransport,
  type UpstreamAnswer,
} from './transport';
import { upstreamProblem } from './upstream-problem';

/** A host with what is needed to log in. */
export interface LoginTarget extends HostEndpoint {
  username: string;
  /** Saved-object version: a changed host (new password, URL...) never reuses an old token. */
  version: string;
  readPassword(): string;
}

export interface TokenStoreSettings {
  maxEntries: number;
  /** Tokens are dropped this long before their `exp` so none is used at the edge of its life. */
  expirySkewMs: number;
  /** Lifetime assumed for a token without a readable `exp`. */
  fallbackLifetimeMs: number;
}

export interface IssuedToken {
  token: string;
  /** True when this call logged in (a 401 on a fresh token is not worth another login). */
  fresh: boolean;
  expiresAt: number;
}

const LOGIN_PATH = '/security/user/authenticate';

/** Whether a login failed because of its caller's deadline, not because of the host's answer. */
function endedWithItsCaller(error: unknown): boolean {
  return error instanceof ApiRequestAbortedError || error instanceof ApiHostTimeoutError;
}
const RUN_AS_LOGIN_PATH = '/security/user/authenticate/run_as';

export class TokenStore {
  private readonly tokens: LRUCache<string, { token: string; expiresAt: number }>;
  private readonly logins = new Map<string, Promise<IssuedToken>>();

  constructor(
    private readonly transport: HostTransport,
    private readonly settings: TokenStoreSettings,
  ) {
    this.tokens = new LRUCache({ max: settings.maxEntries, ttlAutopurge: false });
  }

  private key(host: LoginTarget, identity: ApiIdentity): string {
    return `${host.id}\n${host.version}\n${identityKey(identity)}`;
  }

  async get(
    host: LoginTarget,
    identity: ApiIdentity,
    deadline: Deadline,
    options: { force?: boolean } = {},
  ): Promise<IssuedToken> {
    const key = this.key(host, identity);
    if (options.force) this.tokens.delete(key);
    const cached = this.tokens.get(key);
    if (cached) return { ...cached, fresh: false };
    const shared = this.logins.get(key);
    if (shared) {
      try {
        return await shared;
      } catch (error) {
        // A shared login runs on the time of the caller that started it: when that caller went
        // away or ran out of time, this one, still within its own, logs in itself.
        if (!endedWithItsCaller(error) || deadline.cancelled || deadline.timedOut) throw error;
      }
    }
    return singleFlight(this.logins, key, () => this.login(host, identity, deadline));
  }

  invalidate(host: LoginTarget, identity: ApiIdentity): void {
    this.tokens.delete(this.key(host, identity));
  }

  /** Drops every token of a host (edited or removed). */
  forgetHost(apiHostId: string): void {
    for (const key of this.tokens.keys())
      if (key.startsWith(`${apiHostId}\n`)) this.tokens.delete(key);
  }

  private async login(
    host: LoginTarget,
    identity: ApiIdentity,
    deadline: Deadline,
  ): Promise<IssuedToken> {
    const runAs = identity.kind === 'run_as';
    const answer = await this.transport.send(
      host,
      {
        method: 'POST',
        path: runAs ? RUN_AS_LOGIN_PATH : LOGIN_PATH,
        auth: { username: host.username, password: host.readPassword() },
        body: runAs ? JSON.stringify(runAsContext(identity.user)) : undefined,
      },
      deadline,
    );
    const token = this.tokenOf(host, answer, identity);
    const expiresAt = this.expiryOf(token);
    const lifetime = expiresAt - Date.now();
    // A token that is already at the end of its life is used once and not kept.
    if (lifetime > 0)
      this.tokens.set(this.key(host, identity), { token, expiresAt }, { ttl: lifetime });
    return { token, expiresAt, fresh: true };
  }

  private tokenOf(host: LoginTarget, answer: UpstreamAnswer, identity: ApiIdentity): string {
    const who =
      identity.kind === 'run_as'
        ? `user [${host.username}] running as [${identity.user.username}]`
        : `user [${host.username}]`;
    if (answer.status !== 200) {
      const problem = upstreamProblem(answer);
      const reason = problem.detail ?? problem.title ?? `HTTP ${answer.status}`;
      throw new ApiLoginError(
        `${describeHost(host)} refused the login of ${who}: ${reason}`,
        host.id,
        problem,
      );
    }
    const token = (answer.data as { data?: { token?: unknown } } | undefined)?.data?.token;
    if (typeof token !== 'string' || token.length === 0) {
      throw new MalformedApiResponseError(
        `${describeHost(host)} answered the login without a token.`,
        host.id,
        { status: answer.status },
      );
    }
    return token;
  }

  private expiryOf(token: string): number {
    const decoded = jwt.decode(token, { json: true });
    const exp =
      typeof decoded?.exp === 'number'
        ? decoded.exp * 1000
        : Date.now() + this.settings.fallbackLifetimeMs;
    return exp - this.settings.expirySkewMs;
  }
}
