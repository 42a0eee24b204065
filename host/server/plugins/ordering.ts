/** Dependency order of plugins (Kahn's algorithm; ties keep discovery order so starts are reproducible). */
import type { PluginManifest } from '../types';

type DependencyInfo = Pick<PluginManifest, 'id' | 'requiredPlugins' | 'optionalPlugins'>;

/** Required dependencies plus the optional ones that are present. */
export function dependenciesOf(
  manifest: DependencyInfo,
  presentIds: ReadonlySet<string>,
): string[] {
  return [
    ...new Set([
      ...manifest.requiredPlugins,
      ...manifest.optionalPlugins.filter((id) => presentIds.has(id)),
    ]),
  ];
}

/**
 * Returns the ids in an order where every plugin comes after its dependencies. A cycle or a required
 * dependency that does not exist throws, naming every plugin that could not be placed.
 */
export function sortTopologically(manifests: readonly DependencyInfo[]): string[] {
  const presentIds = new Set(manifests.map((manifest) => manifest.id));
  const pending = new Map(
    manifests.map((manifest) => [manifest.id, new Set(dependenciesOf(manifest, presentIds))]),
  );
  const sorted: string[] = [];
  let ready = [...pending].filter(([, deps]) => deps.size === 0).map(([id]) => id);
  while (ready.length > 0) {
    const [id, ...rest] = ready;
    ready = rest;
    pending.delete(id);
    sorted.push(id);
    for (const [otherId, deps] of pending) {
      if (deps.delete(id) && deps.size === 0) ready.push(otherId);
    }
  }
  if (pending.size > 0) {
    throw new Error(
      `Topological ordering of plugins did not complete, these plugins have cyclic or missing dependencies: ${JSON.stringify([...pending.keys()])}`,
    );
  }
  return sorted;
}
