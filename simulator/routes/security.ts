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
import { rolesForContext } from '../rbac/run-as-rules';
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
    const roleIds = state.accounts.roleIdsByName(rolesForContext(state.runAsRules, authContext));
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
        const rules = state.runAsRules
          .filter((rule) => rule.roles.includes(role.name))
          .map(({ id: ruleId, name, rule }) => ({ id: ruleId, name, rule }));
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

  return {
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
