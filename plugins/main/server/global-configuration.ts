/**
 * The global configuration the background jobs and health checks work from, loaded at start: the
 * product version, where data lives, and the plugin's validated settings (host passwords left out).
 */
import type { PluginInitializerContext } from '../../../host/server/types';
import type { SvcConfig } from './config';

export interface GlobalConfiguration {
  version: string;
  instanceUuid: string;
  dataDir: string;
  mode: 'development' | 'production';
  settings: Omit<SvcConfig, 'hosts'> & { hosts: string[] };
}

export function loadGlobalConfiguration(
  context: PluginInitializerContext,
  config: SvcConfig,
): GlobalConfiguration {
  const { hosts, ...settings } = config;
  return Object.freeze({
    version: context.env.packageInfo.version,
    instanceUuid: context.env.instanceUuid,
    dataDir: context.paths.data,
    mode: context.env.mode.name,
    settings: { ...settings, hosts: hosts.map((host) => host.id) },
  });
}
