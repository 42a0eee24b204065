/**
 * Turns an `Authorization` header into the caller: HTTP Basic for the login routes, a bearer token for
 * everything else, with the managed API's exact 401 details for each way a header can be wrong.
 */
import type { Session } from '../http/context';
import { unauthorized } from '../http/problem';
import type { SimulatorState } from '../state';

export interface BasicCredentials {
  username: string;
  password: string;
}

export function parseBasic(header: string | undefined): BasicCredentials | undefined {
  const match = header && /^Basic\s+(\S+)\s*$/i.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0
    ? undefined
    : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function bearerSession(state: SimulatorState, header: string | undefined): Session {
  if (!header || !/^bearer\b/i.test(header)) throw unauthorized.noToken();
  const token = header.slice(6).trim();
  if (!token) throw unauthorized.invalidHeader();
  const claims = state.tokens.check(token);
  const user = state.accounts.user(claims.sub);
  if (!user) throw unauthorized.invalidToken();
  // Tokens of users without run_as must still carry the user's current roles.
  if (!user.allowRunAs && claims.rbac_roles.join(',') !== user.roleIds.join(','))
    throw unauthorized.invalidToken();
  return {
    username: user.username,
    userId: user.id,
    roleIds: claims.rbac_roles,
    runAs: claims.run_as,
    permissions: state.accounts.permissions(claims.rbac_roles),
    token,
  };
}
