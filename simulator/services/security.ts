/**
 * RBAC administration as the managed API does it (`/security/users|roles|policies|rules*`, the RBAC
 * catalogue): every operation checks its `security:*` action on `user:id`, `role:id`, `policy:id` or
 * `rule:id` (resourceless creations on `*:*:*`), refuses changes to reserved objects (ids up to 99) with
 * the API's codes, and answers in the "affected items" envelope with per-item failures.
 */
import catalogueJson from '../../catalogue/routes.json';
import { isRecord } from '../../catalogue/security-rules';
import type { RouteCatalogue } from '../../catalogue/types';
import { MAX_RESERVED_ID, type ApiUser, type StoredRole } from '../auth/accounts';
import type { Session } from '../http/context';
import { AffectedItems, type ItemId, type ListBody, dataResult } from '../http/envelope';
import type { ErrorCode } from '../http/errors';
import type { ParsedParams } from '../http/params';
import { codedProblem, permissionDenied } from '../http/problem';
import { errorNode, requireResourceless } from '../rbac/guard';
import { objectAccess } from '../rbac/permissions';
import type { PolicyDocument } from '../rbac/policies';
import type { SecurityRuleBody } from '../rbac/run-as-rules';
import { type TableSpec, listItems } from '../query/list-query';
import type { SimulatorState } from '../state';
import { listParams } from './list-params';

const CATALOGUE = catalogueJson as RouteCatalogue;
const RBAC_CATALOGUE = CATALOGUE.rbac ?? { resources: [], actions: {} };

type Item = Record<string, unknown>;
type Family = 'user:id' | 'role:id' | 'policy:id' | 'rule:id';

/** Minimum eight characters with an upper and a lower case letter, a digit and a symbol (5007). */
const PASSWORD_VARIETY = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/;
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 64;
/** The formats the API's RBAC database accepts for an action and each part of a resource. */
const ACTION = /^[a-zA-Z_-]+:[a-zA-Z_-]+$/;
const RESOURCE = /^[a-zA-Z_\-*]+:[\w\-*]+:[\w\-/.*]+$/;

function table(sortFields: string[], fields: string[]): TableSpec<Item> {
  return {
    mode: 'memory',
    fields: {},
    sortFields,
    selectFields: fields,
    requiredFields: ['id'],
    defaultSort: { fields: ['id'], descending: false },
  };
}

const USER_TABLE = table(['id', 'username'], ['id', 'username', 'allow_run_as', 'roles']);
const ROLE_TABLE = table(['id', 'name'], ['id', 'name', 'policies', 'users', 'rules']);
const POLICY_TABLE = table(['id', 'name'], ['id', 'name', 'policy', 'roles']);
const RULE_TABLE = table(['id', 'name'], ['id', 'name', 'rule', 'roles']);

const denied = (family: Family) => ({ detail: `Permission denied: Resource type: ${family}` });

/** Ids of a `*_ids` query parameter as numbers; undefined for `all` or when absent. */
function requestedIds(query: ParsedParams, name: string): number[] | undefined {
  const raw = query[name] as Array<string | number> | undefined;
  if (!raw || raw.map(String).includes('all')) return undefined;
  return [...new Set(raw.map(Number))];
}

/**
 * The ids an operation may touch. Without explicit ids: every existing one the caller reaches. With
 * them: the reachable ones, the others recorded as 4000 failures, and a 403 when none is reachable.
 */
function reachable(
  session: Session,
  action: string,
  family: Family,
  requested: number[] | undefined,
  existing: number[],
  result: AffectedItems<Item>,
): number[] {
  const allowed = objectAccess(session.permissions, action, family);
  if (requested === undefined) return existing.filter((id) => allowed(String(id)));
  const ok = requested.filter((id) => allowed(String(id)));
  if (ok.length === 0) throw permissionDenied(family, errorNode(session));
  for (const id of requested) if (!allowed(String(id))) result.fail(4000, id, denied(family));
  return ok;
}

