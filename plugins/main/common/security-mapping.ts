/**
 * Roles mapping as a form: a security rule of the managed API (`/security/rules`) that maps dashboard
 * users, by user name or dashboard role, to API roles for run_as logins. The form covers the rules the
 * dashboard writes (one condition `FIND {user_name|roles: value}`, or several under `AND` / `OR`);
 * other rules are shown as JSON only. The preview evaluates a rule against the authorization context
 * the dashboard sends at a run_as login (`{user_name, roles, backend_roles}`), as the API matches it.
 */

import { isRecord } from '@catalogue/security-rules';

export type MappingField = 'user_name' | 'roles';

interface MappingCondition {
  field: MappingField;
  value: string;
}

export interface MappingForm {
  /** How several conditions combine: all must hold, or any one. */
  combine: 'all' | 'any';
  conditions: MappingCondition[];
}

export type SecurityRule = Record<string, unknown>;

export { ruleHolds } from '@catalogue/security-rules';

const FIELDS: readonly MappingField[] = ['user_name', 'roles'];

function conditionRule({ field, value }: MappingCondition): SecurityRule {
  return { FIND: { [field]: value } };
}

export function ruleFromForm(form: MappingForm): SecurityRule {
  if (form.conditions.length === 1) return conditionRule(form.conditions[0]);
  return { [form.combine === 'all' ? 'AND' : 'OR']: form.conditions.map(conditionRule) };
}

function conditionOf(rule: unknown): MappingCondition | undefined {
  if (!isRecord(rule) || Object.keys(rule).length !== 1) return undefined;
  const inner = rule.FIND ?? rule.MATCH;
  if (!isRecord(inner) || Object.keys(inner).length !== 1) return undefined;
  const [field, value] = Object.entries(inner)[0];
  return FIELDS.includes(field as MappingField) && typeof value === 'string'
    ? { field: field as MappingField, value }
    : undefined;
}

/** The form of a rule, or undefined when the rule says more than the form can. */
export function formFromRule(rule: unknown): MappingForm | undefined {
  const single = conditionOf(rule);
  if (single) return { combine: 'all', conditions: [single] };
  if (!isRecord(rule) || Object.keys(rule).length !== 1) return undefined;
  const [operator, parts] = Object.entries(rule)[0];
  if ((operator !== 'AND' && operator !== 'OR') || !Array.isArray(parts)) return undefined;
  const conditions = parts.map(conditionOf);
  return conditions.every((condition) => condition !== undefined)
    ? { combine: operator === 'AND' ? 'all' : 'any', conditions: conditions as MappingCondition[] }
    : undefined;
}

/** What the dashboard sends as the run_as authorization context for a user. */
export function authContextOf(userName: string, roles: readonly string[]) {
  return { user_name: userName, roles: [...roles], backend_roles: [...roles] };
}
