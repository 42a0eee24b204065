/**
 * What each plugin receives: its initializer context and per-plugin views of core setup, bound to
 * the plugin's identity so routers and contexts know whose they are.
 */
import type { InternalHttpServiceSetup } from '../http';
import type {
  ContextProvider,
  CoreSetup,
  IRouter,
  LoggerFactory,
  PackageInfo,
  PluginInitializerContext,
  RequestHandlerContext,
  SavedObjectsServiceSetup,
  SecurityServiceSetup,
  SharedGlobalConfig,
} from '../types';
import type { PluginWrapper } from './plugin';

export interface PluginEnv {
  mode: PluginInitializerContext['env']['mode'];
  packageInfo: PackageInfo;
  instanceUuid: string;
}

/** Core services as the host holds them, before they are narrowed to one plugin. */
export interface InternalCoreSetup {
  http: InternalHttpServiceSetup;
  savedObjects: SavedObjectsServiceSetup;
  uiSettings: CoreSetup['uiSettings'];
  security: SecurityServiceSetup;
}

export function createInitializerContext(
  plugin: PluginWrapper,
  env: PluginEnv,
  loggers: LoggerFactory,
  config: unknown,
  globalConfig: SharedGlobalConfig,
): PluginInitializerContext {
  return {
    opaqueId: plugin.opaqueId,
    env,
    logger: {
      get: (...parts) => loggers.get('plugins', plugin.id, ...parts),
      redactSecrets: (text) => loggers.redactSecrets(text),
    },
    config: { get: () => config, legacy: { globalConfig } },
    paths: { data: globalConfig.path.data },
  };
}

export function createPluginSetupContext(
  plugin: PluginWrapper,
  core: InternalCoreSetup,
): CoreSetup {
  let router: IRouter | undefined;
  return {
    http: {
      // One router per plugin, as in OSD: every call returns the same instance.
      createRouter: <Context extends RequestHandlerContext>() =>
        (router ??= core.http.createRouter(plugin.opaqueId)) as unknown as IRouter<Context>,
      registerRouteHandlerContext: (name, provider) =>
        core.http.registerRouteHandlerContext(
          plugin.opaqueId,
          name,
          provider as ContextProvider<unknown>,
        ),
      registerOnPreResponse: (handler) => core.http.registerOnPreResponse(handler),
      basePath: core.http.basePath,
      auth: core.http.auth,
      getServerInfo: () => core.http.getServerInfo(),
    },
    savedObjects: core.savedObjects,
    uiSettings: core.uiSettings,
    security: core.security,
    getStartServices: () => plugin.startServices as ReturnType<CoreSetup['getStartServices']>,
  };
}