/** One object's operation: 403 unless the caller reaches it. */
function requireReach(session: Session, action: string, family: Family, id: number): void {
  if (!objectAccess(session.permissions, action, family)(String(id)))
    throw permissionDenied(family, errorNode(session));
}

function failAs(result: AffectedItems<Item>, code: ErrorCode, id: ItemId): void {
  result.fail(code, id);
}

// ------------------------------------------------------------------ presentation

function presentUser(user: ApiUser): Item {
  return {
    id: user.id,
    username: user.username,
    allow_run_as: user.allowRunAs,
    roles: [...user.roleIds],
  };
}

function presentRole(state: SimulatorState, role: StoredRole): Item {
  return {
    id: role.id,
    name: role.name,
    policies: [...role.policyIds],
    users: state.accounts.usersWithRole(role.id),
    rules: [...role.ruleIds],
  };
}

function presentPolicy(state: SimulatorState, id: number): Item | undefined {
  const policy = state.accounts.policies.get(id);
  return (
    policy && {
      id,
      name: policy.name,
      policy: policy.policy,
      roles: state.accounts.rolesLinkedTo('policyIds', id),
    }
  );
}

function presentRule(state: SimulatorState, id: number): Item | undefined {
  const rule = state.accounts.rules.get(id);
  return (
    rule && {
      id,
      name: rule.name,
      rule: rule.rule,
      roles: state.accounts.rolesLinkedTo('ruleIds', id),
    }
  );
}

function presentRoleId(state: SimulatorState, id: number): Item | undefined {
  const role = state.accounts.roles.get(id);
  return role && presentRole(state, role);
}

// ------------------------------------------------------------------ lists

interface ListKind {
  idParam: string;
  action: 'security:read';
  family: Family;
  notFound: ErrorCode;
  spec: TableSpec<Item>;
  messages: { all: string; some: string; none: string };
  ids(state: SimulatorState): number[];
  present(state: SimulatorState, id: number): Item | undefined;
}

const LISTS = {
  users: {
    idParam: 'user_ids',
    action: 'security:read',
    family: 'user:id',
    notFound: 5001,
    spec: USER_TABLE,
    messages: {
      all: 'All specified users were returned',
      some: 'Some users were not returned',
      none: 'No user was returned',
    },
    ids: (state) => state.accounts.users().map((user) => user.id),
    present: (state, id) => {
      const user = state.accounts.userById(id);
      return user && presentUser(user);
    },
  },
  roles: {
    idParam: 'role_ids',
    action: 'security:read',
    family: 'role:id',
    notFound: 4002,
    spec: ROLE_TABLE,
    messages: {
      all: 'All specified roles were returned',
      some: 'Some roles were not returned',
      none: 'No role was returned',
    },
    ids: (state) => [...state.accounts.roles.keys()],
    present: presentRoleId,
  },
  policies: {
    idParam: 'policy_ids',
    action: 'security:read',
    family: 'policy:id',
    notFound: 4007,
    spec: POLICY_TABLE,
    messages: {
      all: 'All specified policies were returned',
      some: 'Some policies were not returned',
      none: 'No policy was returned',
    },
    ids: (state) => [...state.accounts.policies.keys()],
    present: presentPolicy,
  },
  rules: {
    idParam: 'rule_ids',
    action: 'security:read',
    family: 'rule:id',
    notFound: 4022,
    spec: RULE_TABLE,
    messages: {
      all: 'All specified security rules were returned',
      some: 'Some security rules were not returned',
      none: 'No security rule was returned',
    },
    ids: (state) => [...state.accounts.rules.keys()],
    present: presentRule,
  },
} satisfies Record<string, ListKind>;

export type SecurityListKind = keyof typeof LISTS;

