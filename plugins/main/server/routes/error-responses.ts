/**
 * Turns the services' typed errors into the dashboard error body `{statusCode, error, message, attributes?}`.
 * Anything else is a bug: it is rethrown so the host answers 500 and logs the stack.
 */
import {
  SavedObjectsErrorHelpers,
  type OsdResponse,
  type RequestHandler,
  type RequestHandlerContext,
  type ResponseFactory,
} from '@host/server/types';
import { IndexerError } from '../services/alerts/indexer';
import { AlertsScopeError } from '../services/alerts/scope';
import { ApiHostStoreError } from '../services/api-hosts/errors';
import { RequestFieldError } from '../services/request-field-error';
import { isManagedApiError } from '../services/managed-api/errors';
import { ConfigurationRefusedError } from '../services/server-operations/server-operations';
import {
  ConflictError,
  ContentTooLargeError,
  LimitReachedError,
  NotFoundError,
  RoleRequiredError,
} from '../services/service-errors';

function savedObjectError(error: unknown): { statusCode: number; message: string } | undefined {
  if (!SavedObjectsErrorHelpers.isSavedObjectsClientError(error)) return undefined;
  const { statusCode, payload } = error.output;
  return statusCode < 500 ? { statusCode, message: payload.message ?? error.message } : undefined;
}

/** An error that knows its status, its attributes and, where waiting helps, its `Retry-After`. */
function typedErrorResponse(
  response: ResponseFactory,
  error: {
    statusCode: number;
    message: string;
    toAttributes(): object;
    retryAfterSeconds?: number;
  },
  attributes: Record<string, unknown>,
): OsdResponse {
  return response.customError({
    statusCode: error.statusCode,
    body: { message: error.message, attributes: { ...error.toAttributes(), ...attributes } },
    ...(error.retryAfterSeconds !== undefined && {
      headers: { 'retry-after': String(error.retryAfterSeconds) },
    }),
  });
}

export function errorResponse(
  response: ResponseFactory,
  error: unknown,
  attributes: Record<string, unknown> = {},
): OsdResponse {
  if (
    isManagedApiError(error) ||
    error instanceof IndexerError ||
    error instanceof AlertsScopeError ||
    error instanceof ConfigurationRefusedError
  )
    return typedErrorResponse(response, error, attributes);
  if (error instanceof RequestFieldError) {
    return response.badRequest({
      body: {
        message: `[request body.${error.field}]: ${error.reason}`,
        attributes: { field: error.field, ...attributes },
      },
    });
  }
  if (error instanceof LimitReachedError)
    return response.customError({
      statusCode: error.statusCode,
      body: { message: error.message, attributes: { code: error.code, ...attributes } },
      headers: { 'retry-after': String(error.retryAfterSeconds) },
    });
  if (error instanceof RoleRequiredError)
    return response.forbidden({
      body: {
        message: error.message,
        attributes: { code: 'role_required', requiredRole: error.requiredRole, ...attributes },
      },
    });
  if (error instanceof ContentTooLargeError || error instanceof ConflictError)
    return response.customError({
      statusCode: error.statusCode,
      body: { message: error.message, attributes: { code: error.code, ...attributes } },
    });
  if (error instanceof NotFoundError)
    return response.notFound({
      body: { message: error.message, attributes: { code: error.code, ...attributes } },
    });
  if (error instanceof ApiHostStoreError)
    return response.customError({
      statusCode: error.statusCode,
      body: { message: error.message, attributes },
    });
  const saved = savedObjectError(error);
  if (saved)
    return response.customError({
      statusCode: saved.statusCode,
      body: { message: saved.message, attributes },
    });
  throw error;
}

/** Wraps a handler so the services' typed errors become their HTTP answers. */
export function handleErrors<P, Q, B, C extends RequestHandlerContext>(
  handler: RequestHandler<P, Q, B, C>,
): RequestHandler<P, Q, B, C> {
  return async (context, request, response) => {
    try {
      return await handler(context, request, response);
    } catch (error) {
      return errorResponse(response, error);
    }
  };
}
