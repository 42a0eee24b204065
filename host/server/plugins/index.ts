export { PluginsService } from './plugins_service';
export type { PluginsServiceOptions, PluginStatus, UiPluginInfo } from './plugins_service';
export type { InternalCoreSetup, PluginEnv } from './plugin_context';
export { createPluginEnv } from './environment';
export { DEFAULT_LIFECYCLE_TIMEOUT_MS } from './plugins_system';
export { PluginDiscoveryError, PluginLifecycleError, PluginsInitializationError } from './errors';
export { PluginConfigError } from './plugin_config';
export { StartupNotices } from './startup_notices';
