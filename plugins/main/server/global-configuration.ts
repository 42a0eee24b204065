/**
 * The global configuration the background jobs and health checks work from, loaded at start: the
 * product version, where data lives, and the plugin's validated settings (host and indexer passwords
 * left out).
 */
import type { PluginInitializerContext } from '../../../host/server/types';
import type { SvcConfig } from './config';

export interface GlobalConfiguration {
  version: string;
  instanceUuid: string;
  dataDir: string;
  mode: 'development' | 'production';
  settings: Omit<SvcConfig, 'hosts' | 'indexer'> & {
    hosts: string[];
    indexer: Omit<SvcConfig['indexer'], 'password'>;
  };
}

export function loadGlobalConfiguration(
  context: PluginInitializerContext,
  config: SvcConfig,
): GlobalConfiguration {
  const { hosts, indexer, ...settings } = config;
  const { password: _password, ...indexerSettings } = indexer;
  return Object.freeze({
    version: context.env.packageInfo.version,
    instanceUuid: context.env.instanceUuid,
    dataDir: context.paths.data,
    mode: context.env.mode.name,
    settings: {
      ...settings,
      hosts: hosts.map((host) => host.id),
      indexer: indexerSettings,
    },
  });
}
