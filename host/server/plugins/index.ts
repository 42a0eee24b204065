export { PluginsService } from './plugins-service';
export type { PluginsServiceOptions, PluginStatus, UiPluginInfo } from './plugins-service';
export type { InternalCoreSetup, PluginEnv } from './plugin-context';
export { createPluginEnv } from './environment';
export { DEFAULT_LIFECYCLE_TIMEOUT_MS } from './plugins-system';
export { PluginDiscoveryError, PluginLifecycleError, PluginsInitializationError } from './errors';
export { PluginConfigError } from './plugin-config';
export { StartupNotices } from './startup-notices';
