import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { deferred } from '../../../test/support/waiting';
import { schema } from '../../schema';
import { savedObjectsErrors } from '../errors';
import { createRecordingLogger } from '../logging/test-recording-logger';
import { CORE_OWNER } from './context-container';
import { HttpService } from './http-service';
import { startTestHttpServer, TEST_USERS, type TestHttpServer } from './test-utils';

const ALICE = { authorization: 'user alice' };
const XSRF = { 'osd-xsrf': 'test' };
const PLUGIN = Symbol('plugin');

async function call(
  server: TestHttpServer,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string } = {},
) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...ALICE, ...XSRF, ...init.headers },
    body: init.body,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

describe('HTTP service: router, validation and errors', () => {
  let server: TestHttpServer;
  const seen: unknown[] = [];
  /** Each slow route got its request, and later saw the client go (its signal, its connection). */
  const slow = {
    '/api/slow': { started: deferred(), aborted: deferred() },
    '/api/slow-connection': { started: deferred(), aborted: deferred() },
  };

  beforeAll(async () => {
    server = await startTestHttpServer((http) => {
      const router = http.createRouter(PLUGIN);
      router.post(
        {
          path: '/api/items/{id}',
          validate: {
            params: schema.object({ id: schema.number() }),
            query: schema.object({ force: schema.boolean({ defaultValue: false }) }),
            body: schema.object({
              name: schema.string(),
              tags: schema.arrayOf(schema.string(), { defaultValue: [] }),
            }),
          },
        },
        async (_context, request, response) =>
          response.ok({
            body: { params: request.params, query: request.query, body: request.body },
          }),
      );
      router.get(
        {
          path: '/api/fn',
          validate: {
            query: (data, { ok, badRequest }) =>
              (data as { q?: string }).q === 'good' ? ok(data) : badRequest('Wrong payload', ['q']),
          },
        },
        async (_context, request, response) =>
          response.ok({ body: request.query as Record<string, unknown> }),
      );
      router.get({ path: '/api/raw', validate: false }, async (_context, request, response) =>
        response.ok({ body: { query: request.query, params: request.params } }),
      );
      router.get(
        {
          path: '/api/files/{path*}',
          validate: { params: schema.object({ path: schema.maybe(schema.string()) }) },
        },
        async (_c, request, response) =>
          response.ok({ body: request.params as Record<string, unknown> }),
      );
      router.get(
        {
          path: '/api/optional/{id?}',
          validate: { params: schema.object({ id: schema.maybe(schema.string()) }) },
        },
        async (_c, request, response) =>
          response.ok({ body: request.params as Record<string, unknown> }),
      );
      router.get({ path: '/api/throws', validate: false }, async () => {
        throw new Error('database on fire');
      });
      router.get(
        { path: '/api/not-a-response', validate: false },
        async () => ({ status: 200 }) as never,
      );
      router.get(
        { path: '/api/boom', validate: false },
        router.handleLegacyErrors(async () => {
          throw Object.assign(new Error('Saved object [t/1] not found'), {
            isBoom: true,
            output: {
              statusCode: 404,
              payload: {
                statusCode: 404,
                error: 'Not Found',
                message: 'Saved object [t/1] not found',
              },
              headers: {},
            },
          });
        }),
      );
      router.get(
        {
          path: '/api/errors/{kind}',
          validate: { params: schema.object({ kind: schema.string() }) },
        },
        async (_c, request, response) => {
          switch ((request.params as { kind: string }).kind) {
            case 'forbidden':
              return response.forbidden();
            case 'attributes':
              return response.badRequest({
                body: { message: 'bad host', attributes: { field: 'url' } },
              });
            case 'custom500':
              return response.customError({
                statusCode: 500,
                body: new Error('upstream exploded'),
              });
            case 'teapot':
              return response.custom({ statusCode: 418, body: 'short and stout' });
            case 'no-message':
              return response.customError({ statusCode: 502, body: { nope: true } as never });
            case 'buffer':
              return response.customError({
                statusCode: 502,
                body: Buffer.from('raw upstream') as never,
                headers: { 'content-type': 'text/plain' },
              });
            default:
              return response.notFound();
          }
        },
      );
      router.get(
        {
          path: '/api/shapes/{kind}',
          validate: { params: schema.object({ kind: schema.string() }) },
        },
        async (_c, request, response) => {
          switch ((request.params as { kind: string }).kind) {
            case 'string':
              return response.ok({ body: 'hello' });
            case 'buffer':
              return response.ok({ body: Buffer.from([1, 2, 3]) });
            case 'headers':
              return response.ok({
                body: {},
                headers: { 'x-one': '1', 'set-cookie': ['a=1', 'b=2'] },
              });
            case 'redirect':
              return response.redirected({ headers: { location: '/elsewhere' } });
            case 'bad-redirect':
              return response.redirected({ headers: {} as never });
            case 'accepted':
              return response.accepted({ body: { queued: true } });
            default:
              return response.noContent();
          }
        },
      );
      router.post(
        { path: '/api/echo', validate: { body: schema.maybe(schema.any()) } },
        async (_c, request, response) => response.ok({ body: { body: request.body } }),
      );
      router.post(
        {
          path: '/api/small',
          validate: { body: schema.any() },
          options: { body: { maxBytes: 10 } },
        },
        async (_c, _request, response) => response.ok({ body: {} }),
      );
      router.post(
        { path: '/api/no-xsrf', validate: false, options: { xsrfRequired: false } },
        async (_c, _r, response) => response.ok({ body: {} }),
      );
      router.get(
        { path: '/api/public', validate: false, options: { authRequired: false } },
        async (_c, request, response) =>
          response.ok({ body: { authenticated: request.auth.isAuthenticated } }),
      );
      router.get(
        { path: '/api/maybe-user', validate: false, options: { authRequired: 'optional' } },
        async (context, request, response) =>
          response.ok({
            body: {
              authenticated: request.auth.isAuthenticated,
              user: context.core.security.currentUser,
            },
          }),
      );
      router.get({ path: '/api/me', validate: false }, async (context, request, response) =>
        response.ok({
          body: {
            user: context.core.security.currentUser,
            tags: request.route.options.tags,
            path: request.url.pathname,
          },
        }),
      );
      router.post(
        {
          path: '/api/upload',
          validate: { body: schema.any() },
          options: { body: { output: 'stream', maxBytes: 64 } },
        },
        async (_c, request, response) => {
          const chunks: Buffer[] = [];
          try {
            for await (const chunk of request.body as Readable) chunks.push(chunk as Buffer);
          } catch (error) {
            return response.customError({ statusCode: 413, body: error as Error });
          }
          return response.ok({ body: { received: Buffer.concat(chunks).toString() } });
        },
      );
      router.get({ path: '/api/stream', validate: false }, async (_c, request, response) => {
        const body = Readable.from(
          (async function* () {
            for (let index = 0; index < 3; index += 1) yield `chunk-${index}\n`;
          })(),
        );
        seen.push(request.id);
        return response.ok({ body, headers: { 'content-type': 'text/plain' } });
      });
      router.post(
        {
          path: '/api/signal-after-body',
          validate: { body: schema.object({ note: schema.string() }) },
        },
        async (_c, request, response) => {
          // The request stream closes once its body is read: let that close be seen before asking,
          // and build the signal only then.
          await new Promise((resolve) => setImmediate(resolve));
          return response.ok({
            body: { aborted: request.signal.aborted, gone: request.connection.gone },
          });
        },
      );
      router.get({ path: '/api/slow', validate: false }, async (_c, request, response) => {
        const aborted = new Promise<void>((resolve) =>
          request.signal.addEventListener('abort', () => resolve()),
        );
        slow['/api/slow'].started.resolve();
        await aborted;
        slow['/api/slow'].aborted.resolve();
        return response.ok({ body: {} });
      });
      router.get(
        { path: '/api/slow-connection', validate: false },
        async (_c, request, response) => {
          const gone = new Promise<void>((resolve) => request.connection.onGone(resolve));
          slow['/api/slow-connection'].started.resolve();
          await gone;
          if (request.connection.gone) slow['/api/slow-connection'].aborted.resolve();
          return response.ok({ body: {} });
        },
      );
      http.registerOnPreResponse((_request, _response, toolkit) =>
        toolkit.next({ headers: { 'x-frame-options': 'SAMEORIGIN' } }),
      );
      http.registerRouteHandlerContext(CORE_OWNER, 'hostThing', () => ({ fromCore: true }));
    });
  });
  afterAll(() => server.stop());

  it('validates params, query and body and hands coerced values to the handler', async () => {
    const response = await call(server, 'POST', '/api/items/7?force=true', {
      body: JSON.stringify({ name: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({
      params: { id: 7 },
      query: { force: true },
      body: { name: 'x', tags: [] },
    });
  });

  it.each([
    [
      '/api/items/abc',
      { name: 'x' },
      '[request params.id]: expected value of type [number] but got [string]',
    ],
    [
      '/api/items/1?force=maybe',
      { name: 'x' },
      '[request query.force]: expected value of type [boolean] but got [string]',
    ],
    [
      '/api/items/1?zzz=1',
      { name: 'x' },
      '[request query.zzz]: definition for this key is missing',
    ],
    [
      '/api/items/1',
      {},
      '[request body.name]: expected value of type [string] but got [undefined]',
    ],
    [
      '/api/items/1',
      { name: 'x', tags: [1] },
      '[request body.tags.0]: expected value of type [string] but got [number]',
    ],
    [
      '/api/items/abc?force=maybe',
      {},
      '[request params.id]: expected value of type [number] but got [string]',
    ],
  ])('answers 400 with the first failure for %s %j', async (path, body, message) => {
    const response = await call(server, 'POST', path, {
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
  });

  it('reports a function validator failure under its path', async () => {
    expect((await call(server, 'GET', '/api/fn?q=bad')).json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: '[request query.q]: Wrong payload',
    });
    expect((await call(server, 'GET', '/api/fn?q=good')).json()).toEqual({ q: 'good' });
  });

  it('gives handlers {} for parts without validation', async () => {
    expect((await call(server, 'GET', '/api/raw?a=1')).json()).toEqual({ query: {}, params: {} });
  });

  it('maps hapi path parameters', async () => {
    expect((await call(server, 'GET', '/api/files/a/b/c.txt')).json()).toEqual({
      path: 'a/b/c.txt',
    });
    expect((await call(server, 'GET', '/api/files')).json()).toEqual({});
    expect((await call(server, 'GET', '/api/optional/42')).json()).toEqual({ id: '42' });
    expect((await call(server, 'GET', '/api/optional')).json()).toEqual({});
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const response = await call(server, 'POST', '/api/echo', {
      body: '{"a":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Invalid request payload JSON format',
    });
  });

  it('treats an empty JSON body as no body and parses forms and text', async () => {
    expect(
      (
        await call(server, 'POST', '/api/echo', { headers: { 'content-type': 'application/json' } })
      ).json(),
    ).toEqual({});
    expect(
      (
        await call(server, 'POST', '/api/echo', {
          body: 'a=1&a=2&b=x',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).json(),
    ).toEqual({
      body: { a: ['1', '2'], b: 'x' },
    });
    expect(
      (
        await call(server, 'POST', '/api/echo', {
          body: 'plain',
          headers: { 'content-type': 'text/plain' },
        })
      ).json(),
    ).toEqual({ body: 'plain' });
  });

  it('needs osd-xsrf on non-GET routes unless the route opts out', async () => {
    const missing = await fetch(`${server.url}/api/echo`, {
      method: 'POST',
      headers: { ...ALICE, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Request must contain a osd-xsrf header.',
    });
    const withVersion = await fetch(`${server.url}/api/echo`, {
      method: 'POST',
      headers: { ...ALICE, 'osd-version': '1.0.0' },
    });
    expect(withVersion.status).toBe(200);
    expect(
      (await fetch(`${server.url}/api/no-xsrf`, { method: 'POST', headers: ALICE })).status,
    ).toBe(200);
  });

  it('requires a login unless the route opts out', async () => {
    const anonymous = await fetch(`${server.url}/api/me`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Unauthorized',
    });
    expect(await (await fetch(`${server.url}/api/public`)).json()).toEqual({
      authenticated: false,
    });
    expect(await (await fetch(`${server.url}/api/maybe-user`)).json()).toEqual({
      authenticated: false,
      user: null,
    });
    expect((await call(server, 'GET', '/api/maybe-user')).json()).toEqual({
      authenticated: true,
      user: { username: 'alice', roles: ['admin'] },
    });
    expect((await call(server, 'GET', '/api/me')).json()).toEqual({
      user: { username: 'alice', roles: ['admin'] },
      tags: [],
      path: '/api/me',
    });
  });

  it('checks the login before XSRF and before reading the body', async () => {
    const response = await fetch(`${server.url}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(response.status).toBe(401);
  });

  it('answers 413 over the payload limit, per route or by default', async () => {
    const small = await call(server, 'POST', '/api/small', {
      body: JSON.stringify({ text: 'more than ten bytes' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(small.status).toBe(413);
    expect(small.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'Payload content length greater than maximum allowed: 10',
    });
    const big = await call(server, 'POST', '/api/echo', {
      body: JSON.stringify({ text: 'x'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.status).toBe(413);
  });

  it('enforces the limit on streamed bodies without a content length', async () => {
    const ok = await call(server, 'POST', '/api/upload', {
      body: 'short',
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(ok.json()).toEqual({ received: 'short' });
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = httpRequest(
        `${server.url}/api/upload`,
        {
          method: 'POST',
          headers: { ...ALICE, ...XSRF, 'content-type': 'application/octet-stream' },
        },
        (incoming) => {
          let body = '';
          incoming.on('data', (chunk) => (body += chunk));
          incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body }));
        },
      );
      outgoing.on('error', reject);
      for (let index = 0; index < 10; index += 1) outgoing.write('0123456789');
      outgoing.end();
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).message).toBe(
      'Payload content length greater than maximum allowed: 64',
    );
  });

  it('turns a throwing handler into a 500 and logs the stack', async () => {
    const response = await call(server, 'GET', '/api/throws');
    expect(response.status).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'An internal server error occurred.',
    });
    const record = server.logger.records.find((entry) => entry.message === 'database on fire');
    expect(record?.level).toBe('error');
    expect(record?.error?.stack).toContain('http-service.test.ts');
    expect(record?.meta).toMatchObject({ route: 'GET /api/throws' });
  });

  it('answers 500 when a handler returns something the factory did not make', async () => {
    expect((await call(server, 'GET', '/api/not-a-response')).status).toBe(500);
  });

  it('maps Boom-like errors through handleLegacyErrors', async () => {
    const response = await call(server, 'GET', '/api/boom');
    expect(response.status).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Saved object [t/1] not found',
    });
  });

  it.each([
    ['forbidden', 403, { statusCode: 403, error: 'Forbidden', message: 'Forbidden' }],
    [
      'attributes',
      400,
      { statusCode: 400, error: 'Bad Request', message: 'bad host', attributes: { field: 'url' } },
    ],
    [
      'custom500',
      500,
      { statusCode: 500, error: 'Internal Server Error', message: 'upstream exploded' },
    ],
    ['teapot', 418, { statusCode: 418, error: "I'm a Teapot", message: 'short and stout' }],
    [
      'no-message',
      500,
      {
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'An internal server error occurred.',
      },
    ],
    ['other', 404, { statusCode: 404, error: 'Not Found', message: 'Not Found' }],
  ])('renders error responses Boom-shaped (%s)', async (kind, status, body) => {
    const response = await call(server, 'GET', `/api/errors/${kind}`);
    expect(response.status).toBe(status);
    expect(response.json()).toEqual(body);
  });

  it('sends Buffer error bodies unchanged', async () => {
    const response = await call(server, 'GET', '/api/errors/buffer');
    expect(response.status).toBe(502);
    expect(response.text).toBe('raw upstream');
  });

  it('renders success bodies by their type', async () => {
    const text = await call(server, 'GET', '/api/shapes/string');
    expect([text.text, text.headers.get('content-type')]).toEqual([
      'hello',
      'text/plain; charset=utf-8',
    ]);
    const buffer = await call(server, 'GET', '/api/shapes/buffer');
    expect(buffer.headers.get('content-type')).toBe('application/octet-stream');
    const headers = await call(server, 'GET', '/api/shapes/headers');
    expect(headers.headers.get('x-one')).toBe('1');
    expect(headers.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    const redirect = await fetch(`${server.url}/api/shapes/redirect`, {
      headers: ALICE,
      redirect: 'manual',
    });
    expect([redirect.status, redirect.headers.get('location')]).toEqual([302, '/elsewhere']);
    expect((await call(server, 'GET', '/api/shapes/bad-redirect')).status).toBe(500);
    expect((await call(server, 'GET', '/api/shapes/accepted')).status).toBe(202);
    const empty = await call(server, 'GET', '/api/shapes/none');
    expect([empty.status, empty.text]).toEqual([204, '']);
  });

  it('streams a Readable body', async () => {
    const response = await call(server, 'GET', '/api/stream');
    expect(response.text).toBe('chunk-0\nchunk-1\nchunk-2\n');
    expect(response.headers.get('content-type')).toBe('text/plain');
  });

  it.each(['/api/slow', '/api/slow-connection'] as const)(
    'tells the route at %s when the client goes away (request.signal, request.connection)',
    async (path) => {
      const controller = new AbortController();
      const pending = fetch(`${server.url}${path}`, {
        headers: ALICE,
        signal: controller.signal,
      }).catch((error: Error) => error);
      await slow[path].started.promise;
      controller.abort();
      await pending;
      // Resolved only by the route seeing the disconnect: one that missed it times the test out.
      await slow[path].aborted.promise;
    },
  );

  it('keeps request.signal and request.connection live for a connected client once the body has been read', async () => {
    const response = await call(server, 'POST', '/api/signal-after-body', {
      body: JSON.stringify({ note: 'still here' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.json()).toEqual({ aborted: false, gone: false });
  });

  it('answers unknown routes with a Boom 404 and sets nosniff and interceptor headers everywhere', async () => {
    const unknown = await call(server, 'GET', '/api/nowhere');
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Not Found' });
    for (const response of [
      unknown,
      await call(server, 'GET', '/api/throws'),
      await call(server, 'GET', '/api/raw'),
      await fetch(`${server.url}/api/me`),
    ]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });
});

describe('HTTP service: registration errors', () => {
  it('rejects routes without validate, with bad validators or bad body output', async () => {
    const attempts: string[] = [];
    const server = await startTestHttpServer((http) => {
      const router = http.createRouter(PLUGIN);
      const attempt = (register: () => void) => {
        try {
          register();
        } catch (error) {
          attempts.push((error as Error).message);
        }
      };
      attempt(() => router.get({ path: '/a' } as never, async (_c, _r, response) => response.ok()));
      attempt(() =>
        router.get({ path: '/b', validate: { query: 'nope' } } as never, async (_c, _r, response) =>
          response.ok(),
        ),
      );
      attempt(() =>
        router.post(
          { path: '/c', validate: false, options: { body: { output: 'file' as never } } },
          async (_c, _r, response) => response.ok(),
        ),
      );
      attempt(() => http.registerRouteHandlerContext(PLUGIN, 'dup', () => 1));
      attempt(() => http.registerRouteHandlerContext(PLUGIN, 'dup', () => 2));
    });
    await server.stop();
    expect(attempts).toEqual([
      "The [get] at [/a] does not have a 'validate' specified. Use 'false' as the value if you want to bypass validation.",
      "Expected a valid validation logic declared with '@osd/config-schema' package or a RouteValidationFunction at key: [query].",
      "[options.body.output: 'file'] in route POST /c is not valid. Only 'data' or 'stream' are valid.",
      'Context provider for dup has already been registered.',
    ]);
  });
});

describe('HTTP service: base path and static assets', () => {
  let server: TestHttpServer;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'svc-static-'));
    await writeFile(join(dir, 'app-B4x9Qz1k.js'), 'console.log(1)');
    await writeFile(join(dir, 'favicon.svg'), '<svg/>');
    server = await startTestHttpServer(
      (http) => {
        http
          .createRouter(PLUGIN)
          .get({ path: '/api/where', validate: false }, async (_c, request, response) =>
            response.ok({
              body: { path: request.url.pathname, prefixed: http.basePath.prepend('/app/x') },
            }),
          );
        http.registerStaticAssets({ path: '/ui', dir });
      },
      { basePath: '/dash/' },
    );
  });
  afterAll(async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves routes only under the base path', async () => {
    expect(server.url.endsWith('/dash')).toBe(true);
    expect((await call(server, 'GET', '/api/where')).json()).toEqual({
      path: '/api/where',
      prefixed: '/dash/app/x',
    });
    const outside = await fetch(server.url.replace(/\/dash$/, '/api/where'), { headers: ALICE });
    expect(outside.status).toBe(404);
  });

  it('caches hashed files for a year and revalidates the others by ETag', async () => {
    const hashed = await fetch(`${server.url}/ui/app-B4x9Qz1k.js`);
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers.get('x-content-type-options')).toBe('nosniff');
    const plain = await fetch(`${server.url}/ui/favicon.svg`);
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    const etag = plain.headers.get('etag');
    expect(etag).toBeTruthy();
    const revalidated = await fetch(`${server.url}/ui/favicon.svg`, {
      headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' },
    });
    expect(revalidated.status).toBe(304);
    expect((await fetch(`${server.url}/ui/missing.js`)).status).toBe(404);
  });
});

describe('HTTP service: errors outside a route handler', () => {
  it('answers a host error that escaped its route with 500, whatever status it carries', async () => {
    const logger = createRecordingLogger();
    const service = new HttpService(
      { host: '127.0.0.1', port: 0, basePath: '', maxPayloadBytes: 1024 },
      logger,
    );
    const http = service.setup();
    http.registerAuth(() => {
      throw savedObjectsErrors.createConflictError('session', 'abc');
    });
    http
      .createRouter(PLUGIN)
      .get({ path: '/api/x', validate: false }, (_c, _r, response) => response.ok());
    await service.start({ coreContext: () => ({}) as never });
    const { url } = await service.listen();
    try {
      const response = await fetch(`${url}/api/x`);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'An internal server error occurred.',
      });
      const record = logger.records.find((entry) => entry.level === 'error');
      expect(record?.error?.message).toBe('Saved object [session/abc] conflict');
    } finally {
      await service.stop();
    }
  });
});

describe('HTTP service: stop', () => {
  it('lets a response in flight finish, then cuts what still runs after the grace period', async () => {
    const slowStarted = deferred();
    const released = deferred();
    const logger = createRecordingLogger();
    const service = new HttpService(
      { host: '127.0.0.1', port: 0, basePath: '', maxPayloadBytes: 1024, shutdownGraceMs: 300 },
      logger,
    );
    const http = service.setup();
    http.registerAuth(() => TEST_USERS.alice);
    const router = http.createRouter(PLUGIN);
    router.get({ path: '/slow', validate: false }, async (_c, _r, response) => {
      slowStarted.resolve();
      await released.promise;
      return response.ok({ body: { finished: true } });
    });
    router.get({ path: '/endless', validate: false }, async (_c, _r, response) => {
      // A download that never ends: a line each time the client asks for more.
      const body = new Readable({
        read() {
          this.push('tick\n');
        },
      });
      return response.ok({ body });
    });
    await service.start({ coreContext: () => ({}) as never });
    const { url } = await service.listen();
    const slow = fetch(`${url}/slow`).then((response) => response.json());
    const endless = await fetch(`${url}/endless`);
    const endlessText = endless.text().catch((error: Error) => error);
    await slowStarted.promise;
    const stopped = service.stop();
    released.resolve();
    expect(await slow).toEqual({ finished: true });
    await stopped;
    // The download was cut: reading it fails instead of ending (the error comes from fetch's own realm).
    expect(typeof (await endlessText)).not.toBe('string');
    expect((await endlessText) as Error).toHaveProperty('message');
  });
});