/** `GET /security/{users|roles|policies|rules}`: the reachable objects, filtered, sorted and paged. */
export function listSecurityObjects(
  state: SimulatorState,
  session: Session,
  kind: SecurityListKind,
  query: ParsedParams,
): ListBody {
  const list: ListKind = LISTS[kind];
  const result = new AffectedItems<Item>(list.messages);
  const ids = reachable(
    session,
    list.action,
    list.family,
    requestedIds(query, list.idParam),
    list.ids(state),
    result,
  );
  const items: Item[] = [];
  for (const id of ids) {
    const item = list.present(state, id);
    if (item) items.push(item);
    else failAs(result, list.notFound, id);
  }
  result.setPage(
    listItems({ rows: items, load: (item) => item }, list.spec, listParams(query), state.now()),
  );
  return result.body();
}

// ------------------------------------------------------------------ users

function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) throw codedProblem(5009);
  if (!PASSWORD_VARIETY.test(password)) throw codedProblem(5007);
}

export function createUser(
  state: SimulatorState,
  session: Session,
  body: { username: string; password: string },
) {
  requireResourceless(session, 'security:create_user');
  checkPassword(body.password);
  const result = new AffectedItems<Item>({
    all: 'User was successfully created',
    some: 'User was successfully created',
    none: 'User could not be created',
  });
  if (state.accounts.user(body.username)) result.fail(5000, body.username);
  else result.items.push(presentUser(state.accounts.addUser(body.username, body.password)));
  return result.render();
}

export function updateUserPassword(
  state: SimulatorState,
  session: Session,
  userId: number,
  body: { password?: string } | undefined,
) {
  requireReach(session, 'security:update', 'user:id', userId);
  if (body?.password === undefined) throw codedProblem(4001);
  checkPassword(body.password);
  // Reserved users may only be changed by a reserved user.
  if (userId <= MAX_RESERVED_ID && session.userId > MAX_RESERVED_ID) throw codedProblem(5011);
  const result = new AffectedItems<Item>({
    all: 'User was successfully updated',
    some: 'User was successfully updated',
    none: 'User could not be updated',
  });
  const user = state.accounts.userById(userId);
  if (!user) result.fail(5001, userId);
  else {
    user.password = body.password;
    state.tokens.revokeUser(user.username);
    result.items.push(presentUser(user));
  }
  return result.render();
}

export function editRunAs(state: SimulatorState, session: Session, userId: number, allow: boolean) {
  requireResourceless(session, 'security:edit_run_as');
  const verb = allow ? 'enabled' : 'disabled';
  const result = new AffectedItems<Item>({
    all: `Parameter allow_run_as has been ${verb} for the user`,
    some: `Parameter allow_run_as has been ${verb} for the user`,
    none: `The parameter allow_run_as could not be ${verb} for the user`,
  });
  const user = state.accounts.userById(userId);
  if (!user) result.fail(5001, userId);
  else {
    user.allowRunAs = allow;
    state.tokens.revokeUser(user.username);
    result.items.push(presentUser(user));
  }
  return result.render();
}

export function deleteUsers(state: SimulatorState, session: Session, query: ParsedParams) {
  const result = new AffectedItems<Item>({
    all: 'Users were successfully deleted',
    some: 'Some users were not deleted',
    none: 'No user was deleted',
  });
  const requested = requestedIds(query, 'user_ids');
  const existing = state.accounts.users().map((user) => user.id);
  for (const id of reachable(session, 'security:delete', 'user:id', requested, existing, result)) {
    const user = state.accounts.userById(id);
    const explicit = requested !== undefined;
    if (id === session.userId && id > MAX_RESERVED_ID) {
      if (explicit) result.fail(5008, id);
    } else if (!user) result.fail(5001, id);
    else if (id <= MAX_RESERVED_ID) {
      if (explicit) result.fail(5004, id);
    } else {
      state.accounts.deleteUser(user);
      state.tokens.revokeUser(user.username);
      result.items.push(presentUser(user));
    }
  }
  return result.render();
}

