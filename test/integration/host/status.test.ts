/** GET /api/status: the overall state for anyone (load balancers, the start-up check), details signed in. */
import { join } from 'node:path';
import { startTestDashboard, type TestDashboard } from '../harness';

// Real servers, scrypt hashing and a shared 2-core machine: generous limits, no timing assertions.
jest.setTimeout(60_000);

describe('GET /api/status', () => {
  let dashboard: TestDashboard;

  beforeAll(async () => {
    dashboard = await startTestDashboard({ pluginsDir: join(__dirname, 'fixtures', 'plugins') });
  });
  afterAll(() => dashboard.stop());

  it('tells a caller without a login only that the server is up', async () => {
    const response = await dashboard.anonymous().get('/api/status');
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ status: { overall: { state: 'available' } } });
  });

  it('reports name, version, overall state and each plugin to a signed-in user', async () => {
    const response = await (await dashboard.login()).get('/api/status');
    expect(response.status).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toEqual({
      name: expect.any(String),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      version: {
        number: expect.stringMatching(/^\d+\.\d+\.\d+/),
        build_hash: expect.any(String),
        build_number: expect.any(Number),
        build_snapshot: expect.any(Boolean),
      },
      status: { overall: { state: 'available', summary: 'All services are available' } },
      plugins: {
        testAlpha: { state: 'available', summary: 'Started' },
        testBeta: { state: 'available', summary: 'Started' },
        testGamma: { state: 'available', summary: 'Started' },
      },
    });
  });

  it('keeps the instance UUID across restarts on the same data folder', async () => {
    const first = (await (await dashboard.login()).get('/api/status')).json<{ uuid: string }>()
      .uuid;
    const again = await startTestDashboard({
      pluginsDir: join(__dirname, 'fixtures', 'plugins'),
      dataDir: dashboard.dataDir,
    });
    try {
      expect((await (await again.login()).get('/api/status')).json<{ uuid: string }>().uuid).toBe(
        first,
      );
    } finally {
      await again.stop();
    }
  });
});
