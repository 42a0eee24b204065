import { eventually } from '../../support/waiting';
import {
  API_USER,
  HOST_ID,
  leakedSecrets,
  OTHER_PASSWORD,
  secretsAtRest,
  startMainTestEnv,
  USER,
  type MainTestEnv,
} from './support';

// Starting a dashboard and a simulator takes a while on a loaded machine.
jest.setTimeout(60_000);

interface HostEntry {
  id: string;
  url: string;
  port: number;
  username: string;
  run_as: boolean;
  tls_verify: boolean;
  version: string;
  status?: { reachable: boolean; authenticated: boolean; api_version?: string };
}

describe('API host store over HTTP', () => {
  let env: MainTestEnv;

  beforeAll(async () => {
    env = await startMainTestEnv();
  });
  afterAll(async () => {
    expect(leakedSecrets(env)).toEqual([]);
    await env.stop();
  });

  it('lists the host seeded from the config, without its password', async () => {
    const response = await env.user.get('/hosts/apis');
    expect(response.status).toBe(200);
    const hosts = response.json<HostEntry[]>();
    expect(hosts).toHaveLength(1);
    expect(hosts[0]).toMatchObject({
      id: HOST_ID,
      url: 'http://127.0.0.1',
      port: env.simulator.port,
      username: API_USER.username,
      run_as: true,
      tls_verify: true,
      // The default schedule checks stored hosts every five minutes: an older check is stale.
      check_period_ms: 5 * 60_000,
    });
    expect(hosts[0]).not.toHaveProperty('password');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('adds, edits and removes a host as an admin', async () => {
    const created = await env.admin.post('/hosts/apis', {
      body: env.hostConfig({ id: 'second', password: OTHER_PASSWORD, run_as: false }),
    });
    expect(created.status).toBe(200);
    const host = created.json<HostEntry>();
    expect(host).toMatchObject({ id: 'second', run_as: false, version: expect.any(String) });
    expect(created.text).not.toContain('password');

    const edited = await env.admin.put('/hosts/apis/second', {
      body: { port: 1234, version: host.version },
    });
    expect(edited.status).toBe(200);
    expect(edited.json<HostEntry>()).toMatchObject({ id: 'second', port: 1234 });

    const removed = await env.admin.delete('/hosts/apis/second');
    expect(removed.status).toBe(200);
    expect(removed.json()).toEqual({ id: 'second', deleted: true });
    expect(
      (await env.admin.get('/hosts/apis')).json<HostEntry[]>().map((entry) => entry.id),
    ).toEqual([HOST_ID]);
    expect((await env.admin.delete('/hosts/apis/second')).status).toBe(404);
    expect((await env.admin.put('/hosts/apis/second', { body: { port: 1 } })).status).toBe(404);
  });

  it('checks a new host in the background and shows its status', async () => {
    await env.admin.post('/hosts/apis', {
      body: env.hostConfig({ id: 'checked', password: OTHER_PASSWORD }),
    });
    const status = await eventually(
      async () =>
        (await env.admin.get('/hosts/apis'))
          .json<HostEntry[]>()
          .find((entry) => entry.id === 'checked')?.status,
    );
    // Wrong password for this API user: reachable, not logged in.
    expect(status).toMatchObject({ reachable: true, authenticated: false });
    await env.admin.delete('/hosts/apis/checked');
  });

  it('keeps writes for admins', async () => {
    expect(
      (await env.user.post('/hosts/apis', { body: env.hostConfig({ id: 'nope' }) })).status,
    ).toBe(403);
    const forbidden = await env.user.put(`/hosts/apis/${HOST_ID}`, { body: { port: 1 } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json()).toMatchObject({
      statusCode: 403,
      error: 'Forbidden',
      attributes: { code: 'role_required', requiredRole: 'admin' },
    });
    expect((await env.user.delete(`/hosts/apis/${HOST_ID}`)).status).toBe(403);
    expect((await env.dashboard.anonymous().get('/hosts/apis')).status).toBe(401);
  });

  it('refuses a duplicate id with 409', async () => {
    const response = await env.admin.post('/hosts/apis', { body: env.hostConfig() });
    expect(response.status).toBe(409);
    expect(response.json()).toMatchObject({
      statusCode: 409,
      error: 'Conflict',
      message: `API host [${HOST_ID}] already exists.`,
    });
  });

  it.each([
    [{ url: 'ftp://127.0.0.1' }, '[request body.url]: must use the http or https scheme'],
    [
      { url: 'https://user:pw@127.0.0.1' },
      '[request body.url]: must not contain credentials; use the username and password fields',
    ],
    [
      { url: 'https://127.0.0.1/api' },
      '[request body.url]: must not contain a path, query or fragment',
    ],
    [
      { url: 'https://127.0.0.1:55000' },
      '[request body.url]: must not contain a port; use the port field',
    ],
    [{ port: 0 }, '[request body.port]: Value must be equal to or greater than [1].'],
    [{ port: 65536 }, '[request body.port]: Value must be equal to or lower than [65535].'],
    [{ port: 'x' }, '[request body.port]: expected value of type [number] but got [string]'],
    [
      { id: '../etc' },
      '[request body.id]: must be 1 to 64 letters, digits, "_", "." or "-", starting with a letter or digit',
    ],
    [{ username: '' }, '[request body.username]: must not be empty'],
    [
      { password: undefined },
      '[request body.password]: expected value of type [string] but got [undefined]',
    ],
    [{ run_as: 'yes' }, '[request body.run_as]: expected value of type [boolean] but got [string]'],
    [
      { ca_file: 'ca.pem' },
      '[request body.ca_file]: must be an absolute path to a PEM file on the dashboard server',
    ],
    [
      { ca_file: '/nonexistent/ca.pem' },
      '[request body.ca_file]: cannot be read on the dashboard server (ENOENT)',
    ],
    [{ extra: 1 }, '[request body.extra]: definition for this key is missing'],
  ])('validates %j', async (override, message) => {
    const response = await env.admin.post('/hosts/apis', {
      body: env.hostConfig({ id: 'invalid', ...override }),
    });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
  });

  it('validates the id in the path', async () => {
    const response = await env.admin.put('/hosts/apis/bad%20id', { body: { port: 1 } });
    expect(response.status).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/^\[request params.id\]/);
  });

  it('lets exactly one of two concurrent edits of the same version win', async () => {
    const { version } = (await env.admin.get('/hosts/apis')).json<HostEntry[]>()[0];
    const operator = await env.dashboard.login('operator', 'operator-password-1');
    const [first, second] = await Promise.all([
      env.admin.put(`/hosts/apis/${HOST_ID}`, { body: { run_as: false, version } }),
      operator.put(`/hosts/apis/${HOST_ID}`, {
        body: { run_as: true, username: API_USER.username, version },
      }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect(loser.json<{ message: string }>().message).toContain('was changed by someone else');
    const winner = first.status === 200 ? first : second;
    expect((await env.admin.get('/hosts/apis')).json<HostEntry[]>()[0].version).toBe(
      winner.json<HostEntry>().version,
    );
    await env.admin.put(`/hosts/apis/${HOST_ID}`, { body: { run_as: true } });
  });

  it('keeps every password encrypted at rest', async () => {
    await env.admin.put(`/hosts/apis/${HOST_ID}`, { body: { password: API_USER.password } });
    expect(secretsAtRest(env.dashboard.dataDir)).toEqual([]);
  });

  it('keeps a default host per dashboard user, refuses an unknown id and falls back when its host is removed', async () => {
    await env.admin.post('/hosts/apis', {
      body: env.hostConfig({ id: 'starred', password: OTHER_PASSWORD }),
    });
    const defaultOf = async (client: typeof env.admin) => {
      const response = await client.get('/hosts/default-api');
      expect(response.status).toBe(200);
      return response.json<{ data: { id: string | null } }>().data.id;
    };
    expect(await defaultOf(env.user)).toBeNull();

    const chosen = await env.user.put('/hosts/default-api', { body: { id: 'starred' } });
    expect(chosen.status).toBe(200);
    expect(chosen.json()).toEqual({ data: { id: 'starred' } });
    expect((await env.admin.put('/hosts/default-api', { body: { id: HOST_ID } })).status).toBe(200);
    expect(await defaultOf(env.user)).toBe('starred');
    expect(await defaultOf(env.admin)).toBe(HOST_ID);
    // A new session of the same user (another browser) finds it too.
    expect(await defaultOf(await env.dashboard.login(USER.username, USER.password))).toBe(
      'starred',
    );

    const unknown = await env.user.put('/hosts/default-api', { body: { id: 'nowhere' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json<{ message: string }>().message).toBe(
      '[request body.id]: no API host has the id [nowhere]',
    );
    const missing = await env.user.put('/hosts/default-api', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/^\[request body.id\]/);
    expect(await defaultOf(env.user)).toBe('starred');

    expect((await env.admin.delete('/hosts/apis/starred')).status).toBe(200);
    expect(await defaultOf(env.user)).toBeNull();
    expect(await defaultOf(env.admin)).toBe(HOST_ID);
    expect((await env.dashboard.anonymous().get('/hosts/default-api')).status).toBe(401);
  });
});
