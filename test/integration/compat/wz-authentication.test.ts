/**
 * The reference product's `react-services/wz-authentication.ts` posts `/api/login {idHost, force}` and
 * reads a managed-API token from `data.token`. The dashboard keeps tokens on the server (a deliberate
 * departure): the call succeeds and logs in, but no token reaches the browser.
 */
import { HOST_ID } from '../main/support';
import { mainTestEnvPerFile } from './support';

jest.setTimeout(60_000);

describe('wz-authentication.ts against POST /api/login', () => {
  const env = mainTestEnvPerFile();

  it('logs in to the host for the user without handing the token to the browser', async () => {
    const logins = env.simulator.stats.logins;
    const response = await env.user.post('/api/login', { body: { idHost: HOST_ID, force: true } });
    expect(response.status).toBe(200);
    const body = response.json<{ data: Record<string, unknown> }>();
    expect(body.data).not.toHaveProperty('token');
    expect(body.data).toMatchObject({ apiHostId: HOST_ID, expiresAt: expect.any(String) });
    expect(response.text).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    expect(env.simulator.stats.logins).toBeGreaterThan(logins);
  });
});
