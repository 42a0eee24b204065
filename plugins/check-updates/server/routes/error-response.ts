import type { OsdResponse, ResponseFactory } from '@host/server/types';
import { isUpdateCheckError } from '../services/errors';

/**
 * The answer for a failure of the plugin's services: its status, message and, in `attributes`, a
 * machine-readable code and what the API host said. Anything else is rethrown (logged, 500).
 */
export function errorResponse(
  response: ResponseFactory,
  error: unknown,
  attributes: Record<string, unknown> = {},
): OsdResponse {
  if (!isUpdateCheckError(error)) throw error;
  return response.customError({
    statusCode: error.statusCode,
    body: {
      message: error.message,
      attributes: {
        ...attributes,
        code: error.code,
        ...(error.upstream ? { upstream: error.upstream } : {}),
      },
    },
  });
}
