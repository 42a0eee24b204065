/** Helpers on the nested plain-object tree that the YAML file and env variables are merged into. */

export type ConfigTree = Record<string, unknown>;
export type ConfigPath = readonly string[];

export function isTree(value: unknown): value is ConfigTree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets `value` at `path`, creating (or replacing non-object) parents on the way. */
export function setAtPath(tree: ConfigTree, path: ConfigPath, value: unknown): void {
  let node = tree;
  for (const key of path.slice(0, -1)) {
    const child = node[key];
    node = isTree(child) ? child : (node[key] = {});
  }
  node[path[path.length - 1]] = value;
}

export function hasPath(tree: ConfigTree, path: ConfigPath): boolean {
  let node: unknown = tree;
  for (const key of path) {
    if (!isTree(node) || !(key in node)) return false;
    node = node[key];
  }
  return true;
}

/**
 * Normalizes a parsed YAML mapping: dotted keys (`server.port: 5601`, the OpenSearch Dashboards
 * style) become nested objects merged with nested ones, so both spellings mean the same thing; a
 * key without a value (`savedObjects:` whose children are commented out) counts as unset. Keys
 * inside arrays are left alone.
 */
export function normalizeFileTree(tree: ConfigTree): ConfigTree {
  const expanded: ConfigTree = {};
  for (const [key, value] of Object.entries(tree)) {
    if (value === null) continue;
    const child = isTree(value) ? normalizeFileTree(value) : value;
    const path = key.split('.');
    let node = expanded;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      node = isTree(next) ? next : (node[part] = {});
    }
    const last = path[path.length - 1];
    const existing = node[last];
    node[last] = isTree(existing) && isTree(child) ? mergeTrees(existing, child) : child;
  }
  return expanded;
}

/** Deep merge of plain objects; `over` wins on leaves and arrays. */
export function mergeTrees(base: ConfigTree, over: ConfigTree): ConfigTree {
  const merged: ConfigTree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const existing = merged[key];
    merged[key] = isTree(existing) && isTree(value) ? mergeTrees(existing, value) : value;
  }
  return merged;
}
