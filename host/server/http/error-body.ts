/**
 * Boom-shaped error bodies `{ statusCode, error, message, attributes? }`, the wire format of every error
 * the dashboard's own routes answer. Hand-written because only the shape of Boom is needed, not the library.
 */
import { STATUS_CODES } from 'node:http';

export interface ErrorWireBody {
  statusCode: number;
  error: string;
  message: string;
  attributes?: Record<string, unknown>;
}

export const INTERNAL_ERROR_MESSAGE = 'An internal server error occurred.';

function reasonPhrase(statusCode: number): string {
  return STATUS_CODES[statusCode] ?? 'Unknown';
}

export function errorBody(
  statusCode: number,
  message?: string,
  attributes?: Record<string, unknown>,
): ErrorWireBody {
  const body: ErrorWireBody = {
    statusCode,
    error: reasonPhrase(statusCode),
    message: message ?? reasonPhrase(statusCode),
  };
  if (attributes !== undefined) body.attributes = attributes;
  return body;
}

/** An error that already knows its HTTP answer (saved-object errors and other Boom-like errors). */
export interface BoomLikeError extends Error {
  isBoom: true;
  output: {
    statusCode: number;
    payload: ErrorWireBody | Record<string, unknown>;
    headers?: Record<string, string | string[]>;
  };
}

export function isBoomLike(error: unknown): error is BoomLikeError {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as Partial<BoomLikeError>;
  return (
    candidate.isBoom === true &&
    typeof candidate.output === 'object' &&
    typeof candidate.output?.statusCode === 'number'
  );
}