export function linkUserRoles(
  state: SimulatorState,
  session: Session,
  userId: number,
  query: ParsedParams,
  link: boolean,
) {
  const action = link ? 'security:update' : 'security:delete';
  requireReach(session, action, 'user:id', userId);
  const user = state.accounts.userById(userId);
  if (!link && !user) throw codedProblem(5001);
  const name = user?.username ?? 'unknown';
  const result = new AffectedItems<Item>(
    link
      ? {
          all: `All roles were linked to user ${name}`,
          some: `Some roles were not linked to user ${name}`,
          none: `No link was created to user ${name}`,
        }
      : {
          all: `All roles were unlinked from user ${name}`,
          some: `Some roles were not unlinked from user ${name}`,
          none: `No role was unlinked from user ${name}`,
        },
  );
  const requested = requestedIds(query, 'role_ids');
  const existing = [...state.accounts.roles.keys()];
  const roleIds = reachable(session, action, 'role:id', requested, existing, result);
  let position = query.position as number | undefined;
  let changed = 0;
  for (const roleId of roleIds) {
    if (userId <= MAX_RESERVED_ID) result.fail(4008, userId);
    else if (!user) result.fail(5001, userId);
    else if (!state.accounts.roles.has(roleId)) result.fail(4002, roleId);
    else if (link && user.roleIds.includes(roleId)) result.fail(4017, roleId);
    else if (!link && !user.roleIds.includes(roleId)) result.fail(4016, roleId);
    else {
      if (!link) user.roleIds = user.roleIds.filter((id) => id !== roleId);
      else if (position === undefined) user.roleIds.push(roleId);
      else user.roleIds.splice(position++, 0, roleId);
      changed++;
    }
  }
  if (user && changed > 0) {
    state.tokens.revokeUser(user.username);
    result.items.push(presentUser(user));
    result.total = changed;
  }
  return result.render();
}

// ------------------------------------------------------------------ roles, policies and rules

/** The policy as the API stores it (lower-cased names), or undefined when it is invalid (4006). */
function sanitisedPolicy(policy: PolicyDocument): PolicyDocument | undefined {
  const effect = String(policy.effect).toLowerCase();
  const actions = policy.actions.map((action) => String(action).toLowerCase());
  const resources = policy.resources.map((resource) =>
    String(resource)
      .split('&')
      .map((part) => {
        const pieces = part.split(':');
        return [...pieces.slice(0, -1).map((piece) => piece.toLowerCase()), pieces.at(-1)].join(
          ':',
        );
      })
      .join('&'),
  );
  const valid =
    (effect === 'allow' || effect === 'deny') &&
    actions.every((action) => ACTION.test(action)) &&
    resources.every((resource) => resource.split('&').every((part) => RESOURCE.test(part)));
  return valid ? { actions, resources, effect } : undefined;
}

/** A security rule must be a JSON object with operators; an empty one is invalid (4003). */
function validRule(rule: unknown): rule is SecurityRuleBody {
  return isRecord(rule) && Object.keys(rule).length > 0;
}

function nameTaken(names: Iterable<{ id: number; name: string }>, name: string, except?: number) {
  for (const entry of names) if (entry.name === name && entry.id !== except) return true;
  return false;
}

function created(kind: string): { all: string; some: string; none: string } {
  return {
    all: `${kind} was successfully created`,
    some: `${kind} was successfully created`,
    none: `${kind} was not created`,
  };
}

function updated(kind: string): { all: string; some: string; none: string } {
  return {
    all: `${kind} was successfully updated`,
    some: `${kind} was successfully updated`,
    none: `${kind} was not updated`,
  };
}

export function createRole(state: SimulatorState, session: Session, body: { name: string }) {
  requireResourceless(session, 'security:create');
  const result = new AffectedItems<Item>(created('Role'));
  if (nameTaken(state.accounts.roles.values(), body.name)) result.fail(4005, body.name);
  else result.items.push(presentRole(state, state.accounts.addRole(body.name)));
  return result.render();
}

