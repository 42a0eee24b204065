/** Entry point of the `svc` server plugin: the initializer and the schema of its `svc:` config subtree. */
import type { PluginConfigDescriptor, PluginInitializerContext } from '../../../host/server/types';
import { configSchema, type SvcConfig } from './config';
import { SvcPlugin } from './plugin';

export const config: PluginConfigDescriptor<SvcConfig> = { schema: configSchema };

export function plugin(initializerContext: PluginInitializerContext): SvcPlugin {
  return new SvcPlugin(initializerContext);
}

export type {
  SvcServerStart,
  SvcRequestHandlerContext,
  ManagedApiClient,
  ManagedApiRequester,
  ManagedApiResponse,
} from './types';
