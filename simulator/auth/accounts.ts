/**
 * The API's RBAC database: users, roles, policies and security rules with their links (user → roles,
 * role → policies, role → rules), seeded with the default objects (ids below 100, reserved), the
 * built-in users of `users.ts` and whatever a test adds through `startManagedApi({ users, roles,
 * runAsRules })`. It resolves credentials and role ids and caches the processed permissions of each
 * role combination (dropped on every change). Refusals are the services' business: this class only
 * stores.
 */
import { timingSafeEqual } from 'node:crypto';
import { ADMIN_USER, READONLY_USER, RUN_AS_USER } from '../users';
import { type ProcessedPermissions, processPermissions } from '../rbac/permissions';
import { DEFAULT_ROLES, type Policy, type PolicyDocument, type Role } from '../rbac/policies';
import { ruleHolds } from '../../catalogue/security-rules';
import type { RunAsRule, SecurityRuleBody } from '../rbac/run-as-rules';

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

export interface StoredRole {
  id: number;
  name: string;
  /** Policy ids in evaluation order. */
  policyIds: number[];
  ruleIds: number[];
}

export interface StoredRule {
  id: number;
  name: string;
  rule: SecurityRuleBody;
}

/** Ids up to 99 are reserved for default objects, as in the managed API. */
export const MAX_RESERVED_ID = 99;

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function nextId(ids: Iterable<number>): number {
  let highest = MAX_RESERVED_ID;
  for (const id of ids) highest = Math.max(highest, id);
  return highest + 1;
}

export class Accounts {
  private readonly usersByName = new Map<string, ApiUser>();
  readonly roles = new Map<number, StoredRole>();
  readonly policies = new Map<number, Policy>();
  readonly rules = new Map<number, StoredRule>();
  private readonly permissionCache = new Map<string, ProcessedPermissions>();

  constructor(
    extraRoles: readonly ApiRoleDefinition[] = [],
    extraUsers: readonly ApiUserDefinition[] = [],
    runAsRules: readonly RunAsRule[] = [],
  ) {
    for (const role of DEFAULT_ROLES) this.seedRole(role);
    for (const definition of extraRoles) {
      const id = nextId(this.roles.keys());
      const policies = definition.policies.map((policy, at) => ({
        id: nextId(this.policies.keys()) + at,
        name: `${definition.name}_${at + 1}`,
        policy,
      }));
      this.seedRole({ id, name: definition.name, policies });
    }
    for (const rule of runAsRules) {
      this.rules.set(rule.id, { id: rule.id, name: rule.name, rule: rule.rule });
      for (const roleId of this.roleIdsByName(rule.roles))
        this.roles.get(roleId)?.ruleIds.push(rule.id);
    }
    const builtIn: ApiUserDefinition[] = [
      { ...ADMIN_USER, roles: ['administrator'], allowRunAs: true },
      { ...RUN_AS_USER, roles: ['administrator'], allowRunAs: true },
    ];
    builtIn.forEach((definition, index) => this.seedUser(index + 1, definition));
    this.seedUser(MAX_RESERVED_ID + 1, {
      ...READONLY_USER,
      roles: ['readonly'],
      allowRunAs: false,
    });
    for (const definition of extraUsers) this.seedUser(this.nextUserId(), definition);
  }

  /** The user whose password matches, or undefined. */
  authenticate(username: string, password: string): ApiUser | undefined {
    const user = this.usersByName.get(username);
    return user && sameSecret(user.password, password) ? user : undefined;
  }

  user(username: string): ApiUser | undefined {
    return this.usersByName.get(username);
  }

  userById(id: number): ApiUser | undefined {
    for (const user of this.usersByName.values()) if (user.id === id) return user;
    return undefined;
  }

  users(): ApiUser[] {
    return [...this.usersByName.values()].sort((a, b) => a.id - b.id);
  }

  /** A role with its policies resolved, in evaluation order. */
  role(id: number): Role | undefined {
    const stored = this.roles.get(id);
    return stored && { id, name: stored.name, policies: this.policiesOf(stored) };
  }