export function renameRole(
  state: SimulatorState,
  session: Session,
  roleId: number,
  body: { name?: string } | undefined,
) {
  requireReach(session, 'security:update', 'role:id', roleId);
  if (body?.name === undefined) throw codedProblem(4001);
  const result = new AffectedItems<Item>(updated('Role'));
  const role = state.accounts.roles.get(roleId);
  if (!role) result.fail(4002, roleId);
  else if (roleId <= MAX_RESERVED_ID) result.fail(4008, roleId);
  else if (nameTaken(state.accounts.roles.values(), body.name, roleId)) result.fail(4005, roleId);
  else {
    role.name = body.name;
    result.items.push(presentRole(state, role));
  }
  return result.render();
}

export function createPolicy(
  state: SimulatorState,
  session: Session,
  body: { name: string; policy: PolicyDocument },
) {
  requireResourceless(session, 'security:create');
  const policy = sanitisedPolicy(body.policy);
  const result = new AffectedItems<Item>(created('Policy'));
  if (!policy) {
    result.fail(4006, body.name);
    return result.render();
  }
  const same = [...state.accounts.policies.values()].some(
    (entry) => entry.name === body.name || JSON.stringify(entry.policy) === JSON.stringify(policy),
  );
  if (same) result.fail(4009, body.name);
  else {
    const stored = state.accounts.addPolicy(body.name, policy);
    result.items.push(presentPolicy(state, stored.id) as Item);
  }
  return result.render();
}

export function updatePolicy(
  state: SimulatorState,
  session: Session,
  policyId: number,
  body: { name?: string; policy?: PolicyDocument } | undefined,
) {
  requireReach(session, 'security:update', 'policy:id', policyId);
  if (body?.name === undefined && body?.policy === undefined) throw codedProblem(4001);
  const policy = body.policy && sanitisedPolicy(body.policy);
  const result = new AffectedItems<Item>(updated('Policy'));
  const stored = state.accounts.policies.get(policyId);
  if (!stored) result.fail(4007, policyId);
  else if (policyId <= MAX_RESERVED_ID) result.fail(4008, policyId);
  else if (body.policy && !policy) result.fail(4006, policyId);
  else if (
    body.name !== undefined &&
    nameTaken(state.accounts.policies.values(), body.name, policyId)
  )
    result.fail(4013, policyId);
  else {
    if (body.name !== undefined) stored.name = body.name;
    if (policy) stored.policy = policy;
    state.accounts.changed();
    result.items.push(presentPolicy(state, policyId) as Item);
  }
  return result.render();
}

export function createRule(
  state: SimulatorState,
  session: Session,
  body: { name: string; rule: unknown },
) {
  requireResourceless(session, 'security:create');
  const result = new AffectedItems<Item>(created('Security rule'));
  if (!validRule(body.rule)) result.fail(4003, body.name);
  else if (nameTaken(state.accounts.rules.values(), body.name)) result.fail(4005, body.name);
  else {
    const stored = state.accounts.addRule(body.name, body.rule);
    result.items.push(presentRule(state, stored.id) as Item);
  }
  return result.render();
}

export function updateRule(
  state: SimulatorState,
  session: Session,
  ruleId: number,
  body: { name?: string; rule?: unknown } | undefined,
) {
  requireReach(session, 'security:update', 'rule:id', ruleId);
  if (body?.name === undefined && body?.rule === undefined) throw codedProblem(4001);
  const result = new AffectedItems<Item>(updated('Security rule'));
  const stored = state.accounts.rules.get(ruleId);
  if (!stored) result.fail(4022, ruleId);
  else if (ruleId <= MAX_RESERVED_ID) result.fail(4008, ruleId);
  else if (body.rule !== undefined && !validRule(body.rule)) result.fail(4003, ruleId);
  else if (body.name !== undefined && nameTaken(state.accounts.rules.values(), body.name, ruleId))
    result.fail(4005, ruleId);
  else {
    if (body.name !== undefined) stored.name = body.name;
    if (body.rule !== undefined) stored.rule = body.rule as SecurityRuleBody;
    state.tokens.revokeRunAs();
    result.items.push(presentRule(state, ruleId) as Item);
  }
  return result.render();
}

