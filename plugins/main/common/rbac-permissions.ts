/**
 * The managed API's RBAC decision, for the browser to know what a user may do before they click.
 *
 * Input is what `GET /security/users/me/policies` returns: the caller's processed permissions,
 * `{action: {resource: effect}}` in the order the API folded them (a later policy overrides an earlier
 * one and a later wildcard erases the specific entries before it), so the last entry that applies
 * decides. A resource is `type:attribute:value`; `*:*:*` stands for actions on nothing in particular
 * (creating, reading the configuration). Asking about `type:attribute:*` means "every such object": a
 * wildcard allow with no deny after it. Agents are reached by id and by group, so a request about an
 * agent may name its groups too (`agent:group:web`). Nothing is allowed unless granted (white mode).
 */

type PolicyEffect = 'allow' | 'deny';

/** `data` of `GET /security/users/me/policies` without `rbac_mode`. */
export type EffectivePolicies = Record<string, Record<string, PolicyEffect>>;

export interface RequiredPermission {
  action: string;
  resource: string;
}

export const RESOURCELESS = '*:*:*';

/** The processed permissions out of the API's answer (drops `rbac_mode` and anything malformed). */
export function effectivePolicies(data: unknown): EffectivePolicies {
  const out: EffectivePolicies = {};
  if (typeof data !== 'object' || data === null) return out;
  for (const [action, resources] of Object.entries(data)) {
    if (typeof resources !== 'object' || resources === null) continue;
    const entries: Record<string, PolicyEffect> = {};
    for (const [resource, effect] of Object.entries(resources))
      if (effect === 'allow' || effect === 'deny') entries[resource] = effect;
    out[action] = entries;
  }
  return out;
}

function family(resource: string): string {
  return resource.slice(0, resource.lastIndexOf(':'));
}

/** Families an entry may decide for a requested family: agents are also reached by group. */
function deciding(requested: string): string[] {
  return requested === 'agent:id' ? ['agent:id', 'agent:group'] : [requested];
}

/**
 * Whether `action` is allowed on `resource`. `alsoAs` lists other names of the same object (an agent's
 * `agent:group:<name>` resources), which entries may match as well.
 */
export function isAllowed(
  policies: EffectivePolicies,
  { action, resource }: RequiredPermission,
  alsoAs: readonly string[] = [],
): boolean {
  const entries = Object.entries(policies[action] ?? {}).filter(
    ([granted]) => !granted.includes('&'),
  );
  if (resource === RESOURCELESS) {
    let allowed = false;
    for (const [granted, effect] of entries)
      if (granted === RESOURCELESS) allowed = effect === 'allow';
    return allowed;
  }
  const requestedFamily = family(resource);
  const families = deciding(requestedFamily);
  let allowed = false;
  if (resource.endsWith(':*')) {
    for (const [granted, effect] of entries) {
      if (!families.includes(family(granted))) continue;
      if (granted === resource) allowed = effect === 'allow';
      else if (effect === 'deny') allowed = false;
    }
    return allowed;
  }
  const names = [resource, ...alsoAs];
  for (const [granted, effect] of entries) {
    const grantedFamily = family(granted);
    if (!families.includes(grantedFamily)) continue;
    const applies = granted.endsWith(':*')
      ? names.some((name) => family(name) === grantedFamily)
      : names.includes(granted);
    if (applies) allowed = effect === 'allow';
  }
  return allowed;
}

/** "needs agent:delete on agent:id:*" for a disabled control's tooltip. */
export function describeMissing(missing: readonly RequiredPermission[]): string {
  return `needs ${missing.map(({ action, resource }) => `${action} on ${resource}`).join(', ')}`;
}
