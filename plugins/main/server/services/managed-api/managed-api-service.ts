/**
 * The managed-API client behind `context.svc.api.client`, the `svc` start contract and
 * `POST /api/request`: finds the stored host, logs in (run_as for the dashboard user where the host
 * allows it), sends the request within one time budget, and on a 401 logs in again once and retries.
 * `request` gives the answer parsed; `relay` gives it as bytes to pass on.
 */
import type { AuthenticatedUser, ClientConnection, Logger } from '@host/server/types';
import type { ApiHost } from '../../../common/api-hosts';
import type { ManagedApiMethod, ManagedApiResponse } from '../../types';
import type { ApiHostRequester, ApiHostRequestOptions } from './api-host-requester';
import { checkApiCall, type ManagedApiCall } from './api-call';
import { Deadline, signalConnection } from './deadline';
import {
  ApiHostNotFoundError,
  ApiLoginError,
  isManagedApiError,
  MalformedApiResponseError,
  type UpstreamDetail,
} from './errors';
import { identityFor, INTERNAL_IDENTITY, type ApiIdentity } from './identity';
import { credentialSecrets } from './secret-scrubber';
import type { IssuedToken, LoginTarget, TokenStore } from './token-store';
import {
  describeHost,
  type HostTransport,
  type RelayedAnswer,
  type SendOptions,
  type UpstreamAnswer,
} from './transport';
import { upstreamProblem } from './upstream-problem';

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

/** Forms of each target's stored credentials, worked out (and the password decrypted) once per target. */
const storedSecrets = new WeakMap<LoginTarget, readonly string[]>();

function storedSecretsOf(target: LoginTarget): readonly string[] {
  let secrets = storedSecrets.get(target);
  if (!secrets) {
    try {
      secrets = credentialSecrets(target.username, target.readPassword());
    } catch {
      // A password that cannot be decrypted was never sent, so the host cannot echo it.
      secrets = [];
    }
    storedSecrets.set(target, secrets);
  }
  return secrets;
}

/**
 * The call as the transport sends it, with the token of this attempt and the stored credentials to
 * scrub from what the host answers. The path needs no origin check here: the checks that made the
 * call keep it on the host (one leading `/`, no `//`, no backslash or control character), and
 * node:http puts it in the request line of a connection to that host only.
 */
function sendOptions(
  call: ManagedApiCall,
  token: string,
  target: LoginTarget,
  reading?: AnswerReading,
): SendOptions {
  return {
    method: call.method,
    path: call.path,
    body: call.body,
    contentType: call.contentType,
    headers: call.headers,
    token,
    secrets: () => storedSecretsOf(target),
    onAnswerStart: reading?.onAnswerStart,
    holdBuffered: reading?.holdBuffered,
  };
}

/** How a caller that reads long lists page by page takes each answer (see `SendOptions`). */
export type AnswerReading = Pick<SendOptions, 'onAnswerStart' | 'holdBuffered'>;

/** The token a 401 answered is worth renewing once: it came from the cache, not from a login just now. */
function renewable(status: number, token: IssuedToken): boolean {
  return status === 401 && !token.fresh;
}

export class ManagedApiService {
  readonly asInternalUser: ApiHostRequester;

  constructor(private readonly deps: ManagedApiServiceDeps) {
    this.asInternalUser = this.requester(null, false);
  }

  /** Requests for the dashboard user behind a route call: run_as where the host allows it. */
  asUser(user: AuthenticatedUser | null): ApiHostRequester {
    return this.requester(user, true);
  }

  private requester(user: AuthenticatedUser | null, runAsAllowed: boolean): ApiHostRequester {
    return {
      request: async <T>(
        method: ManagedApiMethod,
        path: string,
        body: unknown,
        options: ApiHostRequestOptions,
      ): Promise<ManagedApiResponse<T>> => {
        const call = checkApiCall(method, path, body, options.apiHostId, options.headers);
        const host = await this.resolve(options.apiHostId);
        const identity = runAsAllowed ? identityFor(user, host.run_as) : INTERNAL_IDENTITY;
        const answer = await this.sendTo(host, identity, call, options);
        return { status: answer.status, headers: answer.headers, data: answer.data as T };
      },
    };
  }

  /**
   * A GET for the dashboard user (run_as where the host allows), with a say in how its answer is
   * read: told when it starts arriving, its bytes held against the shared budget until released.
   */
  async pageAs(
    user: AuthenticatedUser | null,
    path: string,
    options: Pick<ApiHostRequestOptions, 'apiHostId' | 'signal'> & AnswerReading,
  ): Promise<UpstreamAnswer> {
    const call = checkApiCall('GET', path, undefined, options.apiHostId);
    const host = await this.resolve(options.apiHostId);
    return this.sendTo(host, identityFor(user, host.run_as), call, options);
  }

