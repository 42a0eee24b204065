import { CORE_OWNER } from '../http';
import { startTestHttpServer, type TestHttpServer } from '../http/test-utils';
import { registerStatusRoute, type ServiceStatus } from './status-route';

const SIGNED_IN = { authorization: 'user bob' };

describe('GET /api/status', () => {
  let server: TestHttpServer;
  let plugins: Record<string, ServiceStatus>;

  beforeAll(async () => {
    server = await startTestHttpServer((http) =>
      registerStatusRoute(http.createRouter(CORE_OWNER), {
        name: 'dash-1',
        uuid: '5b2de169-2785-441b-ae8c-186a1936b17d',
        version: { number: '1.0.0', build_hash: 'abc', build_number: 7, build_snapshot: false },
        pluginStatuses: () => plugins,
      }),
    );
  });
  afterAll(() => server.stop());

  it('tells a caller without a login only that the server is up', async () => {
    plugins = { svc: { state: 'available', summary: 'Started' } };
    const response = await fetch(`${server.url}/api/status`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: { overall: { state: 'available' } } });
  });

  it('gives a signed-in caller name, version and each plugin', async () => {
    plugins = { svc: { state: 'available', summary: 'Started' } };
    const response = await fetch(`${server.url}/api/status`, { headers: SIGNED_IN });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      name: 'dash-1',
      uuid: '5b2de169-2785-441b-ae8c-186a1936b17d',
      version: { number: '1.0.0', build_hash: 'abc', build_number: 7, build_snapshot: false },
      status: { overall: { state: 'available', summary: 'All services are available' } },
      plugins: { svc: { state: 'available', summary: 'Started' } },
    });
  });

  it('answers 503 naming the plugins that do not run', async () => {
    plugins = {
      svc: { state: 'available', summary: 'Started' },
      svcCheckUpdates: { state: 'unavailable', summary: 'Not running (set up)' },
    };
    const response = await fetch(`${server.url}/api/status`, { headers: SIGNED_IN });
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect((await response.json()).status.overall).toEqual({
      state: 'unavailable',
      summary: 'Not available: svcCheckUpdates',
    });
    const anonymous = await fetch(`${server.url}/api/status`);
    expect(anonymous.status).toBe(503);
    expect(await anonymous.json()).toEqual({ status: { overall: { state: 'unavailable' } } });
  });
});
