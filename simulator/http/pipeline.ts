/**
 * One API request from socket to response, in the managed API's order: request limit → login IP block →
 * daemon gate → routing (404/405) → authentication → parameter and body validation → handler (which does
 * RBAC). Fault knobs act around it: refused connections, latency, random failures, and body faults.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import catalogueJson from '../../catalogue/routes.json';
import type { RouteCatalogue, RouteEntry } from '../../catalogue/types';
import { bearerSession } from '../auth/session';
import { CONTROL_PREFIX, handleControl } from '../control';
import type { SimulatorState } from '../state';
import {
  MAX_AUTH_CONTEXT_BYTES,
  MAX_BODY_BYTES,
  authContextTooLarge,
  parseBody,
  readBody,
  tooLarge,
} from './body';
import type { HandlerTable, Reply, RequestContext } from './context';
import { ApiProblem, codedProblem, plainProblem } from './problem';
import { parsePathParams, parseQuery } from './params';
import { JSON_TYPE, PROBLEM_TYPE, send, serialise } from './respond';
import { RawJson } from './raw-json';
import { type RouteMatch, Router } from './router';

const CATALOGUE = catalogueJson as RouteCatalogue;
const LOGIN_PATHS = new Set(['/security/user/authenticate', '/security/user/authenticate/run_as']);
const RUN_AS_PATH = '/security/user/authenticate/run_as';
/** Paths the simulator serves beyond the document: the console table's singular form of "users/me". */
const ALIASES = { '/security/user/me': '/security/users/me' };
const DAEMONS_NOT_READY =
  'Some Wazuh daemons are not ready yet in node "node01" (wazuh-analysisd->restarting, wazuh-remoted->restarting)';

function failureProblem(state: SimulatorState): ApiProblem | 'reset' {
  switch (state.faults.failureKind) {
    case 'reset':
      return 'reset';
    case 'timeout':
      return codedProblem(3021);
    case 'daemons':
      return codedProblem(1017, { detail: DAEMONS_NOT_READY });
    default:
      return codedProblem(1000);
  }
}

const routeKeys = new WeakMap<RouteEntry, string>();

/** `<METHOD> <path template>`, built once per route. */
function routeKey(route: RouteEntry): string {
  let key = routeKeys.get(route);
  if (key === undefined) {
    key = `${route.method} ${route.path}`;
    routeKeys.set(route, key);
  }
  return key;
}

function count(record: Record<string, number>, key: string): void {
  record[key] = (record[key] ?? 0) + 1;
}

async function readRequestBody(route: RouteEntry, request: IncomingMessage): Promise<unknown> {
  if (!route.body) return undefined;
  const limit = route.path === RUN_AS_PATH ? MAX_AUTH_CONTEXT_BYTES : MAX_BODY_BYTES;
  const raw = await readBody(request, limit, (bytes) =>
    route.path === RUN_AS_PATH ? authContextTooLarge() : tooLarge(limit, bytes),
  );
  return parseBody(route.body, raw, request.headers['content-type']);
}

export function createPipeline(state: SimulatorState, handlers: HandlerTable) {
  const router = new Router(CATALOGUE, ALIASES);

  async function respond(
    match: RouteMatch | undefined,
    request: IncomingMessage,
    pathname: string,
    search: URLSearchParams,
  ): Promise<Reply> {
    const isLogin =
      LOGIN_PATHS.has(pathname) && (request.method === 'GET' || request.method === 'POST');
    const clientIp = request.socket.remoteAddress ?? 'unknown';
    if (isLogin) state.loginGuard?.assertAllowed(clientIp);
    try {
      if (state.faults.latencyMs > 0) await state.options.pause(state.faults.latencyMs);
      if (!match) throw plainProblem(404, 'Not Found', '404: Not Found');
      if (state.faults.daemonsNotReady || state.now() < state.managerRestartEndsAt)
        throw codedProblem(1017, { detail: DAEMONS_NOT_READY });
      const { route } = match;
      const session = route.basicAuth
        ? undefined
        : bearerSession(state, request.headers.authorization);
      const context: RequestContext = {
        route,
        query: parseQuery(route.queryParams, search),
        path: parsePathParams(route.pathParams, match.params),
        body: undefined,
        headers: request.headers,
        clientIp,
        session,
      };
      context.body = await readRequestBody(route, request);
      const handler = handlers[routeKey(route)];
      if (!handler)
        throw plainProblem(
          501,
          'Not Implemented',
          `The simulator does not serve ${route.method} ${route.path}`,
        );
      return await handler(context);
    } catch (error) {
      if (isLogin && error instanceof ApiProblem && error.status === 401) {
        state.stats.failedLogins++;
        state.loginGuard?.recordFailure(clientIp);
      }
      throw error;
    }
  }

  return async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = request.url ?? '/';
    const queryAt = url.indexOf('?');
    const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
    if (state.options.controlPath && pathname.startsWith(CONTROL_PREFIX))
      return handleControl(state, request, response, pathname);
    state.stats.requests++;
    if (state.faults.refuseConnections) {
      request.socket.destroy();
      return;
    }
    const search = new URLSearchParams(queryAt < 0 ? '' : url.slice(queryAt + 1));
    const pretty = search.get('pretty') === 'true';
    const lookup = router.lookup(request.method ?? 'GET', pathname);
    const match = 'match' in lookup ? lookup.match : undefined;
    count(state.stats.byRoute, match ? routeKey(match.route) : 'unmatched');
    let outgoing: Outgoing;
    try {
      if (state.faults.failureRate > 0 && state.random() < state.faults.failureRate) {
        const failure = failureProblem(state);
        if (failure === 'reset') {
          request.socket.destroy();
          return;
        }
        throw failure;
      }
      state.rateLimiter?.take();
      if ('status' in lookup && lookup.status === 405)
        throw plainProblem(405, 'Method Not Allowed', '405: Method Not Allowed');
      outgoing = replyPayload(await respond(match, request, pathname, search), pretty);
    } catch (error) {
      outgoing = problemPayload(error, pretty);
    }
    count(state.stats.byStatus, String(outgoing.status));
    await send(
      response,
      outgoing.status,
      outgoing.contentType,
      outgoing.payload,
      state.faults,
      state.options.pause,
      outgoing.headers,
    );
  };
}

interface Outgoing {
  status: number;
  contentType: string;
  payload: string;
  headers?: Record<string, string>;
}

function replyPayload(reply: Reply, pretty: boolean): Outgoing {
  const { body } = reply;
  const base = { status: reply.status ?? 200, headers: reply.headers };
  if (typeof body === 'string')
    return { ...base, contentType: reply.contentType ?? 'text/plain', payload: body };
  const contentType = reply.contentType ?? JSON_TYPE;
  if (body instanceof RawJson)
    return {
      ...base,
      contentType,
      payload: pretty ? serialise(JSON.parse(body.json), true) : body.json,
    };
  return { ...base, contentType, payload: serialise(body, pretty) };
}

/** Problems as the API sends them; anything unexpected becomes the API's catch-all 1000. */
function problemPayload(error: unknown, pretty: boolean): Outgoing {
  const problem =
    error instanceof ApiProblem ? error : codedProblem(1000, { extra: (error as Error).message });
  return {
    status: problem.status,
    contentType: PROBLEM_TYPE,
    payload: serialise(problem.body, pretty),
    headers: problem.headers,
  };
}
