/** Entry point of the `svc` server plugin: the initializer and the schema of its `svc:` config subtree. */
import type { PluginConfigDescriptor, PluginInitializerContext } from '../../../host/server/types';
import { configSchema, SVC_CONFIG_RENAMES, type RawSvcConfig } from './config';
import { SvcPlugin } from './plugin';

export const config: PluginConfigDescriptor<RawSvcConfig> = {
  schema: configSchema,
  renames: SVC_CONFIG_RENAMES,
};

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
