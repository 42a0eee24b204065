import { SavedObjectsErrorHelpers } from './types';

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
