/** Saved objects through a plugin route: optimistic concurrency as clients see it. */
import { join } from 'node:path';
import { startTestDashboard, type TestClient, type TestDashboard } from '../harness';

// Real servers, scrypt hashing and a shared 2-core machine: generous limits, no timing assertions.
jest.setTimeout(60_000);

describe('saved-object updates', () => {
  let dashboard: TestDashboard;
  let admin: TestClient;

  beforeAll(async () => {
    dashboard = await startTestDashboard({ pluginsDir: join(__dirname, 'fixtures', 'plugins') });
    admin = await dashboard.login();
  });
  afterAll(() => dashboard.stop());

  it('lets exactly one of two concurrent updates with the same version win; the other gets 409', async () => {
    for (let round = 0; round < 5; round += 1) {
      const created = (await admin.post('/api/test/notes', { body: { text: 'draft' } })).json<{
        id: string;
        version: string;
      }>();
      const [first, second] = await Promise.all(
        ['from tab A', 'from tab B'].map((text) =>
          admin.put(`/api/test/notes/${created.id}`, { body: { text, version: created.version } }),
        ),
      );
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      const loser = first.status === 409 ? first : second;
      expect(loser.json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: `Saved object [test-note/${created.id}] conflict`,
      });
    }
  });

  it('answers 404 for an unknown object and 400 for a malformed version through handleLegacyErrors', async () => {
    const missing = await admin.put('/api/test/notes/does-not-exist', {
      body: { text: 'x', version: 'WzEsMV0=' },
    });
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Saved object [test-note/does-not-exist] not found',
    });
    const created = (await admin.post('/api/test/notes', { body: { text: 'draft' } })).json<{
      id: string;
    }>();
    const malformed = await admin.put(`/api/test/notes/${created.id}`, {
      body: { text: 'x', version: 'not-a-version' },
    });
    expect(malformed.status).toBe(400);
  });
});
