/**
 * Saved-object errors: Boom-shaped (`isBoom`, `output.statusCode`, `output.payload`) so the router's
 * `handleLegacyErrors` turns them into their HTTP status, and tagged with a private code so the
 * `is…` predicates test what the error is rather than its status.
 */
import { STATUS_CODES } from 'node:http';
import type { SavedObjectError, SavedObjectsClientError, SavedObjectsErrorHelpers } from './types';

const errorCode = Symbol('savedObjectsErrorCode');

type ErrorCode = 'not_found' | 'conflict' | 'bad_request' | 'invalid_version';

class SavedObjectsError extends Error implements SavedObjectsClientError {
  readonly isBoom = true as const;
  readonly output: SavedObjectsClientError['output'];
  readonly [errorCode]: ErrorCode;

  constructor(code: ErrorCode, statusCode: number, message: string) {
    super(message);
    this.name = 'SavedObjectsClientError';
    this[errorCode] = code;
    this.output = {
      statusCode,
      payload: { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message },
      headers: {},
    };
  }
}

function hasCode(error: unknown, code: ErrorCode): boolean {
  return error instanceof SavedObjectsError && error[errorCode] === code;
}

export interface SavedObjectsErrorHelpersWithCreators extends SavedObjectsErrorHelpers {
  createUnsupportedTypeError(type: string): SavedObjectsClientError;
  createInvalidVersionError(version: string): SavedObjectsClientError;
}

export const savedObjectsErrors: SavedObjectsErrorHelpersWithCreators = {
  isNotFoundError: (error) => hasCode(error, 'not_found'),
  isConflictError: (error) => hasCode(error, 'conflict'),
  // An invalid version is a bad request too, as in OSD.
  isBadRequestError: (error) => hasCode(error, 'bad_request') || hasCode(error, 'invalid_version'),
  isInvalidVersionError: (error) => hasCode(error, 'invalid_version'),
  isSavedObjectsClientError: (error): error is SavedObjectsClientError =>
    error instanceof SavedObjectsError,
  createGenericNotFoundError: (type?: string, id?: string) =>
    new SavedObjectsError(
      'not_found',
      404,
      type && id ? `Saved object [${type}/${id}] not found` : 'Not Found',
    ),
  createConflictError: (type, id) =>
    new SavedObjectsError('conflict', 409, `Saved object [${type}/${id}] conflict`),
  createBadRequestError: (reason) =>
    new SavedObjectsError('bad_request', 400, `${reason}: Bad Request`),
  createUnsupportedTypeError: (type) =>
    new SavedObjectsError(
      'bad_request',
      400,
      `Unsupported saved object type: '${type}': Bad Request`,
    ),
  createInvalidVersionError: (version) =>
    new SavedObjectsError('invalid_version', 400, `Invalid version [${version}]`),
};

/** The per-item `error` of bulk results. */
export function toItemError(error: SavedObjectsClientError): SavedObjectError {
  return { ...error.output.payload };
}
