import type { UpdateCheckErrorCode } from '../../common/types';

/** Upstream details kept with an error so the route can show what the API host said. */
export interface UpstreamDetail {
  /** HTTP status of the API host's answer, when there was one. */
  status?: number;
  /** Error code of the managed API's envelope (e.g. 2100). */
  error?: number;
  title?: string;
  detail?: string;
}

/** A failure of the update-check plugin that maps to one HTTP status and a clear message. */
export class UpdateCheckError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: UpdateCheckErrorCode,
    message: string,
    readonly upstream?: UpstreamDetail,
  ) {
    super(message);
    this.name = 'UpdateCheckError';
  }
}

export function apiHostNotFound(apiHostId: string): UpdateCheckError {
  return new UpdateCheckError(
    404,
    'api_host_not_found',
    `API host [${apiHostId}] is not configured`,
  );
}

export function isUpdateCheckError(error: unknown): error is UpdateCheckError {
  return error instanceof UpdateCheckError;
}
