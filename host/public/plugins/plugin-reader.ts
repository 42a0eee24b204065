/** Plugin initializers as each plugin's bundle registered them in `window.__osdBundles__`. */
import type { PluginInitializer } from '../types';

declare global {
  interface Window {
    __osdBundles__?: Record<string, { plugin?: unknown } | undefined>;
  }
}

export function readPluginInitializer(id: string): PluginInitializer<unknown, unknown> {
  const definition = window.__osdBundles__?.[`plugin/${id}/public`];
  if (!definition)
    throw new Error(`Definition of plugin "${id}" not found and may have failed to load.`);
  if (typeof definition.plugin !== 'function')
    throw new Error(`Definition of plugin "${id}" should be a function.`);
  return definition.plugin as PluginInitializer<unknown, unknown>;
}
