/**
 * Security rules: how a run_as login's auth context (any JSON object the dashboard sends, such as
 * `{"user_name": "alice", "roles": ["user"]}`) is mapped to API roles, evaluated by
 * `catalogue/security-rules.ts` (a subset of the managed API's rule language).
 *
 * Default rules: a context whose `user_name` is `admin` (or `username` is `elastic`), or whose `roles`
 * include `admin`, gets `administrator`; `roles` including `user` gets `readonly`. Pass `runAsRules` to
 * `startManagedApi` to replace them.
 */

export type SecurityRuleBody = { [operator: string]: unknown };

export interface RunAsRule {
  id: number;
  name: string;
  rule: SecurityRuleBody;
  /** Names of the roles this rule grants. */
  roles: string[];
}

export const DEFAULT_RUN_AS_RULES: RunAsRule[] = [
  {
    id: 1,
    name: 'wui_elastic_admin',
    rule: { FIND: { username: 'elastic' } },
    roles: ['administrator'],
  },
  {
    id: 2,
    name: 'wui_opensearch_admin',
    rule: { FIND: { user_name: 'admin' } },
    roles: ['administrator'],
  },
  {
    id: 3,
    name: 'dashboard_admin_role',
    rule: { FIND: { roles: 'admin' } },
    roles: ['administrator'],
  },
  { id: 4, name: 'dashboard_user_role', rule: { FIND: { roles: 'user' } }, roles: ['readonly'] },
];
