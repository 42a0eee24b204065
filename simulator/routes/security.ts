/** Login, run_as login, logout, token revocation and the caller's own user and permissions. */
import { parseBasic } from '../auth/session';
import {
  type Handler,
  type HandlerTable,
  type Reply,
  type RequestContext,
  caller,
} from '../http/context';
import { AffectedItems, dataResult } from '../http/envelope';
import { ApiProblem, codedProblem, unauthorized } from '../http/problem';
import { requireResourceless } from '../rbac/guard';
import { permissionsToJson } from '../rbac/permissions';
import {
  createPolicy,
  createRole,
  createRule,
  createUser,
  deleteSecurityObjects,
  deleteUsers,
  editRunAs,
  linkRoleObjects,
  linkUserRoles,
  listSecurityObjects,
  rbacActions,
  rbacResources,
  renameRole,
  updatePolicy,
  updateRule,
  updateUserPassword,
} from '../services/security';
import type { PolicyDocument } from '../rbac/policies';
import type { SimulatorState } from '../state';

function tokenReply(context: RequestContext, token: string): Reply {
  return context.query.raw === true
    ? { body: token, contentType: 'text/plain' }
    : { body: dataResult({ token }) };
}

export function securityHandlers(state: SimulatorState): HandlerTable {
  const login: Handler = (context) => {
    const credentials = parseBasic(context.headers.authorization);
    const user =
      credentials && state.accounts.authenticate(credentials.username, credentials.password);
    if (!user) throw unauthorized.invalidCredentials();
    state.stats.logins++;
    return tokenReply(context, state.tokens.issue(user.username, user.roleIds));
  };

  const deprecatedLogin: Handler = async (context) => {
    const reply = await login(context);
    return {
      ...reply,
      headers: { Deprecated: 'true', Link: '</security/user/authenticate>; rel="Deprecated"' },
    };
  };

  const runAsLogin: Handler = (context) => {
    const credentials = parseBasic(context.headers.authorization);
    const user =
      credentials && state.accounts.authenticate(credentials.username, credentials.password);
    if (!user) throw unauthorized.invalidCredentials();
    if (!user.allowRunAs) throw codedProblem(6004);
    const authContext = context.body ?? {};
    if (typeof authContext !== 'object' || Array.isArray(authContext) || authContext === null) {
      throw new ApiProblem(400, {
        title: 'Bad Request',
        detail: `${JSON.stringify(authContext)} is not of type 'object'`,
      });
    }
    const roleIds = state.accounts.roleIdsForContext(authContext);
    state.stats.logins++;
    return tokenReply(context, state.tokens.issue(user.username, roleIds, authContext));
  };

  const logout: Handler = (context) => {
    const self = caller(context);
    state.tokens.revokeUser(self.username);
    return { body: { message: `User ${self.username} was successfully logged out`, error: 0 } };
  };

  const revoke: Handler = (context) => {
    requireResourceless(caller(context), 'security:revoke');
    state.tokens.revokeAll();
    return { body: { message: 'Tokens were successfully revoked', error: 0 } };
  };

  const me: Handler = (context) => {
    const self = caller(context);
    const user = state.accounts.user(self.username);
    const result = new AffectedItems<Record<string, unknown>>({
      all: 'Current user information was returned',
      some: 'Current user information was returned',
      none: 'No user information was returned',
    });
    if (user) {
      const roles = self.roleIds.flatMap((id) => {
        const role = state.accounts.role(id);
        if (!role) return [];
        const rules = (state.accounts.roles.get(id)?.ruleIds ?? []).flatMap(
          (ruleId) => state.accounts.rules.get(ruleId) ?? [],
        );
        return [{ id: role.id, name: role.name, policies: role.policies, rules }];
      });
      result.items.push({
        id: user.id,
        username: user.username,
        allow_run_as: user.allowRunAs,
        roles,
      });
    }
    return { body: result.render() };
  };

  const myPolicies: Handler = (context) => ({
    body: dataResult(
      permissionsToJson(caller(context).permissions),
      'Current user processed policies information was returned',
    ),
  });

  const id = (context: RequestContext, name: string) => Number(context.path[name]);
  return {
    ...managementHandlers(state, id),
    'POST /security/user/authenticate': login,
    'GET /security/user/authenticate': deprecatedLogin,
    'POST /security/user/authenticate/run_as': runAsLogin,
    'DELETE /security/user/authenticate': logout,
    'PUT /security/user/revoke': revoke,
    'GET /security/users/me': me,
    'GET /security/user/me': me,
    'GET /security/users/me/policies': myPolicies,
  };
}

