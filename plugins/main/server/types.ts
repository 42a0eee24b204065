/**
 * Contract of the `svc` server plugin for the plugins that depend on it (svcCheckUpdates),
 * and the shape of the `svc` request-handler context.
 */
import type { Logger, OsdRequest } from '../../../host/server/types';
import type { ApiHost } from '../common/api-hosts';
import type { BackgroundJob, ScheduledJob } from './services/jobs/job-runner';

/**
 * What the managed-API requester rejects with, and how a dependent plugin tells it apart from its
 * own errors: by this guard and the error's snake_case `code`, never by duck-typing its fields.
 */
export { isManagedApiError, type ManagedApiError } from './services/managed-api/errors';
export type { UpstreamDetail } from './services/managed-api/errors';
export type { ManagedApiErrorCode } from '../common/api-host-check';

export type ManagedApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface ManagedApiRequestOptions {
  apiHostID: string;
  /** Aborts the upstream call, e.g. when the browser went away. */
  signal?: AbortSignal;
  /** Overrides the configured timeout (ms). */
  timeout?: number;
  /** Extra request headers; the dashboard's own (authorization, content-type of the body) win. */
  headers?: Record<string, string>;
}

/** Any HTTP answer of the managed API, errors included: the status and body are as it sent them. */
export interface ManagedApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string>;
  data: T;
}

export interface ManagedApiRequester {
  /**
   * Sends `method path` (path may carry a query string) to the host, logged in with the host's
   * stored credentials (and run_as for the current user where the host allows it).
   * Resolves for every HTTP answer of the managed API; rejects with a `ManagedApiError`
   * (see services/managed-api/errors) when there is no usable answer: unknown host, unreachable,
   * timeout, TLS failure, malformed body, failed login.
   */
  request<T = unknown>(
    method: ManagedApiMethod,
    path: string,
    body: unknown,
    options: ManagedApiRequestOptions,
  ): Promise<ManagedApiResponse<T>>;
}

export interface ManagedApiClient {
  asInternalUser: ManagedApiRequester;
  asCurrentUser: ManagedApiRequester;
}

/** `context.svc` of route handlers. */
export interface SvcRequestHandlerContext {
  logger: Logger;
  api: { client: ManagedApiClient };
}

/** Start contract of the `svc` server plugin. */
export interface SvcServerStart {
  api: {
    client: {
      asInternalUser: ManagedApiRequester;
      asScoped(request: OsdRequest): { asCurrentUser: ManagedApiRequester };
    };
  };
  hosts: {
    list(): Promise<ApiHost[]>;
    get(id: string): Promise<ApiHost | undefined>;
  };
  /** The dashboard's one scheduler: a job runs on its cron schedule, once per tick across instances. */
  jobs: {
    start(job: BackgroundJob): ScheduledJob;
  };
}
