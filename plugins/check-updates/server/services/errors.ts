/** The update checker's one error type: an HTTP status, a snake_case code, what the API host said. */
import type { UpstreamDetail } from '../../../main/server/types';
import type { UpdateCheckErrorCode } from '../../common/types';

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
