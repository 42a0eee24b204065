import { MANAGED_API_VERSION_CHECK_PATH } from '../../../common/constants';
import { toSemanticVersion } from '../../../common/versions';
import {
  isManagedApiError,
  type ManagedApiError,
  type ManagedApiErrorCode,
  type ManagedApiRequester,
  type ManagedApiResponse,
  type UpstreamDetail,
} from '@main/server/types';
import { apiHostNotFound, UpdateCheckError } from '../errors';

/** A release as the managed API describes it; every field is checked before use. */
export interface UpstreamRelease {
  tag?: unknown;
  title?: unknown;
  description?: unknown;
  published_date?: unknown;
  semver?: unknown;
  release_url?: unknown;
  /** Page of the release on the code host, as the release feed names it. */
  html_url?: unknown;
}

/** What an API host says about its version and the releases published after it. */
export interface VersionCheck {
  currentVersion: string;
  releases: UpstreamRelease[];
}

export type FetchVersionCheck = (
  apiHostId: string,
  options: { force: boolean },
) => Promise<VersionCheck>;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Title, detail and code of a managed-API error body, in its problem shape or its `{data:{title,detail}}` envelope. */
function readUpstreamDetail(response: ManagedApiResponse<unknown>): UpstreamDetail {
  const body = isObject(response.data) ? response.data : {};
  const nested = isObject(body.data) ? body.data : {};
  return {
    status: response.status,
    error: typeof body.error === 'number' ? body.error : undefined,
    title: optionalString(body.title) ?? optionalString(nested.title),
    detail:
      optionalString(body.detail) ?? optionalString(nested.detail) ?? optionalString(body.message),
  };
}

function describe(upstream: UpstreamDetail): string {
  const code = upstream.error !== undefined ? ` (error ${upstream.error})` : '';
  const text = [upstream.title, upstream.detail].filter(Boolean).join(': ') || 'no detail given';
  return `HTTP ${upstream.status}${code}: ${text}`;
}

/** What the svc client's typed error knows of the upstream; its message when it knows no detail. */
function failureDetail(error: ManagedApiError | undefined, reason: string): UpstreamDetail {
  const upstream = error?.upstream ?? {};
  return {
    status: upstream.status,
    error: upstream.error,
    title: upstream.title,
    detail: upstream.detail ?? reason,
  };
}

/** The API host gave no usable answer (removed meanwhile, unreachable, timed out, failed login, malformed body). */
function unavailable(apiHostId: string, error: unknown): UpdateCheckError {
  const reason = error instanceof Error ? error.message : String(error);
  const svcError = isManagedApiError(error) ? error : undefined;
  const code: ManagedApiErrorCode | undefined = svcError?.code;
  if (code === 'host_not_found') return apiHostNotFound(apiHostId);
  const upstream = failureDetail(svcError, reason);
  if (code === 'timeout') {
    return new UpdateCheckError(
      504,
      'upstream_timeout',
      `API host [${apiHostId}] did not answer the version check in time: ${reason}`,
      upstream,
    );
  }
  // A cut-short or unparsable body: the host answered, but with nothing usable.
  if (code === 'malformed_response') {
    return new UpdateCheckError(
      502,
      'upstream_invalid_response',
      `API host [${apiHostId}] sent an unusable answer to the version check: ${reason}`,
      upstream,
    );
  }
  return new UpdateCheckError(
    502,
    'upstream_error',
    `API host [${apiHostId}] could not be asked for available updates: ${reason}`,
    upstream,
  );
}

function rejected(apiHostId: string, response: ManagedApiResponse<unknown>): UpdateCheckError {
  const upstream = readUpstreamDetail(response);
  return new UpdateCheckError(
    502,
    'upstream_error',
    `API host [${apiHostId}] failed to check for updates: ${describe(upstream)}`,
    upstream,
  );
}

function invalid(apiHostId: string, reason: string): UpdateCheckError {
  return new UpdateCheckError(
    502,
    'upstream_invalid_response',
    `API host [${apiHostId}] answered the version check with ${reason}`,
    { detail: reason },
  );
}

function disabled(apiHostId: string): UpdateCheckError {
  return new UpdateCheckError(
    409,
    'update_check_disabled',
    `Update checking is disabled on API host [${apiHostId}]: enable it in the managed API's configuration to see available updates`,
  );
}

/** Reads `GET /manager/version/check` of an API host with the host's own credentials. */
export function createVersionCheckClient(requester: ManagedApiRequester): FetchVersionCheck {
  return async (apiHostId, { force }) => {
    // force_query makes the host ask its release feed now instead of answering from its own cache.
    const path = force
      ? `${MANAGED_API_VERSION_CHECK_PATH}?force_query=true`
      : MANAGED_API_VERSION_CHECK_PATH;
    let response: ManagedApiResponse<unknown>;
    try {
      response = await requester.request<unknown>('GET', path, undefined, { apiHostID: apiHostId });
    } catch (error) {
      throw unavailable(apiHostId, error);
    }
    const body = response.data;
    if (
      response.status < 200 ||
      response.status >= 300 ||
      (isObject(body) && typeof body.error === 'number' && body.error !== 0)
    ) {
      throw rejected(apiHostId, response);
    }
    if (!isObject(body) || !isObject(body.data))
      throw invalid(apiHostId, 'a body without a data object');
    const data = body.data;
    if (data.update_check === false) throw disabled(apiHostId);
    const currentVersion =
      typeof data.current_version === 'string' ? toSemanticVersion(data.current_version) : null;
    if (!currentVersion)
      throw invalid(
        apiHostId,
        // The value itself stays out: a successful answer is not scrubbed of credentials.
        `a current_version that is not a semantic version (a ${typeof data.current_version})`,
      );
    const releases = [
      data.last_available_major,
      data.last_available_minor,
      data.last_available_patch,
    ].filter(isObject);
    return { currentVersion, releases };
  };
}
