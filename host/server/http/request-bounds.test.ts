import { bodyShapeProblem, bodyTooDeepMessage, bodyTooManyValuesMessage } from './body-parsers';
import { startTestHttpServer, type TestHttpServer } from './test-utils';
import { rawExchange } from '../../../test/support/raw-exchange';

const PLUGIN = Symbol('plugin');
const HEADERS = { authorization: 'user alice', 'osd-xsrf': 'test' };

describe('bodyShapeProblem', () => {
  const limits = { maxDepth: 3, maxValues: 5 };

  it('accepts bodies within the limits, scalars included', () => {
    expect(bodyShapeProblem({ a: [1, { b: 2 }] }, limits)).toBeUndefined();
    expect(bodyShapeProblem('text', limits)).toBeUndefined();
    expect(bodyShapeProblem(undefined, limits)).toBeUndefined();
  });

  it('names the depth limit for objects and arrays nested too deep', () => {
    expect(bodyShapeProblem({ a: { b: { c: {} } } }, limits)).toBe(bodyTooDeepMessage(3));
    expect(bodyShapeProblem([[[[]]]], limits)).toBe(bodyTooDeepMessage(3));
  });

  it('counts values at every depth', () => {
    expect(bodyShapeProblem([1, 2, 3, 4, 5, 6], limits)).toBe(bodyTooManyValuesMessage(5));
    expect(bodyShapeProblem({ a: [1, 2], b: { c: 1, d: 2 } }, limits)).toBe(
      bodyTooManyValuesMessage(5),
    );
  });

  it('walks a nesting deeper than the call stack without overflowing it', () => {
    let deep: unknown[] = [];
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(bodyShapeProblem(deep, { maxDepth: 64, maxValues: 1e9 })).toBe(bodyTooDeepMessage(64));
  });
});

describe('Request bounds over HTTP', () => {
  let server: TestHttpServer;

  beforeAll(async () => {
    server = await startTestHttpServer(
      (http) => {
        const router = http.createRouter(PLUGIN);
        router.post(
          { path: '/api/echo', validate: { body: (data, { ok }) => ok(data) } },
          async (_context, request, response) => {
            const body = request.body as Record<string, unknown>;
            return response.ok({
              body: {
                keys: Object.keys(body),
                protoIsOwnKey: Object.hasOwn(body, '__proto__'),
                inheritsAdmin: 'admin' in body,
                name: body.name,
              },
            });
          },
        );
        router.post(
          {
            path: '/api/small',
            validate: { body: (data, { ok }) => ok(data) },
            options: { body: { maxBytes: 16 } },
          },
          async (_context, _request, response) => response.ok({ body: {} }),
        );
      },
      {
        headersTimeoutMs: 300,
        requestTimeoutMs: 600,
        bodyShape: { maxDepth: 8, maxValues: 1000 },
      },
    );
  });
  afterAll(() => server.stop());

  const post = (path: string, body: string, contentType = 'application/json') =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { ...HEADERS, 'content-type': contentType },
      body,
    });

  it('answers 408 and closes a connection whose headers never end', async () => {
    const answer = await rawExchange(server.url, 'GET /api/echo HTTP/1.1\r\nHost: x\r\nX-Slow: 1');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes a connection whose body never ends', async () => {
    const answer = await rawExchange(
      server.url,
      'POST /api/echo HTTP/1.1\r\nHost: x\r\nAuthorization: user alice\r\nOsd-Xsrf: t\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 413 past the route body limit and 400, never 500, to pathological JSON', async () => {
    expect((await post('/api/small', JSON.stringify({ name: 'x'.repeat(32) }))).status).toBe(413);
    const deep = await post('/api/echo', '['.repeat(9) + ']'.repeat(9));
    expect(deep.status).toBe(400);
    expect((await deep.json()).message).toBe(bodyTooDeepMessage(8));
    const wide = await post('/api/echo', JSON.stringify(Array.from({ length: 1001 }, () => 0)));
    expect(wide.status).toBe(400);
    expect((await wide.json()).message).toBe(bodyTooManyValuesMessage(1000));
    const deeper = await post('/api/echo', '['.repeat(100_000) + ']'.repeat(100_000));
    expect(deeper.status).toBe(400);
  });

  it('refuses JSON prototype keys and keeps form keys such as __proto__ harmless', async () => {
    for (const body of ['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"a":1}}}'])
      expect((await post('/api/echo', body)).status).toBe(400);
    const form = await post(
      '/api/echo',
      '__proto__=x&constructor=y&__proto__%5Badmin%5D=1&name=ann',
      'application/x-www-form-urlencoded',
    );
    expect(form.status).toBe(200);
    expect(await form.json()).toEqual({
      keys: ['__proto__', 'constructor', '__proto__[admin]', 'name'],
      protoIsOwnKey: true,
      inheritsAdmin: false,
      name: 'ann',
    });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
