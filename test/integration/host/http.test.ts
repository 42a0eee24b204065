/** The host's HTTP layer over real HTTP, through routes of the fixture plugins. */
import { join } from 'node:path';
import { startTestDashboard, type TestClient, type TestDashboard } from '../harness';

// Real servers, scrypt hashing and a shared 2-core machine: generous limits, no timing assertions.
jest.setTimeout(60_000);

const FIXTURE_PLUGINS = join(__dirname, 'fixtures', 'plugins');

describe('host HTTP layer', () => {
  let dashboard: TestDashboard;
  let admin: TestClient;

  beforeAll(async () => {
    dashboard = await startTestDashboard({
      pluginsDir: FIXTURE_PLUGINS,
      config: { server: { maxPayloadBytes: 4096 } },
    });
    admin = await dashboard.login();
  });
  afterAll(() => dashboard.stop());

  describe('validation', () => {
    it('passes coerced, defaulted values to the handler', async () => {
      const response = await admin.post('/api/test/items/12', {
        query: { dryRun: 'true' },
        body: { title: 'first' },
      });
      expect(response.status).toBe(200);
      expect(response.json()).toEqual({
        params: { id: 12 },
        query: { dryRun: true },
        body: { title: 'first', tags: [] },
      });
    });

    it.each([
      [
        'a non-numeric param',
        '/api/test/items/twelve',
        {},
        { title: 'x' },
        '[request params.id]: expected value of type [number] but got [string]',
      ],
      [
        'a bad query value',
        '/api/test/items/1',
        { dryRun: 'perhaps' },
        { title: 'x' },
        '[request query.dryRun]: expected value of type [boolean] but got [string]',
      ],
      [
        'an unknown query key',
        '/api/test/items/1',
        { zzz: '1' },
        { title: 'x' },
        '[request query.zzz]: definition for this key is missing',
      ],
      [
        'a missing body field',
        '/api/test/items/1',
        {},
        {},
        '[request body.title]: expected value of type [string] but got [undefined]',
      ],
      [
        'a too long string',
        '/api/test/items/1',
        {},
        { title: 'x'.repeat(21) },
        '[request body.title]: value has length [21] but it must have a maximum length of [20].',
      ],
      [
        'a bad array item',
        '/api/test/items/1',
        {},
        { title: 'x', tags: ['ok', 7] },
        '[request body.tags.1]: expected value of type [string] but got [number]',
      ],
      [
        'an unknown body key',
        '/api/test/items/1',
        {},
        { title: 'x', extra: true },
        '[request body.extra]: definition for this key is missing',
      ],
      [
        'params before query before body',
        '/api/test/items/x',
        { dryRun: 'perhaps' },
        {},
        '[request params.id]: expected value of type [number] but got [string]',
      ],
    ])('answers 400 for %s', async (_case, path, query, body, message) => {
      const response = await admin.post(path, { query, body });
      expect(response.status).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    });

    it('answers malformed JSON with 400, not 500', async () => {
      const response = await admin.post('/api/test/items/1', {
        body: '{"title": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Invalid request payload JSON format',
      });
    });
  });

  describe('protection', () => {
    it('refuses non-GET requests without osd-xsrf', async () => {
      const response = await fetch(`${dashboard.url}/api/test/items/1`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`admin:${dashboard.adminPassword}`).toString('base64')}`,
        },
        body: JSON.stringify({ title: 'x' }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Request must contain a osd-xsrf header.',
      });
    });

    it('answers 401 without a login, and accepts Basic credentials', async () => {
      const anonymous = await dashboard.anonymous().get('/api/test/noop');
      expect(anonymous.status).toBe(401);
      expect(anonymous.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Unauthorized',
      });
      const basic = await dashboard.anonymous().get('/api/test/noop', {
        headers: {
          authorization: `Basic ${Buffer.from(`admin:${dashboard.adminPassword}`).toString('base64')}`,
        },
      });
      expect(basic.status).toBe(200);
    });

    it('answers 413 over the route limit and over server.maxPayloadBytes', async () => {
      const small = await admin.post('/api/test/small', { body: { text: 'x'.repeat(100) } });
      expect(small.status).toBe(413);
      expect(small.json()).toEqual({
        statusCode: 413,
        error: 'Payload Too Large',
        message: 'Payload content length greater than maximum allowed: 64',
      });
      const large = await admin.post('/api/test/items/1', {
        body: { title: 'x', tags: ['y'.repeat(5000)] },
      });
      expect(large.status).toBe(413);
      expect(large.json<{ message: string }>().message).toBe(
        'Payload content length greater than maximum allowed: 4096',
      );
    });

    it('sets nosniff on every answer, errors and unknown routes included', async () => {
      for (const response of [
        await admin.get('/api/test/noop'),
        await admin.get('/api/test/nothing-here'),
        await dashboard.anonymous().get('/api/test/noop'),
        await admin.get('/api/status'),
      ]) {
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('answers unknown routes with a Boom 404', async () => {
      const response = await admin.get('/api/test/nothing-here');
      expect(response.status).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Not Found',
      });
    });
  });

  describe('handler outcomes', () => {
    it('turns a throwing handler into a 500 and logs the error with its stack', async () => {
      const response = await admin.get('/api/test/throw');
      expect(response.status).toBe(500);
      expect(response.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'An internal server error occurred.',
      });
      const records = dashboard.logs().map(
        (line) =>
          JSON.parse(line) as {
            level: string;
            message: string;
            route?: string;
            error?: { stack?: string };
          },
      );
      const record = records.find((entry) => entry.message === 'fixture handler failure');
      expect(record).toMatchObject({ level: 'error', route: 'GET /api/test/throw' });
      expect(record?.error?.stack).toContain(join('alpha', 'server', 'index.ts'));
    });

    it('streams a response body', async () => {
      const response = await fetch(`${dashboard.url}/api/test/stream?lines=20000`, {
        headers: {
          authorization: `Basic ${Buffer.from(`admin:${dashboard.adminPassword}`).toString('base64')}`,
        },
      });
      expect(response.headers.get('transfer-encoding')).toBe('chunked');
      const reader = response.body!.getReader();
      let chunks = 0;
      let text = '';
      const decoder = new TextDecoder();
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        chunks += 1;
        text += decoder.decode(part.value, { stream: true });
      }
      const lines = text.trimEnd().split('\n');
      expect(lines).toHaveLength(20000);
      expect(lines[19999]).toBe('line 19999');
      expect(chunks).toBeGreaterThan(1);
    });
  });
});
