/**
 * @jest-environment ./test/jsdom-with-fetch-environment.js
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deferred } from '../../../test/support/waiting';
import type { HttpSetup } from '../types';
import { AnonymousPaths } from './anonymous-paths';
import { BasePath } from './base-path';
import { HttpClient } from './http-client';
import { HttpFetchError } from '../errors';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type Reply = { status: number; headers?: Record<string, string>; body?: string };

/** A local server that records each request and answers from a route table. */
function startServer(
  routes: Record<string, Reply>,
): Promise<{ server: Server; origin: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
      });
      const reply = routes[`${request.method} ${(request.url ?? '').split('?')[0]}`] ?? {
        status: 404,
        body: '{"statusCode":404,"error":"Not Found","message":"Not Found"}',
      };
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      response.end(reply.body);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        seen,
      }),
    ),
  );
}

const json = (value: unknown, status = 200): Reply => ({ status, body: JSON.stringify(value) });

describe('core.http', () => {
  let server: Server;
  let origin: string;
  let seen: Seen[];
  let sessionExpired: jest.Mock;
  let expired = deferred();

  async function client(
    routes: Record<string, Reply>,
    { basePath = '/svc', page = '/svc/app/agents' } = {},
  ): Promise<HttpSetup> {
    ({ server, origin, seen } = await startServer(routes));
    expired = deferred();
    sessionExpired = jest.fn(() => expired.resolve());
    const base = new BasePath(basePath);
    const anonymousPaths = new AnonymousPaths(base);
    anonymousPaths.register('/login');
    const location = () => new URL(`${origin}${page}`) as unknown as Location;
    return new HttpClient({
      basePath: base,
      anonymousPaths,
      version: '1.2.3',
      onSessionExpired: sessionExpired,
      location,
    }).asContract();
  }

  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('adds the base path, the query, osd-xsrf and the JSON content type', async () => {
    const http = await client({ 'GET /svc/api/hosts': json({ hosts: [] }) });
    await expect(
      http.get('/api/hosts', {
        query: { page: 2, tag: ['a', 'b'], missing: undefined, none: null },
      }),
    ).resolves.toEqual({ hosts: [] });
    expect(seen[0].url).toBe('/svc/api/hosts?page=2&tag=a&tag=b');
    expect(seen[0].headers).toMatchObject({
      'osd-xsrf': 'osd-fetch',
      'osd-version': '1.2.3',
      'content-type': 'application/json',
    });
  });

  it('sends the body as given and accepts the (options) form', async () => {
    const http = await client({ 'POST /svc/api/request': json({ data: 1 }) });
    await http.fetch({
      path: '/api/request',
      method: 'POST',
      body: JSON.stringify({ method: 'GET', path: '/agents' }),
    });
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"method":"GET","path":"/agents"}' });
  });

  it('leaves the base path off when asked, and drops a header set to undefined', async () => {
    const http = await client({
      'GET /api/status': { status: 200, headers: { 'content-type': 'text/plain' }, body: 'green' },
    });
    await expect(
      http.get('/api/status', { prependBasePath: false, headers: { 'Content-Type': undefined } }),
    ).resolves.toBe('green');
    expect(seen[0].headers['content-type']).toBeUndefined();
  });

  it('refuses headers of its own and malformed arguments without sending anything', async () => {
    const http = await client({});
    await expect(http.get('/api/x', { headers: { 'osd-xsrf': 'mine' } })).rejects.toThrow(
      'Invalid fetch headers, headers beginning with "osd-" are not allowed: [osd-xsrf]',
    );
    await expect(
      (http.get as unknown as (a: unknown, b: unknown) => Promise<unknown>)(42, 'x'),
    ).rejects.toThrow(
      'Invalid fetch arguments, must either be (string, object) or (object, undefined), received (number, string)',
    );
    expect(seen).toHaveLength(0);
  });

  it('rejects a non-2xx answer with an HttpFetchError carrying the server error body', async () => {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      message: '[request body.url]: expected value of type [string] but got [undefined]',
    };
    const http = await client({ 'POST /svc/hosts/apis': json(body, 400) });
    const error = (await http
      .post('/hosts/apis', { body: '{}' })
      .catch((caught) => caught)) as HttpFetchError;
    expect(error).toBeInstanceOf(HttpFetchError);
    expect(error.message).toBe('Bad Request');
    expect(error.body).toEqual(body);
    expect(error.response?.status).toBe(400);
    expect(error.request.url).toBe(`${origin}/svc/hosts/apis`);
  });

  it('resolves the response and the body with asResponse', async () => {
    const http = await client({
      'GET /svc/api/x': { status: 200, headers: { 'x-total': '7' }, body: '{"ok":true}' },
    });
    const result = await http.get('/api/x', { asResponse: true });
    expect(result.body).toEqual({ ok: true });
    expect(result.response?.headers.get('x-total')).toBe('7');
  });

  it('rejects a network failure with an HttpFetchError without a response', async () => {
    const http = await client({});
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server = createServer().listen(0);
    const error = (await http.get('/api/x').catch((caught) => caught)) as HttpFetchError;
    expect(error).toBeInstanceOf(HttpFetchError);
    expect(error.response).toBeUndefined();
  });

  it('sends the user to the login page when a 401 comes from an ended session', async () => {
    const unauthorized = json(
      { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' },
      401,
    );
    const http = await client({
      'GET /svc/api/hosts': unauthorized,
      'GET /svc/api/v1/auth/authinfo': unauthorized,
    });
    let settled = false;
    void http.get('/api/hosts').finally(() => (settled = true));
    await expired.promise;
    expect(sessionExpired).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);
  });

  it('keeps the user on the page when the session is alive (a 401 passed through from a managed API)', async () => {
    const http = await client({
      'POST /svc/api/request': json(
        { title: 'Unauthorized', detail: 'Invalid credentials', error: 401 },
        401,
      ),
      'GET /svc/api/v1/auth/authinfo': json({
        user_name: 'admin',
        roles: ['admin'],
        backend_roles: [],
      }),
    });
    const error = (await http
      .post('/api/request', { body: '{}' })
      .catch((caught) => caught)) as HttpFetchError;
    expect(error.body).toMatchObject({ detail: 'Invalid credentials' });
    expect(sessionExpired).not.toHaveBeenCalled();
  });

  it('shows a 401 on the login page instead of leaving it', async () => {
    const http = await client(
      {
        'POST /svc/auth/login': json(
          { statusCode: 401, error: 'Unauthorized', message: 'Invalid username or password' },
          401,
        ),
      },
      { page: '/svc/login' },
    );
    const error = (await http
      .post('/auth/login', { body: '{}' })
      .catch((caught) => caught)) as HttpFetchError;
    expect(error.body?.message).toBe('Invalid username or password');
    expect(sessionExpired).not.toHaveBeenCalled();
    expect(seen.map((request) => request.url)).toEqual(['/svc/auth/login']);
  });
});
