/**
 * Security rules: how a run_as login's auth context (any JSON object the dashboard sends, such as
 * `{"user_name": "alice", "roles": ["user"]}`) is mapped to API roles.
 *
 * Rule language (a subset of the managed API's): an object with one operator key.
 * - `MATCH: {key: expected}`: the context's top-level `key` matches `expected`.
 * - `FIND: {key: expected}`: some object anywhere in the context has a `key` matching `expected`.
 * - `AND: [rules]`, `OR: [rules]`, `NOT: rule`.
 * A scalar `expected` matches an equal scalar or an array containing it; an array `expected` matches an
 * array containing every element; an object `expected` matches recursively.
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function valueMatches(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) &&
      expected.every((item) => actual.some((value) => valueMatches(value, item)))
    );
  if (isRecord(expected))
    return (
      isRecord(actual) &&
      Object.entries(expected).every(([key, value]) => valueMatches(actual[key], value))
    );
  if (Array.isArray(actual)) return actual.some((value) => valueMatches(value, expected));
  return actual === expected;
}

function matchAt(context: unknown, expected: unknown): boolean {
  return (
    isRecord(expected) &&
    isRecord(context) &&
    Object.entries(expected).every(([key, value]) => valueMatches(context[key], value))
  );
}

function findAnywhere(context: unknown, expected: unknown): boolean {
  if (matchAt(context, expected)) return true;
  if (Array.isArray(context)) return context.some((value) => findAnywhere(value, expected));
  if (isRecord(context))
    return Object.values(context).some((value) => findAnywhere(value, expected));
  return false;
}

/** Whether `rule` holds for `context`. Unknown operators never hold. */
export function ruleMatches(rule: unknown, context: unknown): boolean {
  if (!isRecord(rule)) return false;
  return Object.entries(rule).every(([operator, operand]) => {
    switch (operator) {
      case 'MATCH':
        return matchAt(context, operand);
      case 'FIND':
        return findAnywhere(context, operand);
      case 'AND':
        return Array.isArray(operand) && operand.every((part) => ruleMatches(part, context));
      case 'OR':
        return Array.isArray(operand) && operand.some((part) => ruleMatches(part, context));
      case 'NOT':
        return !ruleMatches(operand, context);
      default:
        return false;
    }
  });
}