/** Users, roles, policies, security rules and the RBAC catalogue (`services/security.ts`). */
function managementHandlers(
  state: SimulatorState,
  id: (context: RequestContext, name: string) => number,
): HandlerTable {
  const reply = (body: unknown): Reply => ({ body });
  return {
    'GET /security/users': (c) => reply(listSecurityObjects(state, caller(c), 'users', c.query)),
    'POST /security/users': (c) =>
      reply(createUser(state, caller(c), c.body as { username: string; password: string })),
    'DELETE /security/users': (c) => reply(deleteUsers(state, caller(c), c.query)),
    'PUT /security/users/{user_id}': (c) =>
      reply(
        updateUserPassword(state, caller(c), id(c, 'user_id'), c.body as { password?: string }),
      ),
    'PUT /security/users/{user_id}/run_as': (c) =>
      reply(editRunAs(state, caller(c), id(c, 'user_id'), c.query.allow_run_as === true)),
    'POST /security/users/{user_id}/roles': (c) =>
      reply(linkUserRoles(state, caller(c), id(c, 'user_id'), c.query, true)),
    'DELETE /security/users/{user_id}/roles': (c) =>
      reply(linkUserRoles(state, caller(c), id(c, 'user_id'), c.query, false)),
    'GET /security/roles': (c) => reply(listSecurityObjects(state, caller(c), 'roles', c.query)),
    'POST /security/roles': (c) => reply(createRole(state, caller(c), c.body as { name: string })),
    'DELETE /security/roles': (c) =>
      reply(deleteSecurityObjects(state, caller(c), 'roles', c.query)),
    'PUT /security/roles/{role_id}': (c) =>
      reply(renameRole(state, caller(c), id(c, 'role_id'), c.body as { name?: string })),
    'POST /security/roles/{role_id}/policies': (c) =>
      reply(linkRoleObjects(state, caller(c), id(c, 'role_id'), 'policies', c.query, true)),
    'DELETE /security/roles/{role_id}/policies': (c) =>
      reply(linkRoleObjects(state, caller(c), id(c, 'role_id'), 'policies', c.query, false)),
    'POST /security/roles/{role_id}/rules': (c) =>
      reply(linkRoleObjects(state, caller(c), id(c, 'role_id'), 'rules', c.query, true)),
    'DELETE /security/roles/{role_id}/rules': (c) =>
      reply(linkRoleObjects(state, caller(c), id(c, 'role_id'), 'rules', c.query, false)),
    'GET /security/policies': (c) =>
      reply(listSecurityObjects(state, caller(c), 'policies', c.query)),
    'POST /security/policies': (c) =>
      reply(createPolicy(state, caller(c), c.body as { name: string; policy: PolicyDocument })),
    'DELETE /security/policies': (c) =>
      reply(deleteSecurityObjects(state, caller(c), 'policies', c.query)),
    'PUT /security/policies/{policy_id}': (c) =>
      reply(
        updatePolicy(
          state,
          caller(c),
          id(c, 'policy_id'),
          c.body as { name?: string; policy?: PolicyDocument },
        ),
      ),
    'GET /security/rules': (c) => reply(listSecurityObjects(state, caller(c), 'rules', c.query)),
    'POST /security/rules': (c) =>
      reply(createRule(state, caller(c), c.body as { name: string; rule: unknown })),
    'DELETE /security/rules': (c) =>
      reply(deleteSecurityObjects(state, caller(c), 'rules', c.query)),
    'PUT /security/rules/{rule_id}': (c) =>
      reply(
        updateRule(state, caller(c), id(c, 'rule_id'), c.body as { name?: string; rule?: unknown }),
      ),
    'GET /security/actions': (c) =>
      reply(rbacActions(caller(c), c.query.endpoint as string | undefined)),
    'GET /security/resources': (c) =>
      reply(rbacResources(caller(c), c.query.resource as string | undefined)),
  };
}
