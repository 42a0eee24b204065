/**
 * Test support: a small managed-API stand-in on a local node:http (or https) server, with just what the
 * client's unit tests need to observe (logins, bearer checks, revocation, slow/broken answers).
 * Integration tests use the full simulator in simulator/ instead; route handlers get the raw response,
 * so a test can make the host misbehave (huge, endless, cut-short or mislabelled answers).
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import type { ResolvedApiHost } from '../../plugins/main/server/services/managed-api/managed-api-service';

interface UpstreamRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface TestUpstreamOptions {
  username?: string;
  password?: string;
  tokenLifetimeSeconds?: number;
  tls?: { key: string; cert: string };
  /** Refusals quote the credentials they got, as a careless host might. */
  echoCredentials?: boolean;
}

type RouteHandler = (request: UpstreamRequest, response: http.ServerResponse) => void;

export interface TestUpstream {
  url: string;
  port: number;
  requests: UpstreamRequest[];
  logins: UpstreamRequest[];
  /** Every token issued so far stops working (as `PUT /security/user/revoke` does). */
  revokeAll(): void;
  route(method: string, path: string, handler: RouteHandler): void;
  stop(): Promise<void>;
}

const SECRET = 'test-upstream-secret';

function json(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  contentType = 'application/json',
): void {
  response.writeHead(status, { 'content-type': contentType });
  response.end(JSON.stringify(body));
}

export async function startTestUpstream(options: TestUpstreamOptions = {}): Promise<TestUpstream> {
  const username = options.username ?? 'wazuh-wui';
  const password = options.password ?? 'wazuh-wui-password';
  const requests: UpstreamRequest[] = [];
  const logins: UpstreamRequest[] = [];
  const routes = new Map<string, RouteHandler>();
  let generation = 0;

  const issue = (subject: string, runAs: unknown): string =>
    jwt.sign({ sub: subject, run_as: runAs !== undefined, generation, context: runAs }, SECRET, {
      expiresIn: options.tokenLifetimeSeconds ?? 900,
    });

  const handle = (request: UpstreamRequest, response: http.ServerResponse): void => {
    const path = request.url.split('?')[0];
    if (
      request.method === 'POST' &&
      (path === '/security/user/authenticate' || path === '/security/user/authenticate/run_as')
    ) {
      logins.push(request);
      const basic = Buffer.from(
        (request.headers.authorization ?? '').replace(/^Basic /, ''),
        'base64',
      ).toString('utf8');
      if (basic !== `${username}:${password}`)
        return json(
          response,
          401,
          {
            title: 'Unauthorized',
            detail: options.echoCredentials
              ? `Invalid credentials ${basic} (${request.headers.authorization})`
              : 'Invalid credentials',
          },
          'application/problem+json',
        );
      const runAs = path.endsWith('run_as') ? JSON.parse(request.body || '{}') : undefined;
      return json(response, 200, { data: { token: issue(username, runAs) }, error: 0 });
    }
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    try {
      const claims = jwt.verify(bearer, SECRET) as { generation: number };
      if (claims.generation !== generation) throw new Error('revoked');
    } catch {
      return json(
        response,
        401,
        {
          title: 'Unauthorized',
          detail: options.echoCredentials ? `Invalid token ${bearer}` : 'Invalid token',
        },
        'application/problem+json',
      );
    }
    const handler = routes.get(`${request.method} ${path}`);
    if (!handler)
      return json(
        response,
        404,
        { title: 'Not Found', detail: '404: Not Found' },
        'application/problem+json',
      );
    handler(request, response);
  };

  const listener = (incoming: http.IncomingMessage, response: http.ServerResponse): void => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request = {
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      handle(request, response);
    });
  };
  const server = options.tls
    ? https.createServer(options.tls, listener)
    : http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1`,
    port,
    requests,
    logins,
    revokeAll: () => {
      generation += 1;
    },
    route: (method, path, handler) => routes.set(`${method} ${path}`, handler),
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The stored host `prod` on this upstream, as the managed-API client resolves it. */
export function upstreamHost(
  upstream: TestUpstream,
  password: string,
  overrides: Partial<ResolvedApiHost> = {},
): ResolvedApiHost {
  return {
    id: 'prod',
    url: upstream.url,
    port: upstream.port,
    username: 'wazuh-wui',
    run_as: false,
    tls_verify: true,
    version: 'v1',
    readPassword: () => password,
    ...overrides,
  };
}

export { json as sendJson };
