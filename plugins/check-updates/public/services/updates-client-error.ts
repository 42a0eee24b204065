/**
 * The one error type the update client's functions reject with, whatever failed underneath (the
 * dashboard's HTTP client, the network, no host selected), so the components that show it — the
 * main plugin's Settings included — read a code and a message instead of guessing at `unknown`.
 */
import { isHttpFetchError } from '@host/public/types';
import type { UpdateCheckErrorCode } from '../../common/types';

/** The server's codes, plus what only the browser can tell. */
export type UpdatesClientErrorCode =
  UpdateCheckErrorCode | 'no_api_host_selected' | 'request_failed' | 'network_error';

export class UpdatesClientError extends Error {
  constructor(
    readonly code: UpdatesClientErrorCode,
    message: string,
    /** HTTP status of the dashboard's answer, when there was one. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'UpdatesClientError';
  }
}

/** `error` as an `UpdatesClientError`, its message the dashboard's own when it answered. */
export function toUpdatesClientError(error: unknown): UpdatesClientError {
  if (error instanceof UpdatesClientError) return error;
  if (!isHttpFetchError(error)) {
    return new UpdatesClientError(
      'request_failed',
      error instanceof Error ? error.message : String(error),
    );
  }
  if (!error.response) {
    return new UpdatesClientError(
      'network_error',
      `The dashboard could not be reached (${error.message}).`,
    );
  }
  const code = error.body?.attributes?.code;
  return new UpdatesClientError(
    typeof code === 'string' ? (code as UpdateCheckErrorCode) : 'request_failed',
    error.body?.message ?? error.message,
    error.response.status,
  );
}

/** Runs `call`, turning whatever it rejects with into an `UpdatesClientError`. */
export async function asUpdatesClientCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toUpdatesClientError(error);
  }
}
