/**
 * The managed-API client behind `context.svc.api.client` and the `svc` start contract: finds the
 * stored host, checks method and path, logs in (run_as for the dashboard user where the host allows
 * it), sends the request within one time budget, and on a 401 logs in again once and retries.
 */
import type { AuthenticatedUser, Logger } from '../../../../../host/server/types';
import { checkManagedApiPath, isManagedApiMethod } from '../../../common/managed-api-request';
import type { ApiHost } from '../../../common/api-hosts';
import type {
  ManagedApiMethod,
  ManagedApiRequester,
  ManagedApiRequestOptions,
  ManagedApiResponse,
} from '../../types';
import { startDeadline, type Deadline } from './deadline';
import { ApiHostNotFoundError, ApiLoginError, InvalidApiRequestError } from './errors';
import { identityFor, INTERNAL_IDENTITY, type ApiIdentity } from './identity';
import type { LoginTarget, TokenStore } from './token-store';
import { describeHost, type HostTransport, type UpstreamAnswer } from './transport';
import { upstreamProblem } from './upstream-problem';
import { encodeRequestBody } from './verbatim-body';

/** A stored host with what is needed to log in to it. */
export interface ResolvedApiHost extends ApiHost, LoginTarget {}

export interface ApiHostResolver {
  resolve(id: string): Promise<ResolvedApiHost | undefined>;
}

export interface ManagedApiServiceDeps {
  hosts: ApiHostResolver;
  transport: HostTransport;
  tokens: TokenStore;
  logger: Logger;
  /** Default time budget of one call, login and retry included. */
  timeoutMs: number;
}

export interface LoginResult {
  apiHostId: string;
  runAs: boolean;
  expiresAt: string;
}

type Target = LoginTarget & Pick<ApiHost, 'run_as'>;

function checkedPath(method: unknown, path: unknown, apiHostId: string): string {
  if (!isManagedApiMethod(method))
    throw new InvalidApiRequestError(
      `Request method [${String(method)}] is not valid: use GET, POST, PUT, DELETE or PATCH.`,
      apiHostId,
    );
  const check = checkManagedApiPath(path);
  if (!check.valid)
    throw new InvalidApiRequestError(`Request path is not valid: ${check.reason}.`, apiHostId);
  return `${check.pathname}${check.search}`;
}

/** Defence in depth: the URL the path makes must still be on the host's own origin. */
function assertSameOrigin(target: Target, origin: string, path: string): void {
  if (new URL(path, origin).origin !== origin)
    throw new InvalidApiRequestError(
      'Request path is not valid: it leaves the API host.',
      target.id,
    );
}

export class ManagedApiService {
  readonly asInternalUser: ManagedApiRequester;

  constructor(private readonly deps: ManagedApiServiceDeps) {
    this.asInternalUser = this.requester(() => INTERNAL_IDENTITY);
  }

  /** Requests for the dashboard user behind a route call: run_as where the host allows it. */
  asUser(user: AuthenticatedUser | null): ManagedApiRequester {
    return this.requester((host) => identityFor(user, host.run_as));
  }

  private requester(identityOf: (host: Target) => ApiIdentity): ManagedApiRequester {
    return {
      request: async <T>(
        method: ManagedApiMethod,
        path: string,
        body: unknown,
        options: ManagedApiRequestOptions,
      ): Promise<ManagedApiResponse<T>> => {
        const answer = await this.send(identityOf, method, path, body, options);
        return { status: answer.status, headers: answer.headers, data: answer.data as T };
      },
    };
  }

  private async resolve(apiHostId: string): Promise<ResolvedApiHost> {
    const host = await this.deps.hosts.resolve(apiHostId);
    if (!host) throw new ApiHostNotFoundError(apiHostId);
    return host;
  }

  /** Like a requester's `request`, but the answer keeps its raw bytes for passing them on. */
  async send(
    identityOf: (host: Target) => ApiIdentity,
    method: ManagedApiMethod,
    path: string,
    body: unknown,
    options: ManagedApiRequestOptions,
  ): Promise<UpstreamAnswer> {
    const checked = checkedPath(method, path, options.apiHostID);
    const host = await this.resolve(options.apiHostID);
    return this.sendTo(host, identityOf(host), method, checked, body, options);
  }

