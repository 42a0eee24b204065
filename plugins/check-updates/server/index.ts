import type { PluginConfigDescriptor, PluginInitializerContext } from '../../../host/server/types';
import { configSchema, type CheckUpdatesConfig } from './config';
import { CheckUpdatesPlugin } from './plugin';

export const config: PluginConfigDescriptor<CheckUpdatesConfig> = { schema: configSchema };

export function plugin(initializerContext: PluginInitializerContext): CheckUpdatesPlugin {
  return new CheckUpdatesPlugin(initializerContext as PluginInitializerContext<CheckUpdatesConfig>);
}