  roleIdsByName(names: readonly string[]): number[] {
    return names.flatMap((name) =>
      [...this.roles.values()].filter((role) => role.name === name).map((role) => role.id),
    );
  }

  /** Roles a run_as login with this auth context gets: those with a rule that holds, by role id. */
  roleIdsForContext(context: unknown): number[] {
    const holding = new Set(
      [...this.rules.values()].filter((rule) => ruleHolds(rule.rule, context)).map((r) => r.id),
    );
    return [...this.roles.values()]
      .filter((role) => role.ruleIds.some((id) => holding.has(id)))
      .map((role) => role.id)
      .sort((a, b) => a - b);
  }

  /** Ids of the roles linked to a policy or a rule. */
  rolesLinkedTo(kind: 'policyIds' | 'ruleIds', id: number): number[] {
    return [...this.roles.values()].filter((role) => role[kind].includes(id)).map((r) => r.id);
  }

  usersWithRole(roleId: number): number[] {
    return this.users()
      .filter((user) => user.roleIds.includes(roleId))
      .map((user) => user.id);
  }

  permissions(roleIds: readonly number[]): ProcessedPermissions {
    const key = roleIds.join(',');
    let permissions = this.permissionCache.get(key);
    if (!permissions) {
      permissions = processPermissions(
        roleIds.map((id) => this.role(id)).filter((role): role is Role => role !== undefined),
      );
      this.permissionCache.set(key, permissions);
    }
    return permissions;
  }

  nextUserId(): number {
    return nextId(this.users().map((user) => user.id));
  }

  addUser(username: string, password: string): ApiUser {
    const user = { id: this.nextUserId(), username, password, allowRunAs: false, roleIds: [] };
    this.usersByName.set(username, user);
    return user;
  }

  deleteUser(user: ApiUser): void {
    this.usersByName.delete(user.username);
  }

  addRole(name: string): StoredRole {
    const role = { id: nextId(this.roles.keys()), name, policyIds: [], ruleIds: [] };
    this.roles.set(role.id, role);
    return role;
  }

  deleteRole(id: number): void {
    this.roles.delete(id);
    for (const user of this.usersByName.values())
      user.roleIds = user.roleIds.filter((roleId) => roleId !== id);
    this.changed();
  }

  addPolicy(name: string, policy: PolicyDocument): Policy {
    const stored = { id: nextId(this.policies.keys()), name, policy };
    this.policies.set(stored.id, stored);
    return stored;
  }

  deletePolicy(id: number): void {
    this.policies.delete(id);
    for (const role of this.roles.values())
      role.policyIds = role.policyIds.filter((policyId) => policyId !== id);
    this.changed();
  }

  addRule(name: string, rule: SecurityRuleBody): StoredRule {
    const stored = { id: nextId(this.rules.keys()), name, rule };
    this.rules.set(stored.id, stored);
    return stored;
  }

  deleteRule(id: number): void {
    this.rules.delete(id);
    for (const role of this.roles.values())
      role.ruleIds = role.ruleIds.filter((ruleId) => ruleId !== id);
  }

  /** Forgets the processed permissions: call after any change to what a role grants. */
  changed(): void {
    this.permissionCache.clear();
  }

  private policiesOf(role: StoredRole): Policy[] {
    return role.policyIds.flatMap((id) => this.policies.get(id) ?? []);
  }

  private seedRole(role: Role): void {
    for (const policy of role.policies) this.policies.set(policy.id, policy);
    this.roles.set(role.id, {
      id: role.id,
      name: role.name,
      policyIds: role.policies.map((policy) => policy.id),
      ruleIds: [],
    });
  }

  private seedUser(id: number, definition: ApiUserDefinition): void {
    const roleIds = this.roleIdsByName(definition.roles);
    const unknown = definition.roles.filter((name) => this.roleIdsByName([name]).length === 0);
    if (unknown.length > 0)
      throw new Error(`User ${definition.username}: unknown role(s) ${unknown.join(', ')}`);
    this.usersByName.set(definition.username, {
      id,
      username: definition.username,
      password: definition.password,
      allowRunAs: definition.allowRunAs ?? false,
      roleIds,
    });
  }
}
