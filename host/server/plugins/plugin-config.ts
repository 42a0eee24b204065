/**
 * A plugin's configuration: the subtree at its `configPath` in the host configuration, validated with
 * the schema the plugin exports. `enabled` belongs to the host (it switches the plugin off) and is
 * taken out before the plugin's schema sees the subtree.
 */
import { applyConfigRenames } from '../config/config-deprecations';
import { isTree, setAtPath } from '../config/config-tree';
import { PluginConfigError } from '../errors';
import type { PluginConfigDescriptor, PluginManifest } from '../types';

function configPathParts(manifest: Pick<PluginManifest, 'configPath'>): string[] {
  return [manifest.configPath].flat();
}

function configPathName(manifest: Pick<PluginManifest, 'configPath'>): string {
  return configPathParts(manifest).join('.');
}

/** The raw subtree at the plugin's config path (undefined when absent). */
export function rawPluginConfig(
  manifest: Pick<PluginManifest, 'configPath'>,
  hostPluginConfig: Record<string, unknown>,
): unknown {
  let node: unknown = hostPluginConfig;
  for (const part of configPathParts(manifest)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * The subtree with the plugin's declared renames applied, and one warning per old key found; the
 * keys are named in full (`svc.csv.max_rows`) as the operator writes them.
 */
export function renamePluginConfig(
  manifest: Pick<PluginManifest, 'configPath'>,
  descriptor: PluginConfigDescriptor | undefined,
  raw: unknown,
): { raw: unknown; warnings: string[] } {
  if (!descriptor?.renames?.length || !isTree(raw)) return { raw, warnings: [] };
  const prefix = configPathParts(manifest);
  const wrapped = {};
  setAtPath(wrapped, prefix, raw);
  const renames = descriptor.renames.map(({ from, to }) => ({
    from: [...prefix, ...from.split('.')],
    to: [...prefix, ...to.split('.')],
  }));
  const { tree, warnings } = applyConfigRenames(wrapped, renames);
  return { raw: rawPluginConfig(manifest, tree), warnings };
}

/** A plugin is on unless its subtree says `enabled: false`. */
export function isEnabled(raw: unknown): boolean {
  return !(
    typeof raw === 'object' &&
    raw !== null &&
    (raw as { enabled?: unknown }).enabled === false
  );
}

function withoutEnabled(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || !('enabled' in raw))
    return raw;
  const { enabled: _enabled, ...rest } = raw as Record<string, unknown>;
  return rest;
}

/**
 * Validates the subtree with the plugin's schema; the error names the plugin and the full key
 * (`[svc.api.timeoutMs]: expected value of type [number] but got [string]`).
 */
export function validatePluginConfig(
  manifest: Pick<PluginManifest, 'id' | 'configPath'>,
  descriptor: PluginConfigDescriptor | undefined,
  raw: unknown,
): unknown {
  const pathName = configPathName(manifest);
  const value = withoutEnabled(raw);
  if (!descriptor) {
    const keys =
      typeof value === 'object' && value !== null
        ? Object.keys(value)
        : value === undefined
          ? []
          : [pathName];
    if (keys.length > 0) {
      throw new PluginConfigError(
        `Plugin "${manifest.id}" does not accept configuration, but [${pathName}] sets: ${keys.join(', ')}.`,
      );
    }
    return {};
  }
  try {
    return descriptor.schema.validate(value, {}, pathName);
  } catch (error) {
    throw new PluginConfigError(
      `Invalid configuration for plugin "${manifest.id}": ${(error as Error).message}`,
    );
  }
}

/** The keys of the validated config the plugin exposes to its browser part. */
export function browserConfig(
  descriptor: PluginConfigDescriptor | undefined,
  config: unknown,
): Record<string, unknown> {
  if (!descriptor?.exposeToBrowser || typeof config !== 'object' || config === null) return {};
  const exposed = descriptor.exposeToBrowser as Record<string, boolean | undefined>;
  return Object.fromEntries(
    Object.entries(config as Record<string, unknown>).filter(([key]) => exposed[key] === true),
  );
}