interface DeleteKind {
  idParam: string;
  family: Family;
  notFound: ErrorCode;
  messages: { all: string; some: string; none: string };
  ids(state: SimulatorState): number[];
  present(state: SimulatorState, id: number): Item | undefined;
  remove(state: SimulatorState, id: number): void;
}

const DELETES: Record<'roles' | 'policies' | 'rules', DeleteKind> = {
  roles: {
    idParam: 'role_ids',
    family: 'role:id',
    notFound: 4002,
    messages: {
      all: 'All specified roles were deleted',
      some: 'Some roles were not deleted',
      none: 'No role was deleted',
    },
    ids: LISTS.roles.ids,
    present: presentRoleId,
    remove: (state, id) => state.accounts.deleteRole(id),
  },
  policies: {
    idParam: 'policy_ids',
    family: 'policy:id',
    notFound: 4007,
    messages: {
      all: 'All specified policies were deleted',
      some: 'Some policies were not deleted',
      none: 'No policy was deleted',
    },
    ids: LISTS.policies.ids,
    present: presentPolicy,
    remove: (state, id) => state.accounts.deletePolicy(id),
  },
  rules: {
    idParam: 'rule_ids',
    family: 'rule:id',
    notFound: 4022,
    messages: {
      all: 'All specified security rules were deleted',
      some: 'Some security rules were not deleted',
      none: 'No security rule was deleted',
    },
    ids: LISTS.rules.ids,
    present: presentRule,
    remove: (state, id) => {
      state.accounts.deleteRule(id);
      state.tokens.revokeRunAs();
    },
  },
};

/** `DELETE /security/{roles|policies|rules}`: reserved ones fail with 4008 when named explicitly. */
export function deleteSecurityObjects(
  state: SimulatorState,
  session: Session,
  kind: keyof typeof DELETES,
  query: ParsedParams,
) {
  const spec = DELETES[kind];
  const result = new AffectedItems<Item>(spec.messages);
  const requested = requestedIds(query, spec.idParam);
  const ids = reachable(
    session,
    'security:delete',
    spec.family,
    requested,
    spec.ids(state),
    result,
  );
  for (const id of ids) {
    const item = spec.present(state, id);
    if (id <= MAX_RESERVED_ID) {
      if (requested !== undefined) result.fail(4008, id);
    } else if (!item) result.fail(spec.notFound, id);
    else {
      spec.remove(state, id);
      result.items.push(item);
    }
  }
  return result.render();
}

interface RoleLinkKind {
  idParam: string;
  family: Family;
  field: 'policyIds' | 'ruleIds';
  notFound: ErrorCode;
  exists: ErrorCode;
  missing: ErrorCode;
  noun: string;
  has(state: SimulatorState, id: number): boolean;
  /** Which id must be above the reserved range for the link to change: the role's or the target's. */
  reservedBy: 'role' | 'target';
}

const ROLE_LINKS: Record<'policies' | 'rules', RoleLinkKind> = {
  policies: {
    idParam: 'policy_ids',
    family: 'policy:id',
    field: 'policyIds',
    notFound: 4007,
    exists: 4011,
    missing: 4010,
    noun: 'policies',
    has: (state, id) => state.accounts.policies.has(id),
    reservedBy: 'role',
  },
  rules: {
    idParam: 'rule_ids',
    family: 'rule:id',
    field: 'ruleIds',
    notFound: 4022,
    exists: 4023,
    missing: 4024,
    noun: 'security rules',
    has: (state, id) => state.accounts.rules.has(id),
    reservedBy: 'target',
  },
};

