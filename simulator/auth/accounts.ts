/**
 * API users and roles: the built-in users of `users.ts`, the default roles, plus any users and roles a
 * test adds through `startManagedApi({ users, roles })`. Resolves credentials and role ids, and caches
 * the processed permissions of each role combination.
 */
import { timingSafeEqual } from 'node:crypto';
import { ADMIN_USER, READONLY_USER, RUN_AS_USER } from '../users';
import { type ProcessedPermissions, processPermissions } from '../rbac/permissions';
import { DEFAULT_ROLES, type PolicyDocument, type Role } from '../rbac/policies';

export interface ApiUserDefinition {
  username: string;
  password: string;
  /** Role names, in evaluation order. */
  roles: string[];
  allowRunAs?: boolean;
}

export interface ApiRoleDefinition {
  name: string;
  /** Policies in evaluation order, e.g. `{actions: ['agent:read'], resources: ['agent:group:web'], effect: 'allow'}`. */
  policies: PolicyDocument[];
}

export interface ApiUser {
  id: number;
  username: string;
  password: string;
  allowRunAs: boolean;
  roleIds: number[];
}

/** Ids below 100 are reserved for default objects, as in the managed API. */
const FIRST_CUSTOM_ID = 100;

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export class Accounts {
  private readonly users = new Map<string, ApiUser>();
  private readonly roles = new Map<number, Role>();
  private readonly permissionCache = new Map<string, ProcessedPermissions>();

  constructor(
    extraRoles: readonly ApiRoleDefinition[] = [],
    extraUsers: readonly ApiUserDefinition[] = [],
  ) {
    for (const role of DEFAULT_ROLES) this.roles.set(role.id, role);
    let policyId = FIRST_CUSTOM_ID;
    extraRoles.forEach((definition, index) => {
      const id = FIRST_CUSTOM_ID + index;
      const policies = definition.policies.map((policy, at) => ({
        id: policyId++,
        name: `${definition.name}_${at + 1}`,
        policy,
      }));
      this.roles.set(id, { id, name: definition.name, policies });
    });
    const builtIn: ApiUserDefinition[] = [
      { ...ADMIN_USER, roles: ['administrator'], allowRunAs: true },
      { ...RUN_AS_USER, roles: ['administrator'], allowRunAs: true },
    ];
    builtIn.forEach((definition, index) => this.addUser(index + 1, definition));
    this.addUser(FIRST_CUSTOM_ID, { ...READONLY_USER, roles: ['readonly'], allowRunAs: false });
    extraUsers.forEach((definition, index) =>
      this.addUser(FIRST_CUSTOM_ID + 1 + index, definition),
    );
  }

  /** The user whose password matches, or undefined. */
  authenticate(username: string, password: string): ApiUser | undefined {
    const user = this.users.get(username);
    return user && sameSecret(user.password, password) ? user : undefined;
  }

  user(username: string): ApiUser | undefined {
    return this.users.get(username);
  }

  role(id: number): Role | undefined {
    return this.roles.get(id);
  }

  roleIdsByName(names: readonly string[]): number[] {
    return names.flatMap((name) =>
      [...this.roles.values()].filter((role) => role.name === name).map((role) => role.id),
    );
  }

  permissions(roleIds: readonly number[]): ProcessedPermissions {
    const key = roleIds.join(',');
    let permissions = this.permissionCache.get(key);
    if (!permissions) {
      permissions = processPermissions(
        roleIds.map((id) => this.roles.get(id)).filter((role): role is Role => role !== undefined),
      );
      this.permissionCache.set(key, permissions);
    }
    return permissions;
  }

  private addUser(id: number, definition: ApiUserDefinition): void {
    const roleIds = this.roleIdsByName(definition.roles);
    const unknown = definition.roles.filter((name) => this.roleIdsByName([name]).length === 0);
    if (unknown.length > 0)
      throw new Error(`User ${definition.username}: unknown role(s) ${unknown.join(', ')}`);
    this.users.set(definition.username, {
      id,
      username: definition.username,
      password: definition.password,
      allowRunAs: definition.allowRunAs ?? false,
      roleIds,
    });
  }
}
