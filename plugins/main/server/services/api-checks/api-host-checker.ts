/**
 * Checks an API host the way a user would want to know it: can it be reached, do the stored
 * credentials log in, which version does it run, and can the dashboard act as its users (run_as).
 */
import { randomUUID } from 'node:crypto';
import type { ApiHostCheck, RunAsStatus } from '../../../common/api-host-check';
import {
  isManagedApiError,
  ApiLoginError,
  StoredCredentialsError,
  UpstreamRejectedError,
  type ManagedApiError,
} from '../managed-api/errors';
import { checkApiCall } from '../managed-api/api-call';
import { INTERNAL_IDENTITY } from '../managed-api/identity';
import type { ManagedApiService, ResolvedApiHost } from '../managed-api/managed-api-service';
import { describeHost, hostOrigin } from '../managed-api/transport';
import { upstreamProblem } from '../managed-api/upstream-problem';

export interface ApiHostCheckOutcome {
  check: ApiHostCheck;
  /** Set when the host is not fully usable: the typed error a route answers with. */
  error?: ManagedApiError;
}

/** Connection settings and credentials that are not stored (yet). */
export interface UnsavedApiHost {
  url: string;
  port: number;
  username: string;
  password: string;
  run_as: boolean;
  tls_verify: boolean;
  ca_file?: string;
}

type CheckTarget = Pick<
  ResolvedApiHost,
  | 'id'
  | 'url'
  | 'port'
  | 'username'
  | 'run_as'
  | 'tls_verify'
  | 'ca_file'
  | 'label'
  | 'version'
  | 'readPassword'
>;

function rejected(
  target: CheckTarget,
  answer: { status: number; data: unknown },
): UpstreamRejectedError {
  const problem = upstreamProblem(answer);
  return new UpstreamRejectedError(
    `${describeHost(target)} answered GET / with ${answer.status}: ${problem.detail ?? problem.title ?? 'no detail'}`,
    target.id,
    problem,
  );
}

function runAsStatus(hostRunAs: boolean, userMayRunAs: boolean | undefined): RunAsStatus {
  if (userMayRunAs === undefined) return 'unknown';
  if (hostRunAs) return userMayRunAs ? 'enabled' : 'user_not_allowed';
  return userMayRunAs ? 'host_disabled' : 'all_disabled';
}

function failedCheck(id: string | undefined, error: ManagedApiError, runAs: boolean): ApiHostCheck {
  const loginFailed = error instanceof ApiLoginError || error instanceof StoredCredentialsError;
  return {
    ...(id === undefined ? {} : { id }),
    checked_at: new Date().toISOString(),
    reachable: loginFailed || error instanceof UpstreamRejectedError,
    authenticated: error instanceof UpstreamRejectedError,
    run_as: runAsStatus(runAs, undefined),
    error: {
      code: error.code,
      message: error.message,
      upstream: error.toAttributes().upstream as Record<string, unknown> | undefined,
    },
  };
}

export class ApiHostChecker {
  constructor(private readonly api: ManagedApiService) {}

  /** Checks a stored host with its stored credentials (a fresh login: cached tokens prove nothing). */
  async checkStored(host: ResolvedApiHost, signal?: AbortSignal): Promise<ApiHostCheckOutcome> {
    this.api.dropToken(host, INTERNAL_IDENTITY);
    return this.run(host, host.id, signal);
  }

  /** Checks credentials that are not stored; nothing of them is kept afterwards. */
  async checkUnsaved(host: UnsavedApiHost, signal?: AbortSignal): Promise<ApiHostCheckOutcome> {
    const target = {
      ...host,
      id: `unsaved-${randomUUID()}`,
      label: `The API host at ${hostOrigin(host)}`,
      version: 'unsaved',
      readPassword: () => host.password,
    };
    try {
      return await this.run(target, undefined, signal);
    } finally {
      this.api.forgetHost(target.id);
    }
  }

  private async run(
    target: CheckTarget,
    reportedId: string | undefined,
    signal?: AbortSignal,
  ): Promise<ApiHostCheckOutcome> {
    const get = (path: string) =>
      this.api.sendTo(target, INTERNAL_IDENTITY, checkApiCall('GET', path, undefined, target.id), {
        signal,
      });
    try {
      const info = await get('/');
      if (info.status !== 200) throw rejected(target, info);
      const about =
        (
          info.data as
            { data?: { api_version?: unknown; revision?: unknown; hostname?: unknown } } | undefined
        )?.data ?? {};
      const me = await get('/security/users/me');
      const user = (
        me.data as { data?: { affected_items?: Array<{ allow_run_as?: unknown }> } } | undefined
      )?.data?.affected_items?.[0];
      const mayRunAs =
        me.status === 200 && typeof user?.allow_run_as === 'boolean'
          ? user.allow_run_as
          : undefined;
      return {
        check: {
          ...(reportedId === undefined ? {} : { id: reportedId }),
          checked_at: new Date().toISOString(),
          reachable: true,
          authenticated: true,
          ...(typeof about.api_version === 'string' ? { api_version: about.api_version } : {}),
          ...(typeof about.revision === 'string' ? { revision: about.revision } : {}),
          ...(typeof about.hostname === 'string' ? { hostname: about.hostname } : {}),
          run_as: runAsStatus(target.run_as, mayRunAs),
        },
      };
    } catch (error) {
      if (!isManagedApiError(error)) throw error;
      return { check: failedCheck(reportedId, error, target.run_as), error };
    }
  }
}
