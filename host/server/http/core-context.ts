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
  SavedObjectTypeRegistry,
  UiSettingsClient,
} from '../types';

export interface CoreContextServices {
  savedObjects: SavedObjectsServiceStart;
  uiSettings: { asScopedToClient(client: SavedObjectsClientContract): UiSettingsClient };
  getCurrentUser(request: OsdRequest): AuthenticatedUser | null;
}

type CoreContext = RequestHandlerContext['core'];

export type CoreContextFactory = (request: OsdRequest) => CoreContext;

/**
 * One per request. A class with prototype getters rather than an object literal of closures: this
 * runs on every request and should allocate as little as possible.
 */
class CoreRequestContext implements CoreContext {
  private savedObjectsClient?: SavedObjectsClientContract;
  private uiSettingsClient?: UiSettingsClient;
  readonly savedObjects: CoreContext['savedObjects'];
  readonly uiSettings: CoreContext['uiSettings'];
  readonly security: CoreContext['security'];

  constructor(
    private readonly services: CoreContextServices,
    private readonly request: OsdRequest,
  ) {
    this.savedObjects = new SavedObjectsContext(this);
    this.uiSettings = new UiSettingsContext(this);
    this.security = new SecurityContext(this);
  }

  scopedSavedObjectsClient(): SavedObjectsClientContract {
    return (this.savedObjectsClient ??= this.services.savedObjects.getScopedClient(this.request));
  }

  typeRegistry(): SavedObjectTypeRegistry {
    return this.services.savedObjects.getTypeRegistry();
  }

  scopedUiSettingsClient(): UiSettingsClient {
    return (this.uiSettingsClient ??= this.services.uiSettings.asScopedToClient(
      this.scopedSavedObjectsClient(),
    ));
  }

  currentUser(): AuthenticatedUser | null {
    return this.services.getCurrentUser(this.request);
  }
}

class SavedObjectsContext {
  constructor(private readonly core: CoreRequestContext) {}
  get client(): SavedObjectsClientContract {
    return this.core.scopedSavedObjectsClient();
  }
  get typeRegistry(): SavedObjectTypeRegistry {
    return this.core.typeRegistry();
  }
}

class UiSettingsContext {
  constructor(private readonly core: CoreRequestContext) {}
  get client(): UiSettingsClient {
    return this.core.scopedUiSettingsClient();
  }
}

class SecurityContext {
  constructor(private readonly core: CoreRequestContext) {}
  get currentUser(): AuthenticatedUser | null {
    return this.core.currentUser();
  }
}

export function createCoreContextFactory(services: CoreContextServices): CoreContextFactory {
  return (request) => new CoreRequestContext(services, request);
}
