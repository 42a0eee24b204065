/**
 * `core.uiSettings`: plugins register settings during setup; at start each request gets a client
 * over its saved-objects client.
 */
import { isConfigSchema, ValidationError } from '../../schema';
import type {
  IRouter,
  Logger,
  SavedObjectsClientContract,
  SavedObjectsServiceSetup,
  UiSettingsParams,
} from '../types';
import { CORE_UI_SETTINGS } from './core-settings';
import { registerUiSettingsRoutes } from './routes';
import { ScopedUiSettingsClient, UI_SETTINGS_TYPE } from './ui-settings-client';

export interface UiSettingsServiceOptions {
  logger: Logger;
  /** The settings object is a saved object of type `config`, registered here. */
  savedObjects: SavedObjectsServiceSetup;
}

export interface UiSettingsService {
  setup: { register(settings: Record<string, UiSettingsParams>): void };
  /** Closes registration. */
  start(): { asScopedToClient(client: SavedObjectsClientContract): ScopedUiSettingsClient };
  /** `GET/POST /api/opensearch-dashboards/settings` and `POST/DELETE …/settings/{key}`. */
  registerRoutes(router: IRouter): void;
}

function checkDefinition(key: string, params: UiSettingsParams): void {
  if (!isConfigSchema(params?.schema))
    throw new Error(`uiSettings [${key}] must have a schema made with host/schema`);
  if (params.value === undefined) return;
  try {
    params.schema.validate(params.value, {}, key);
  } catch (error) {
    if (error instanceof ValidationError)
      throw new Error(`The default value of uiSettings ${error.message}`, { cause: error });
    throw error;
  }
}

export function createUiSettingsService(options: UiSettingsServiceOptions): UiSettingsService {
  const registry = new Map<string, UiSettingsParams>();
  let started = false;

  function register(settings: Record<string, UiSettingsParams>): void {
    if (started) throw new Error('uiSettings can only be registered during setup');
    for (const [key, params] of Object.entries(settings)) {
      if (registry.has(key))
        throw new Error(`uiSettings for the key [${key}] has been already registered`);
      checkDefinition(key, params);
      registry.set(key, Object.freeze({ ...params }));
    }
  }

  options.savedObjects.registerType({
    name: UI_SETTINGS_TYPE,
    hidden: false,
    namespaceType: 'single',
    // Keys are setting names chosen by plugins, so the attributes are not mapped one by one.
    mappings: { dynamic: false, properties: {} },
  });
  register(CORE_UI_SETTINGS);

  const asScopedToClient = (client: SavedObjectsClientContract) =>
    new ScopedUiSettingsClient(client, registry, options.logger);

  return {
    setup: { register },
    start() {
      started = true;
      return { asScopedToClient };
    },
    registerRoutes(router) {
      registerUiSettingsRoutes(router, asScopedToClient);
    },
  };
}
