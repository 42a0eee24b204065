/**
 * RBAC evaluation. A caller's roles fold into "processed permissions" (`{action: {resource: effect}}`,
 * later entries win, a later wildcard erases earlier specific entries of its family); each operation then
 * asks which concrete resources an action reaches. White mode: nothing is allowed unless granted.
 */
import type { Effect, Role } from './policies';

export type ProcessedPermissions = Map<string, Map<string, Effect>>;

export function processPermissions(roles: readonly Role[]): ProcessedPermissions {
  const permissions: ProcessedPermissions = new Map();
  for (const role of roles) {
    for (const { policy } of role.policies) {
      for (const action of policy.actions) {
        let resources = permissions.get(action);
        if (!resources) permissions.set(action, (resources = new Map()));
        for (const resource of policy.resources) {
          if (resource.endsWith(':*')) {
            const family = resource.slice(0, -1);
            for (const existing of [...resources.keys()])
              if (existing.startsWith(family)) resources.delete(existing);
          }
          resources.delete(resource); // re-insert so map order is application order
          resources.set(resource, policy.effect);
        }
      }
    }
  }
  return permissions;
}

/** `{action: {resource: effect}, ..., rbac_mode}` as `GET /security/users/me/policies` returns it. */
export function permissionsToJson(permissions: ProcessedPermissions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [action, resources] of permissions) out[action] = Object.fromEntries(resources);
  out.rbac_mode = 'white';
  return out;
}

/** Whether `action` is allowed on a resourceless/static resource such as `*:*:*` or `node:id:node01`. */
export function allowsStatic(
  permissions: ProcessedPermissions,
  action: string,
  resource: string,
): boolean {
  const resources = permissions.get(action);
  if (!resources) return false;
  let allowed = false;
  const [family, attribute] = resource.split(':');
  for (const [granted, effect] of resources) {
    const [gFamily, gAttribute, gValue] = granted.split(':');
    const applies =
      granted === resource || (gFamily === family && gAttribute === attribute && gValue === '*');
    if (applies) allowed = effect === 'allow';
  }
  return allowed;
}

/** A test of which named objects of one family (`rule:file`, `decoder:file`, `group:id`) `action` reaches. */
export function objectAccess(
  permissions: ProcessedPermissions,
  action: string,
  family: string,
): (name: string) => boolean {
  const entries = [...(permissions.get(action) ?? new Map<string, Effect>())].filter(([resource]) =>
    resource.startsWith(`${family}:`),
  );
  return (name) => {
    let allowed = false;
    for (const [resource, effect] of entries) {
      const value = resource.slice(family.length + 1);
      if (value === '*' || value === name) allowed = effect === 'allow';
    }
    return allowed;
  };
}

/** Agents reachable by an action: `all` (fast path) or a per-agent test using the agent's groups. */
export interface AgentAccess {
  all: boolean;
  none: boolean;
  allows(agentId: number, groups: readonly string[] | undefined, exists: boolean): boolean;
}

const accessCache = new WeakMap<ProcessedPermissions, Map<string, AgentAccess>>();

/** The agents `action` reaches for these permissions (memoised: permissions are shared per role set). */
export function agentAccess(permissions: ProcessedPermissions, action: string): AgentAccess {
  let byAction = accessCache.get(permissions);
  if (!byAction) {
    byAction = new Map();
    accessCache.set(permissions, byAction);
  }
  let access = byAction.get(action);
  if (!access) {
    access = buildAgentAccess(permissions, action);
    byAction.set(action, access);
  }
  return access;
}

function buildAgentAccess(permissions: ProcessedPermissions, action: string): AgentAccess {
  const entries = [...(permissions.get(action) ?? new Map<string, Effect>())].filter(
    ([resource]) => resource.startsWith('agent:id:') || resource.startsWith('agent:group:'),
  );
  const allows = (
    agentId: number,
    groups: readonly string[] | undefined,
    exists: boolean,
  ): boolean => {
    let allowed = false;
    for (const [resource, effect] of entries) {
      const [, attribute, value] = resource.split(':');
      const applies =
        attribute === 'id'
          ? value === '*' || Number(value) === agentId
          : exists &&
            groups !== undefined &&
            groups.length > 0 &&
            (value === '*' || groups.includes(value));
      if (applies) allowed = effect === 'allow';
    }
    return allowed;
  };
  const wildcardAt = entries.findIndex(
    ([resource, effect]) => resource === 'agent:id:*' && effect === 'allow',
  );
  const all =
    wildcardAt >= 0 && entries.slice(wildcardAt + 1).every(([, effect]) => effect === 'allow');
  const none = entries.every(([, effect]) => effect === 'deny');
  return { all, none, allows };
}
