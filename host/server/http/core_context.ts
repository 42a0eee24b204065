/**
 * `context.core` of route handlers. Its clients are created on first access, so routes that never
 * touch saved objects or settings pay nothing for them.
 */
import type {
  AuthenticatedUser,
  OsdRequest,
  RequestHandlerContext,
  SavedObjectsClientContract,
  SavedObjectsServiceStart,
  UiSettingsClient,
} from '../types';

export interface CoreContextServices {
  savedObjects: SavedObjectsServiceStart;
  uiSettings: { asScopedToClient(client: SavedObjectsClientContract): UiSettingsClient };
  getCurrentUser(request: OsdRequest): AuthenticatedUser | null;
}

export type CoreContextFactory = (request: OsdRequest) => RequestHandlerContext['core'];

export function createCoreContextFactory(services: CoreContextServices): CoreContextFactory {
  return (request) => {
    let savedObjectsClient: SavedObjectsClientContract | undefined;
    let uiSettingsClient: UiSettingsClient | undefined;
    const scopedSavedObjectsClient = () => (savedObjectsClient ??= services.savedObjects.getScopedClient(request));
    return {
      savedObjects: {
        get client() {
          return scopedSavedObjectsClient();
        },
        get typeRegistry() {
          return services.savedObjects.getTypeRegistry();
        },
      },
      uiSettings: {
        get client() {
          return (uiSettingsClient ??= services.uiSettings.asScopedToClient(scopedSavedObjectsClient()));
        },
      },
      security: {
        get currentUser() {
          return services.getCurrentUser(request);
        },
      },
    };
  };
}