/** `POST|DELETE /security/roles/{role_id}/{policies|rules}`. */
export function linkRoleObjects(
  state: SimulatorState,
  session: Session,
  roleId: number,
  kind: keyof typeof ROLE_LINKS,
  query: ParsedParams,
  link: boolean,
) {
  const spec = ROLE_LINKS[kind];
  const action = link ? 'security:update' : 'security:delete';
  requireReach(session, action, 'role:id', roleId);
  const role = state.accounts.roles.get(roleId);
  if (!link && !role) throw codedProblem(4002);
  const result = new AffectedItems<Item>(
    link
      ? {
          all: `All ${spec.noun} were linked to role ${roleId}`,
          some: `Some ${spec.noun} were not linked to role ${roleId}`,
          none: `No link was created to role ${roleId}`,
        }
      : {
          all: `All ${spec.noun} were unlinked from role ${roleId}`,
          some: `Some ${spec.noun} were not unlinked from role ${roleId}`,
          none: `No ${kind === 'policies' ? 'policy' : 'security rule'} was unlinked from role ${roleId}`,
        },
  );
  const requested = requestedIds(query, spec.idParam);
  const existing = role ? [...role[spec.field]] : [];
  const ids = reachable(session, action, spec.family, requested, existing, result);
  let position = query.position as number | undefined;
  let changed = 0;
  for (const id of ids) {
    const reserved = (spec.reservedBy === 'role' ? roleId : id) <= MAX_RESERVED_ID;
    if (reserved) result.fail(4008, spec.reservedBy === 'role' ? roleId : id);
    else if (!role) result.fail(4002, roleId);
    else if (!spec.has(state, id)) result.fail(spec.notFound, id);
    else if (link && role[spec.field].includes(id)) result.fail(spec.exists, id);
    else if (!link && !role[spec.field].includes(id)) result.fail(spec.missing, id);
    else {
      if (!link) role[spec.field] = role[spec.field].filter((linked) => linked !== id);
      else if (position === undefined) role[spec.field].push(id);
      else role[spec.field].splice(position++, 0, id);
      changed++;
    }
  }
  if (role && changed > 0) {
    if (kind === 'rules') state.tokens.revokeRunAs();
    state.accounts.changed();
    result.items.push(presentRole(state, role));
    result.total = changed;
  }
  return result.render();
}

// ------------------------------------------------------------------ the RBAC catalogue

/** `GET /security/actions`: every action with its resource types, example and the endpoints using it. */
export function rbacActions(session: Session, endpoint: string | undefined) {
  requireResourceless(session, 'security:read_config');
  const endpoints = CATALOGUE.routes.map((route) => `${route.method} ${route.path}`);
  if (endpoint !== undefined && !endpoints.includes(endpoint))
    throw codedProblem(4020, { remediationExtra: JSON.stringify(endpoints) });
  const data: Record<string, Item> = {};
  for (const route of CATALOGUE.routes) {
    const name = `${route.method} ${route.path}`;
    if (endpoint !== undefined && name !== endpoint) continue;
    for (const action of route.rbacActions ?? []) {
      const known = RBAC_CATALOGUE.actions[action];
      if (!known) continue;
      const entry = (data[action] ??= { ...known, related_endpoints: [] as string[] });
      (entry.related_endpoints as string[]).push(name);
    }
  }
  return dataResult(data);
}

/** `GET /security/resources`: the resource types policies may name. */
export function rbacResources(session: Session, resource: string | undefined) {
  requireResourceless(session, 'security:read_config');
  // The query's enum already limits `resource` to known types.
  const all = RBAC_CATALOGUE.resources;
  return dataResult(
    Object.fromEntries((resource === undefined ? all : [resource]).map((name) => [name, {}])),
  );
}
