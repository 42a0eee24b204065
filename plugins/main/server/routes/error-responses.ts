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
import { RequestFieldError } from '../services/request-field-error';
import { SvcError } from '../services/svc-error';

function savedObjectError(error: unknown): { statusCode: number; message: string } | undefined {
  if (!SavedObjectsErrorHelpers.isSavedObjectsClientError(error)) return undefined;
  const { statusCode, payload } = error.output;
  return statusCode < 500 ? { statusCode, message: payload.message ?? error.message } : undefined;
}

export function errorResponse(
  response: ResponseFactory,
  error: unknown,
  attributes: Record<string, unknown> = {},
): OsdResponse {
  // Its message names the field as the route's own validation does: `[request body.<field>]`.
  if (error instanceof RequestFieldError)
    return response.badRequest({
      body: {
        message: `[request body.${error.field}]: ${error.reason}`,
        attributes: { ...error.toAttributes(), ...attributes },
      },
    });
  if (error instanceof SvcError && error.statusCode !== undefined)
    return response.customError({
      statusCode: error.statusCode,
      body: { message: error.message, attributes: { ...error.toAttributes(), ...attributes } },
      ...(error.retryAfterSeconds !== undefined && {
        headers: { 'retry-after': String(error.retryAfterSeconds) },
      }),
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
