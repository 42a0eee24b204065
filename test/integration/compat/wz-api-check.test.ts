/**
 * The reference product's `react-services/wz-api-check.js` (`ApiCheck.checkStored`, `ApiCheck.checkApi`)
 * and the callers that read its answers: `components/health-check/services/check-api.service.ts`,
 * `components/wz-menu/wz-menu.js`, `components/settings/api/api-table.js`, `components/settings/settings.tsx`
 * and `services/resolves/settings-wizard.js`.
 */
import { API_USER, HOST_ID } from '../main/support';
import { mainTestEnvPerFile } from './support';

jest.setTimeout(60_000);

interface HostEntry {
  id: string;
  url: string;
  port: number;
  username: string;
  run_as: boolean;
}

describe('wz-api-check.js against the check routes', () => {
  const env = mainTestEnvPerFile();

  it('checkStored(id, idChanged): reads data.cluster_info, the entry without password, and idChanged', async () => {
    const response = await env.user.post('/api/check-stored-api', {
      body: { id: HOST_ID, idChanged: HOST_ID },
    });
    expect(response.status).toBe(200);
    const body = response.json<{
      statusCode: number;
      data: HostEntry & { cluster_info: Record<string, unknown>; password?: string };
      idChanged: string;
    }>();
    expect(body.statusCode).toBe(200);
    expect(body.idChanged).toBe(HOST_ID);
    expect(body.data).toMatchObject({ id: HOST_ID, username: API_USER.username });
    expect(body.data.password).toBeUndefined();
    expect(body.data.cluster_info).toEqual({
      manager: expect.any(String),
      node: null,
      status: 'disabled',
      cluster: 'Disabled',
    });
  });

  it('checkStored(id) without idChanged answers idChanged null (wz-menu.js)', async () => {
    const response = await env.user.post('/api/check-stored-api', { body: { id: HOST_ID } });
    expect(response.json<{ idChanged: unknown }>().idChanged).toBeNull();
  });

  it('settings.tsx reads GET /hosts/apis as an array of entries', async () => {
    const entries = (await env.user.get('/hosts/apis')).json<HostEntry[]>();
    expect(Array.isArray(entries)).toBe(true);
    expect(entries.map((entry) => entry.id)).toEqual([HOST_ID]);
  });

  it('checkApi(entry, true) from the health check: any user, the entry as listed, top-level facts', async () => {
    const [entry] = (await env.user.get('/hosts/apis')).json<HostEntry[]>();
    const response = await env.user.post('/api/check-api', {
      body: { ...entry, forceRefresh: true },
    });
    expect(response.status).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      manager: expect.any(String),
      node: null,
      cluster: 'Disabled',
      status: 'disabled',
      allow_run_as: 3,
      uuid: expect.any(String),
    });
  });

  it('checkManager of api-table.js / settings.tsx: the fields it sends (cluster_info, insecure) are accepted', async () => {
    const [entry] = (await env.user.get('/hosts/apis')).json<HostEntry[]>();
    const { username, url, port, id } = entry;
    const response = await env.user.post('/api/check-api', {
      body: { username, url, port, cluster_info: {}, insecure: 'true', id, forceRefresh: true },
    });
    expect(response.status).toBe(200);
    expect(response.json<{ allow_run_as: number }>().allow_run_as).toBe(3);
  });

  it('never sends the stored password to another port: 400 naming password, then 403 for a user', async () => {
    const [entry] = (await env.admin.get('/hosts/apis')).json<HostEntry[]>();
    const moved = await env.admin.post('/api/check-api', {
      body: { ...entry, port: entry.port + 1 },
    });
    expect(moved.status).toBe(400);
    expect(moved.json<{ message: string }>().message).toContain('[request body.password]');
    const asUser = await env.user.post('/api/check-api', {
      body: { ...entry, url: 'http://127.0.0.2', password: 'typed' },
    });
    expect(asUser.status).toBe(403);
  });

  it('a failed check carries a message string (error.response.data.message)', async () => {
    const [entry] = (await env.admin.get('/hosts/apis')).json<HostEntry[]>();
    const response = await env.admin.post('/api/check-api', {
      body: { ...entry, password: 'wrong-password-1' },
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(typeof response.json<{ message: unknown }>().message).toBe('string');
  });

  it.each(['/dev/zero', '/dev/urandom'])(
    'refuses the CA file %s with 400 at once, and keeps answering',
    async (device) => {
      const [entry] = (await env.admin.get('/hosts/apis')).json<HostEntry[]>();
      const [refused, status] = await Promise.all([
        env.admin.post('/api/check-api', { body: { ...entry, ca_file: device } }),
        env.user.get('/api/status'),
      ]);
      expect(refused.status).toBe(400);
      expect(refused.json<{ message: string }>().message).toContain('[request body.ca_file]');
      expect(status.status).toBe(200);
      const stored = await env.admin.put(`/hosts/apis/${HOST_ID}`, { body: { ca_file: device } });
      expect(stored.status).toBe(400);
    },
  );
});
