/**
 * Finds plugins: every direct sub-folder of the plugins folder holding an `opensearch_dashboards.json`.
 * Every problem is collected so one start reports all broken manifests at once.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { PluginManifest } from '../types';
import { PluginDiscoveryError, PluginsInitializationError } from '../errors';
import { MANIFEST_FILE_NAME, readManifest } from './manifest';

export interface DiscoveredPlugin {
  manifest: PluginManifest;
  /** Absolute folder of the plugin. */
  path: string;
}

async function pluginFolders(pluginsDir: string): Promise<string[]> {
  const entries = await readdir(pluginsDir, { withFileTypes: true });
  const folders: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory()) continue;
    const children = await readdir(join(pluginsDir, entry.name));
    if (children.includes(MANIFEST_FILE_NAME)) folders.push(join(pluginsDir, entry.name));
  }
  return folders;
}

/** Throws `PluginsInitializationError` listing every invalid, incompatible or duplicate manifest. */
export async function discoverPlugins(
  pluginsDir: string,
  hostVersion: string,
  onWarning?: (message: string) => void,
): Promise<DiscoveredPlugin[]> {
  const errors: Error[] = [];
  const byId = new Map<string, DiscoveredPlugin>();
  for (const folder of await pluginFolders(pluginsDir)) {
    const manifestPath = join(folder, MANIFEST_FILE_NAME);
    try {
      const manifest = await readManifest(manifestPath, hostVersion, onWarning);
      if (byId.has(manifest.id)) {
        errors.push(
          new PluginDiscoveryError(
            'duplicate_id',
            manifestPath,
            `Plugin with id "${manifest.id}" is already registered!`,
          ),
        );
        continue;
      }
      byId.set(manifest.id, { manifest, path: folder });
    } catch (error) {
      errors.push(error as Error);
    }
  }
  errors.push(...missingBundleErrors([...byId.values()]));
  if (errors.length > 0) throw new PluginsInitializationError(errors);
  return [...byId.values()];
}

/** `requiredBundles` must name plugins that exist and have a browser part. */
function missingBundleErrors(plugins: DiscoveredPlugin[]): PluginDiscoveryError[] {
  const uiIds = new Set(
    plugins.filter((plugin) => plugin.manifest.ui).map((plugin) => plugin.manifest.id),
  );
  return plugins.flatMap(({ manifest, path }) =>
    manifest.requiredBundles
      .filter((bundleId) => !uiIds.has(bundleId))
      .map(
        (bundleId) =>
          new PluginDiscoveryError(
            'missing_bundle',
            join(path, MANIFEST_FILE_NAME),
            `Plugin "${manifest.id}" lists "${bundleId}" in "requiredBundles", but no plugin with that id and "ui": true exists.`,
          ),
      ),
  );
}
