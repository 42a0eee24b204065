/**
 * The Security app's calls: every change is one managed-API call through the dashboard's proxy; a
 * refusal rejects with the API's message (the error reporter shows it).
 */
import type { ApiHost } from '../../../common/api-hosts';
import type { ApiQuery, ManagedApi } from '../../services/managed-api';

export interface ApiUser {
  id: number;
  username: string;
  allow_run_as: boolean;
  roles: number[];
}

export interface ApiRole {
  id: number;
  name: string;
  policies: number[];
  rules: number[];
}

export interface PolicyBody {
  actions: string[];
  resources: string[];
  effect: 'allow' | 'deny';
}

export interface ApiPolicy {
  id: number;
  name: string;
  policy: PolicyBody;
}

export interface ApiSecurityRule {
  id: number;
  name: string;
  rule: Record<string, unknown>;
  roles: number[];
}

/** Action name → the resource types it applies to (`GET /security/actions`). */
export type ActionCatalogue = Record<string, { resources: string[] }>;

/** The API's reserved objects (default users, roles, policies and rules) have ids up to 99. */
export const MAX_RESERVED_ID = 99;

export const RESERVED_REASON = 'Reserved by the managed API: it cannot be changed.';

/** The API's password rules, shown where a password is chosen. */
export const PASSWORD_RULES =
  '8 to 64 characters, with an upper and a lower case letter, a digit and a symbol.';

export function passwordProblem(password: string): string | undefined {
  if (password.length < 8 || password.length > 64) return 'Use 8 to 64 characters';
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password)) return 'Use upper and lower case letters';
  if (!/\d/.test(password)) return 'Add a digit';
  if (!/[^A-Za-z0-9]/.test(password)) return 'Add a symbol';
  return undefined;
}

/** Lists every object of a kind, for pickers and names (the API's own maximum page). */
const ALL = { limit: 500 };

export class SecurityApi {
  constructor(
    private readonly api: ManagedApi,
    private readonly host: ApiHost,
  ) {}

  private change(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    query?: ApiQuery,
    body?: unknown,
  ) {
    return this.api.mutate<unknown>({
      apiHostId: this.host.id,
      method,
      path,
      query,
      body,
      action: method === 'DELETE' ? 'security:delete' : 'security:update',
    });
  }

  async roles(signal?: AbortSignal): Promise<ApiRole[]> {
    const page = await this.api.list<ApiRole>({
      apiHostId: this.host.id,
      path: '/security/roles',
      query: ALL,
      signal,
      action: 'security:read',
    });
    return page.items;
  }

  async policies(signal?: AbortSignal): Promise<ApiPolicy[]> {
    const page = await this.api.list<ApiPolicy>({
      apiHostId: this.host.id,
      path: '/security/policies',
      query: ALL,
      signal,
      action: 'security:read',
    });
    return page.items;
  }

  async rules(signal?: AbortSignal): Promise<ApiSecurityRule[]> {
    const page = await this.api.list<ApiSecurityRule>({
      apiHostId: this.host.id,
      path: '/security/rules',
      query: ALL,
      signal,
      action: 'security:read',
    });
    return page.items;
  }

  actions(signal?: AbortSignal): Promise<ActionCatalogue> {
    return this.api.data<ActionCatalogue>({
      apiHostId: this.host.id,
      path: '/security/actions',
      signal,
      action: 'security:read_config',
    });
  }

  createUser(username: string, password: string) {
    return this.change('POST', '/security/users', undefined, { username, password });
  }
  setPassword(user: ApiUser, password: string) {
    return this.change('PUT', `/security/users/${user.id}`, undefined, { password });
  }
  setRunAs(user: ApiUser, allow: boolean) {
    return this.change('PUT', `/security/users/${user.id}/run_as`, { allow_run_as: allow });
  }
  linkUserRole(user: ApiUser, roleId: number, link: boolean) {
    return this.change(link ? 'POST' : 'DELETE', `/security/users/${user.id}/roles`, {
      role_ids: [roleId],
    });
  }
  deleteUser(user: ApiUser) {
    return this.change('DELETE', '/security/users', { user_ids: [user.id] });
  }

  createRole(name: string) {
    return this.change('POST', '/security/roles', undefined, { name });
  }
  renameRole(role: ApiRole, name: string) {
    return this.change('PUT', `/security/roles/${role.id}`, undefined, { name });
  }
  linkRole(role: ApiRole, kind: 'policies' | 'rules', id: number, link: boolean) {
    const param = kind === 'policies' ? 'policy_ids' : 'rule_ids';
    return this.change(link ? 'POST' : 'DELETE', `/security/roles/${role.id}/${kind}`, {
      [param]: [id],
    });
  }
  deleteRole(role: ApiRole) {
    return this.change('DELETE', '/security/roles', { role_ids: [role.id] });
  }

  savePolicy(name: string, policy: PolicyBody, existing?: ApiPolicy) {
    return existing
      ? this.change('PUT', `/security/policies/${existing.id}`, undefined, { name, policy })
      : this.change('POST', '/security/policies', undefined, { name, policy });
  }
  deletePolicy(policy: ApiPolicy) {
    return this.change('DELETE', '/security/policies', { policy_ids: [policy.id] });
  }

  saveRule(name: string, rule: Record<string, unknown>, existing?: ApiSecurityRule) {
    return existing
      ? this.change('PUT', `/security/rules/${existing.id}`, undefined, { name, rule })
      : this.change('POST', '/security/rules', undefined, { name, rule });
  }
  deleteRule(rule: ApiSecurityRule) {
    return this.change('DELETE', '/security/rules', { rule_ids: [rule.id] });
  }
}
