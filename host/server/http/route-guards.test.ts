import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { schema } from '../../schema';
import { HttpService } from './http-service';
import { createRecordingLogger } from '../logging/test-recording-logger';
import { startTestHttpServer, type TestHttpServer } from './test-utils';

const PLUGIN = Symbol('plugin');
const ADMIN = { authorization: 'user alice', 'osd-xsrf': 'test' };
const USER = { authorization: 'user bob', 'osd-xsrf': 'test' };

describe('Route roles and per-user rate limits', () => {
  let server: TestHttpServer;
  let handled = 0;

  beforeAll(async () => {
    server = await startTestHttpServer((http) => {
      const router = http.createRouter(PLUGIN);
      router.post(
        {
          path: '/api/admin-only',
          validate: { body: schema.object({ name: schema.string() }) },
          options: { requiredRole: 'admin' },
        },
        async (_context, request, response) => {
          handled += 1;
          return response.ok({ body: { name: request.body.name } });
        },
      );
      router.get(
        {
          path: '/api/limited',
          validate: false,
          options: { perUserRateLimit: { points: 2, durationSeconds: 60 } },
        },
        async (_context, _request, response) => response.ok({ body: { ok: true } }),
      );
    });
  });
  afterAll(() => server.stop());

  it('refuses a user without the role with 403 before validating or running the handler', async () => {
    const before = handled;
    const response = await fetch(`${server.url}/api/admin-only`, {
      method: 'POST',
      headers: { ...USER, 'content-type': 'application/json' },
      body: '{"not-a-name": 1}',
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Only dashboard users with the [admin] role can do this.',
      attributes: { code: 'role_required', requiredRole: 'admin' },
    });
    expect(handled).toBe(before);
  });

  it('lets a user holding the role through to validation and the handler', async () => {
    const invalid = await fetch(`${server.url}/api/admin-only`, {
      method: 'POST',
      headers: { ...ADMIN, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(invalid.status).toBe(400);
    const valid = await fetch(`${server.url}/api/admin-only`, {
      method: 'POST',
      headers: { ...ADMIN, 'content-type': 'application/json' },
      body: '{"name":"x"}',
    });
    expect(valid.status).toBe(200);
    expect(await valid.json()).toEqual({ name: 'x' });
  });

  it('answers 401, not 403, to an anonymous caller', async () => {
    const response = await fetch(`${server.url}/api/admin-only`, {
      method: 'POST',
      headers: { 'osd-xsrf': 'test', 'content-type': 'application/json' },
      body: '{"name":"x"}',
    });
    expect(response.status).toBe(401);
  });

  it('limits each user on their own, with Retry-After', async () => {
    const get = (headers: Record<string, string>) =>
      fetch(`${server.url}/api/limited`, { headers });
    expect((await get(USER)).status).toBe(200);
    expect((await get(USER)).status).toBe(200);
    const refused = await get(USER);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.json()).toMatchObject({
      statusCode: 429,
      message: `Too many requests; try again in ${retryAfter} seconds.`,
    });
    expect((await get(ADMIN)).status).toBe(200);
  });
});

describe('Route guard declarations', () => {
  const router = () =>
    new HttpService(
      { host: '127.0.0.1', port: 0, basePath: '', maxPayloadBytes: 1024 },
      createRecordingLogger(),
    )
      .setup()
      .createRouter(PLUGIN);
  const handler = async () => {
    throw new Error('never called');
  };

  it('refuses a role or a rate limit on a route that does not require a login', () => {
    expect(() =>
      router().get(
        {
          path: '/a',
          validate: false,
          options: { requiredRole: 'admin', authRequired: 'optional' },
        },
        handler,
      ),
    ).toThrow('[options.requiredRole] in route GET /a must be a role name');
    expect(() =>
      router().get(
        {
          path: '/b',
          validate: false,
          options: { perUserRateLimit: { points: 0, durationSeconds: 1 } },
        },
        handler,
      ),
    ).toThrow('[options.perUserRateLimit] in route GET /b needs whole positive points');
  });

  it('leaves no opt-in admin check behind in the plugins', () => {
    expect(existsSync(join(__dirname, '../../../plugins/main/server/routes/admin-guard.ts'))).toBe(
      false,
    );
  });
});
