/**
 * Every typed error of the host's server side, on one base: a snake_case `code` that tells failures
 * apart without reading messages and, when a request is at fault, the HTTP status the dashboard
 * answers with. Code tells them apart by class (`instanceof`), never by message or by duck-typing
 * `statusCode`. Saved-object errors are also Boom-shaped, behind `SavedObjectsErrorHelpers`, as in
 * OpenSearch Dashboards.
 */
import { STATUS_CODES } from 'node:http';
import type { SavedObjectError, SavedObjectsClientError, SavedObjectsErrorHelpers } from './types';

export abstract class HostError<Code extends string = string> extends Error {
  abstract readonly code: Code;
  /** What a route answers with; undefined when no request is at fault (start, configuration, a bug). */
  readonly statusCode: number | undefined = undefined;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A configuration problem that stops the start; the message names the key and where its value came from. */
export class ConfigError extends HostError<'invalid_config'> {
  readonly code = 'invalid_config';
}

/** A plugin's configuration subtree is refused by its schema, or set for a plugin that takes none. */
export class PluginConfigError extends HostError<'invalid_plugin_config'> {
  readonly code = 'invalid_plugin_config';
}

export type PluginDiscoveryErrorCode =
  'invalid_manifest' | 'incompatible_version' | 'duplicate_id' | 'missing_bundle';

/** One problem with one plugin folder; the message ends with the code and the manifest path. */
export class PluginDiscoveryError extends HostError<PluginDiscoveryErrorCode> {
  constructor(
    readonly code: PluginDiscoveryErrorCode,
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${reason} (${code}, ${path})`);
  }

  static invalidManifest(path: string, reason: string): PluginDiscoveryError {
    return new PluginDiscoveryError('invalid_manifest', path, reason);
  }

  static incompatibleVersion(path: string, reason: string): PluginDiscoveryError {
    return new PluginDiscoveryError('incompatible_version', path, reason);
  }
}

/** Raised when discovery found at least one problem: every problem on its own tab-indented line. */
export class PluginsInitializationError extends HostError<'plugins_not_initialized'> {
  readonly code = 'plugins_not_initialized';

  constructor(readonly errors: readonly Error[]) {
    super(`Failed to initialize plugins:${errors.map((error) => `\n\t${error.message}`).join('')}`);
  }
}

/** A plugin broke its contract while loading, setting up, starting or stopping. */
export class PluginLifecycleError extends HostError<'plugin_lifecycle_failed'> {
  readonly code = 'plugin_lifecycle_failed';

  constructor(
    readonly pluginId: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type HttpStatusErrorCode =
  'invalid_json' | 'request_timeout' | 'payload_too_large' | 'login_throttled' | 'login_busy';

/**
 * An error that knows its HTTP answer (payload too large or too slow, a refused login), thrown where
 * no response factory is at hand; the server's error handler answers with its status and headers.
 */
export class HttpStatusError extends HostError<HttpStatusErrorCode> {
  constructor(
    readonly code: HttpStatusErrorCode,
    override readonly statusCode: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** A request refused by its route's `validate` schemas; the message names the field. */
export class RouteValidationError extends HostError<'invalid_request'> {
  readonly code = 'invalid_request';
  override readonly statusCode = 400;
}

/** A response the adapter cannot render (bad status, missing redirect location, error without message). */
export class InvalidResponseError extends HostError<'invalid_response'> {
  readonly code = 'invalid_response';
}

/** The browser bundles are not there (never built) or do not match the plugins. */
export class MissingBundlesError extends HostError<'missing_bundles'> {
  readonly code = 'missing_bundles';
  override readonly statusCode = 503;
}

/** Every password-check slot and every waiting place is taken. */
export class HashQueueFullError extends HostError<'hash_queue_full'> {
  readonly code = 'hash_queue_full';

  constructor() {
    super('Too many logins are being checked at once');
  }
}

export type UserErrorCode = 'invalid' | 'not_found' | 'exists' | 'last_admin';

const USER_ERROR_STATUS: Readonly<Record<UserErrorCode, number>> = {
  invalid: 400,
  not_found: 404,
  exists: 409,
  last_admin: 409,
};

/** A failure of the user service; routes answer its status, the users script turns it into an exit code. */
export class UserServiceError extends HostError<UserErrorCode> {
  override readonly statusCode: number;

  constructor(
    readonly code: UserErrorCode,
    message: string,
    /** The input field at fault, for `invalid`. */
    readonly field?: string,
  ) {
    super(message);
    this.statusCode = USER_ERROR_STATUS[code];
  }
}

export function invalidField(field: string, problem: string): UserServiceError {
  return new UserServiceError('invalid', `[${field}]: ${problem}`, field);
}

export type UiSettingsErrorCode = 'unknown_setting' | 'read_only_setting' | 'invalid_setting';

/** A refused settings change: an unknown or read-only setting, or an invalid value. */
export class UiSettingsError extends HostError<UiSettingsErrorCode> {
  override readonly statusCode = 400;

  constructor(
    readonly code: UiSettingsErrorCode,
    message: string,
    readonly key: string,
  ) {
    super(message);
  }
}

type SavedObjectsErrorCode = 'not_found' | 'conflict' | 'bad_request' | 'invalid_version';

/**
 * Boom-shaped (`isBoom`, `output.statusCode`, `output.payload`) so the router's `handleLegacyErrors`
 * turns it into its HTTP status; the `is…` helpers test its code rather than its status.
 */
class SavedObjectsError
  extends HostError<SavedObjectsErrorCode>
  implements SavedObjectsClientError
{
  override readonly name = 'SavedObjectsClientError';
  readonly isBoom = true as const;
  readonly output: SavedObjectsClientError['output'];

  constructor(
    readonly code: SavedObjectsErrorCode,
    override readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.output = {
      statusCode,
      payload: { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message },
      headers: {},
    };
  }
}

function hasCode(error: unknown, code: SavedObjectsErrorCode): boolean {
  return error instanceof SavedObjectsError && error.code === code;
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
