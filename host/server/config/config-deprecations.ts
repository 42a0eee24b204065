/**
 * Renamed configuration keys (OpenSearch Dashboards' `renameFromRoot` deprecations): an old key is
 * still read, moved to its new path before validation, and named in one warning line.
 */
import { isTree, setAtPath, type ConfigPath, type ConfigTree } from './config-tree';

export interface ConfigRename {
  from: ConfigPath;
  to: ConfigPath;
}

/** The host's renames, oldest first. */
export const HOST_CONFIG_RENAMES: readonly ConfigRename[] = [
  // Demo mode starts the main plugin's simulator, so the plugin owns the setting.
  { from: ['demo'], to: ['svc', 'demo'] },
];

export interface RenamedTree {
  tree: ConfigTree;
  warnings: string[];
}

/** The value at `path`, boxed so that a key set to `false` or `0` still counts as set. */
function valueAt(tree: ConfigTree, path: ConfigPath): { value: unknown } | undefined {
  let node: unknown = tree;
  for (const key of path) {
    if (!isTree(node) || !(key in node)) return undefined;
    node = node[key];
  }
  return { value: node };
}

/** A copy of the tree without the key at `path`; parents left empty by it are dropped too. */
function withoutPath(tree: ConfigTree, path: ConfigPath): ConfigTree {
  const [key, ...rest] = path;
  const copy = { ...tree };
  const child = copy[key];
  if (rest.length === 0 || !isTree(child)) {
    delete copy[key];
    return copy;
  }
  const pruned = withoutPath(child, rest);
  if (Object.keys(pruned).length === 0) delete copy[key];
  else copy[key] = pruned;
  return copy;
}

/** Copies the tree down `path` so setting a value there leaves the caller's tree untouched. */
function copiedAlong(tree: ConfigTree, path: ConfigPath): ConfigTree {
  const [key, ...rest] = path;
  const copy = { ...tree };
  const child = copy[key];
  if (rest.length > 0 && isTree(child)) copy[key] = copiedAlong(child, rest);
  return copy;
}

/**
 * Moves every old key of `renames` found in `tree` to its new path; when both are set the new one
 * wins. The input is not changed.
 */
export function applyConfigRenames(
  tree: ConfigTree,
  renames: readonly ConfigRename[],
): RenamedTree {
  let renamed = tree;
  const warnings: string[] = [];
  for (const { from, to } of renames) {
    const old = valueAt(renamed, from);
    if (!old) continue;
    const oldName = from.join('.');
    const newName = to.join('.');
    renamed = withoutPath(renamed, from);
    if (valueAt(renamed, to)) {
      warnings.push(
        `Config key [${oldName}] is deprecated: use [${newName}]; [${oldName}] was ignored as [${newName}] is also set`,
      );
      continue;
    }
    renamed = copiedAlong(renamed, to);
    setAtPath(renamed, to, old.value);
    warnings.push(`Config key [${oldName}] is deprecated: use [${newName}]`);
  }
  return { tree: renamed, warnings };
}
