import {
  ConfigError,
  HashQueueFullError,
  HostError,
  HttpStatusError,
  InvalidResponseError,
  MissingBundlesError,
  PluginConfigError,
  PluginDiscoveryError,
  PluginLifecycleError,
  PluginsInitializationError,
  RouteValidationError,
  UiSettingsError,
  UserServiceError,
} from './errors';
import { SavedObjectsErrorHelpers } from './types';

describe('HostError', () => {
  it('names every error after its class and gives it a snake_case code', () => {
    const errors: HostError[] = [
      new ConfigError('bad port'),
      new PluginConfigError('bad svc'),
      PluginDiscoveryError.invalidManifest('/plugins/x', 'no id'),
      new PluginsInitializationError([new Error('no id')]),
      new PluginLifecycleError('svc', 'setup threw'),
      new HttpStatusError('payload_too_large', 413, 'too large'),
      new RouteValidationError('[request body.name]: bad'),
      new InvalidResponseError('no location'),
      new MissingBundlesError('not built'),
      new HashQueueFullError(),
      new UserServiceError('last_admin', 'keep one admin'),
      new UiSettingsError('unknown_setting', '[x]: unknown setting', 'x'),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(HostError);
      expect(error.name).toBe(error.constructor.name);
      expect(error.code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    }
  });

  it('carries the status a route answers with, and none where no request is at fault', () => {
    expect(new UserServiceError('invalid', 'bad').statusCode).toBe(400);
    expect(new UserServiceError('not_found', 'gone').statusCode).toBe(404);
    expect(new UserServiceError('exists', 'taken').statusCode).toBe(409);
    expect(new UserServiceError('last_admin', 'keep one').statusCode).toBe(409);
    expect(new UiSettingsError('read_only_setting', 'read-only', 'x').statusCode).toBe(400);
    expect(new RouteValidationError('bad').statusCode).toBe(400);
    expect(new MissingBundlesError('not built').statusCode).toBe(503);
    expect(new ConfigError('bad port').statusCode).toBeUndefined();
  });
});

describe('SavedObjectsErrorHelpers', () => {
  it('tells what a saved-object error is from the error, not from its status', () => {
    const missing = SavedObjectsErrorHelpers.createGenericNotFoundError('svc-api-host', 'lab');
    const conflict = SavedObjectsErrorHelpers.createConflictError('svc-api-host', 'lab');
    expect(SavedObjectsErrorHelpers.isNotFoundError(missing)).toBe(true);
    expect(SavedObjectsErrorHelpers.isConflictError(missing)).toBe(false);
    expect(SavedObjectsErrorHelpers.isConflictError(conflict)).toBe(true);
    // Another library's 404 (an upstream answer, say) is no missing saved object.
    const upstream = Object.assign(new Error('Not Found'), {
      isBoom: true,
      output: { statusCode: 404, payload: {}, headers: {} },
    });
    expect(SavedObjectsErrorHelpers.isNotFoundError(upstream)).toBe(false);
    expect(SavedObjectsErrorHelpers.isSavedObjectsClientError(upstream)).toBe(false);
  });

  it('is a host error named as in OSD', () => {
    const conflict = SavedObjectsErrorHelpers.createConflictError('svc-api-host', 'lab');
    expect(conflict).toBeInstanceOf(HostError);
    expect(conflict.name).toBe('SavedObjectsClientError');
  });

  it('carries the HTTP answer routes relay', () => {
    const missing = SavedObjectsErrorHelpers.createGenericNotFoundError('svc-api-host', 'lab');
    expect(missing.output).toEqual({
      statusCode: 404,
      payload: {
        statusCode: 404,
        error: 'Not Found',
        message: 'Saved object [svc-api-host/lab] not found',
      },
      headers: {},
    });
  });
});
