export { PluginsService } from './plugins-service';
export { createPluginEnv } from './environment';
export { StartupNotices } from './startup-notices';