  private async resolve(apiHostId: string): Promise<ResolvedApiHost> {
    const host = await this.deps.hosts.resolve(apiHostId);
    if (!host) throw new ApiHostNotFoundError(apiHostId);
    return host;
  }

  /** Sends to a host that may not be stored (credential checks) and parses the answer. */
  async sendTo(
    target: Target,
    identity: ApiIdentity,
    call: ManagedApiCall,
    options: Pick<ApiHostRequestOptions, 'signal' | 'timeout'> & AnswerReading,
  ): Promise<UpstreamAnswer> {
    const deadline = new Deadline(
      options.timeout ?? this.deps.timeoutMs,
      options.signal && signalConnection(options.signal),
    );
    const started = Date.now();
    try {
      const token = await this.deps.tokens.get(target, identity, deadline);
      let answer = await this.deps.transport.send(
        target,
        sendOptions(call, token.token, target, options),
        deadline,
      );
      if (renewable(answer.status, token)) {
        const renewed = await this.renew(target, identity, deadline);
        answer = await this.deps.transport.send(
          target,
          sendOptions(call, renewed, target, options),
          deadline,
        );
      }
      if (answer.status === 401) this.rejectedToken(target, identity, upstreamProblem(answer));
      this.logAnswer(target, call, answer.status, started);
      return answer;
    } catch (error) {
      this.logFailure(target, call, error, started);
      throw error;
    } finally {
      deadline.dispose();
    }
  }

  /**
   * Sends a call to a stored host for the dashboard user and resolves with the answer to pass on as
   * it is. A streamed body keeps the time budget until it is through; the call stops when `caller`
   * goes away first.
   */
  async relay(
    user: AuthenticatedUser | null,
    call: ManagedApiCall,
    apiHostId: string,
    caller?: ClientConnection,
  ): Promise<RelayedAnswer> {
    const host = await this.resolve(apiHostId);
    const identity = identityFor(user, host.run_as);
    const deadline = new Deadline(this.deps.timeoutMs, caller);
    const started = Date.now();
    try {
      const token = await this.deps.tokens.get(host, identity, deadline);
      let answer = await this.deps.transport.relay(
        host,
        sendOptions(call, token.token, host),
        deadline,
      );
      if (renewable(answer.status, token)) {
        const renewed = await this.renew(host, identity, deadline);
        answer = await this.deps.transport.relay(host, sendOptions(call, renewed, host), deadline);
      }
      // Error answers are read whole, so a 401's body is at hand to say why.
      if (answer.status === 401)
        this.rejectedToken(
          host,
          identity,
          upstreamProblem({ status: 401, data: problemData(answer) }),
        );
      if (answer.status >= 300 && answer.status < 400) {
        if (!Buffer.isBuffer(answer.body)) answer.body.destroy();
        throw new MalformedApiResponseError(
          `${describeHost(host)} answered with a redirect (${answer.status}), which the dashboard does not follow.`,
          apiHostId,
          { status: answer.status },
        );
      }
      this.logAnswer(host, call, answer.status, started);
      if (Buffer.isBuffer(answer.body)) deadline.dispose();
      return answer;
    } catch (error) {
      deadline.dispose();
      this.logFailure(host, call, error, started);
      throw error;
    }
  }

  private async renew(target: Target, identity: ApiIdentity, deadline: Deadline): Promise<string> {
    // The cached token expired early or was revoked: one new login, one retry.
    this.deps.tokens.invalidate(target, identity);
    return (await this.deps.tokens.get(target, identity, deadline, { force: true })).token;
  }

  private rejectedToken(target: Target, identity: ApiIdentity, problem: UpstreamDetail): never {
    this.deps.tokens.invalidate(target, identity);
    throw new ApiLoginError(
      `${describeHost(target)} rejected a token it had just issued: ${problem.detail ?? problem.title ?? 'HTTP 401'}`,
      target.id,
      problem,
    );
  }

  private logAnswer(target: Target, call: ManagedApiCall, status: number, started: number): void {
    this.deps.logger.debug(`${call.method} ${call.path} answered ${status}`, {
      apiHostId: target.id,
      status,
      durationMs: Date.now() - started,
    });
  }

  private logFailure(target: Target, call: ManagedApiCall, error: unknown, started: number): void {
    this.deps.logger.debug(
      `${call.method} ${call.path} failed: ${isManagedApiError(error) ? error.message : String(error)}`,
      { apiHostId: target.id, durationMs: Date.now() - started },
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
    const deadline = new Deadline(
      this.deps.timeoutMs,
      options.signal && signalConnection(options.signal),
    );
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

/** The parsed body of a relayed error answer (read whole), for saying what the host said. */
function problemData(answer: RelayedAnswer): unknown {
  if (!Buffer.isBuffer(answer.body) || answer.body.length === 0) return undefined;
  const text = answer.body.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
