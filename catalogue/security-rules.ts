/**
 * The managed API's security rules, evaluated as the API matches a run_as login's authorization
 * context (`{"user_name": "alice", "roles": ["user"]}`) to roles: an object with one operator key.
 * - `MATCH: {key: expected}`: the context's top-level `key` matches `expected`.
 * - `FIND: {key: expected}`: some object anywhere in the context has a `key` matching `expected`.
 * - `AND: [rules]`, `OR: [rules]`, `NOT: rule`; an unknown operator never holds.
 * A scalar `expected` matches an equal scalar or an array containing it; an array `expected` matches
 * an array containing every element; an object `expected` matches recursively. The simulator grants
 * roles by it and the dashboard previews a mapping with it, so the two never disagree.
 */

/** A JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
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
  const children = Array.isArray(context)
    ? context
    : isRecord(context)
      ? Object.values(context)
      : [];
  return children.some((value) => findAnywhere(value, expected));
}

/** Whether a security rule holds for an authorization context (MATCH, FIND, AND, OR, NOT). */
export function ruleHolds(rule: unknown, context: unknown): boolean {
  if (!isRecord(rule)) return false;
  return Object.entries(rule).every(([operator, operand]) => {
    switch (operator) {
      case 'MATCH':
        return matchAt(context, operand);
      case 'FIND':
        return findAnywhere(context, operand);
      case 'AND':
        return Array.isArray(operand) && operand.every((part) => ruleHolds(part, context));
      case 'OR':
        return Array.isArray(operand) && operand.some((part) => ruleHolds(part, context));
      case 'NOT':
        return !ruleHolds(operand, context);
      default:
        return false;
    }
  });
}