  /** Sends to a host that may not be stored (credential checks); `path` must be checked already. */
  async sendTo(
    target: Target,
    identity: ApiIdentity,
    method: ManagedApiMethod,
    path: string,
    body: unknown,
    options: Pick<ManagedApiRequestOptions, 'signal' | 'timeout' | 'headers'>,
  ): Promise<UpstreamAnswer> {
    assertSameOrigin(target, this.deps.transport.originOf(target), path);
    const deadline = startDeadline(options.timeout ?? this.deps.timeoutMs, options.signal);
    const started = Date.now();
    try {
      const answer = await this.authorizedSend(
        target,
        identity,
        { method, path, body, headers: options.headers },
        deadline,
      );
      this.deps.logger.debug(`${method} ${path} answered ${answer.status}`, {
        apiHostId: target.id,
        status: answer.status,
        durationMs: Date.now() - started,
      });
      return answer;
    } catch (error) {
      this.deps.logger.debug(`${method} ${path} failed: ${(error as Error).message}`, {
        apiHostId: target.id,
        durationMs: Date.now() - started,
      });
      throw error;
    } finally {
      deadline.dispose();
    }
  }

  private async authorizedSend(
    target: Target,
    identity: ApiIdentity,
    outgoing: {
      method: ManagedApiMethod;
      path: string;
      body: unknown;
      headers?: Record<string, string>;
    },
    deadline: Deadline,
  ): Promise<UpstreamAnswer> {
    const { method, path } = outgoing;
    const content = encodeRequestBody(outgoing.body);
    const attempt = async (token: string): Promise<UpstreamAnswer> =>
      this.deps.transport.send(
        target,
        {
          method,
          path,
          body: content?.text,
          headers: {
            ...outgoing.headers,
            authorization: `Bearer ${token}`,
            ...(content ? { 'content-type': content.contentType } : {}),
          },
        },
        deadline,
      );
    const first = await this.deps.tokens.get(target, identity, deadline);
    let answer = await attempt(first.token);
    if (answer.status === 401 && !first.fresh) {
      // The cached token expired early or was revoked: one new login, one retry.
      this.deps.tokens.invalidate(target, identity);
      const renewed = await this.deps.tokens.get(target, identity, deadline, { force: true });
      answer = await attempt(renewed.token);
    }
    if (answer.status !== 401) return answer;
    this.deps.tokens.invalidate(target, identity);
    const problem = upstreamProblem(answer);
    throw new ApiLoginError(
      `${describeHost(target)} rejected a token it had just issued: ${problem.detail ?? problem.title ?? 'HTTP 401'}`,
      target.id,
      problem,
    );
  }

  /** Makes sure the dashboard holds a valid token for this user on the host; `force` logs in anew. */
  async login(
    apiHostId: string,
    user: AuthenticatedUser | null,
    options: { force: boolean; signal?: AbortSignal },
  ): Promise<LoginResult> {
    const host = await this.resolve(apiHostId);
    const identity = identityFor(user, host.run_as);
    const deadline = startDeadline(this.deps.timeoutMs, options.signal);
    try {
      const issued = await this.deps.tokens.get(host, identity, deadline, { force: options.force });
      return {
        apiHostId,
        runAs: identity.kind === 'run_as',
        expiresAt: new Date(issued.expiresAt).toISOString(),
      };
    } finally {
      deadline.dispose();
    }
  }

  /** Drops one cached token, so the next call for that identity logs in anew. */
  dropToken(target: LoginTarget, identity: ApiIdentity): void {
    this.deps.tokens.invalidate(target, identity);
  }

  /** Forgets tokens and connections of a host that was edited or removed. */
  forgetHost(apiHostId: string): void {
    this.deps.tokens.forgetHost(apiHostId);
    this.deps.transport.forget(apiHostId);
  }
}
