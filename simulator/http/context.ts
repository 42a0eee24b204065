/** What a route handler receives and returns. */
import type { IncomingHttpHeaders } from 'node:http';
import type { RouteEntry } from '../../catalogue/types';
import type { ProcessedPermissions } from '../rbac/permissions';
import type { ParamValue, ParsedParams } from './params';

/** The authenticated caller of a bearer-token request. */
export interface Session {
  username: string;
  userId: number;
  roleIds: number[];
  runAs: boolean;
  permissions: ProcessedPermissions;
  token: string;
}

export interface RequestContext {
  route: RouteEntry;
  query: ParsedParams;
  path: Record<string, ParamValue>;
  /** Parsed JSON body (undefined when none was sent). */
  body: unknown;
  headers: IncomingHttpHeaders;
  clientIp: string;
  /** Present on every route except the Basic-auth login routes. */
  session?: Session;
}

export interface Reply {
  status?: number;
  body: unknown;
  /** Defaults to `application/json`; a string body is sent as is. */
  contentType?: string;
  headers?: Record<string, string>;
}

export type Handler = (context: RequestContext) => Reply | Promise<Reply>;

/** Handlers keyed by `<METHOD> <path template>` as the catalogue writes them. */
export type HandlerTable = Record<string, Handler>;

/** The session of a bearer-token route (the server guarantees one on every route but the logins). */
export function caller(context: RequestContext): Session {
  if (!context.session)
    throw new Error(`${context.route.method} ${context.route.path} requires a bearer session`);
  return context.session;
}
