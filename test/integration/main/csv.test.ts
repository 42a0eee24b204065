import http from 'node:http';
import { HOST_ID, leakedSecrets, startMainTestEnv, type MainTestEnv } from './support';

// Starting a dashboard and a simulator takes a while on a loaded machine.
jest.setTimeout(60_000);

const AGENT_HEADER =
  'ID,Status,Name,IP address,Group,Manager,Node,Registration date,Version,Last keep alive,OS architecture,OS build,OS codename,OS major version,OS minor version,OS name,OS platform,OS uname,OS version';

/** Streams an export with raw HTTP, calling `onFirstChunk` once bytes arrive; says how the body ended. */
function rawExport(
  env: MainTestEnv,
  body: unknown,
  onFirstChunk: () => void,
): Promise<{ status: number; ended: 'complete' | 'aborted'; text: string }> {
  const url = new URL(`${env.dashboard.url}/api/csv`);
  const credentials = Buffer.from(`admin:${env.dashboard.adminPassword}`).toString('base64');
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${credentials}`,
          'osd-xsrf': 'test',
          'content-type': 'application/json',
        },
      },
      (response) => {
        let text = '';
        let first = true;
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (first) onFirstChunk();
          first = false;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ended: 'complete', text }),
        );
        response.on('aborted', () =>
          resolve({ status: response.statusCode ?? 0, ended: 'aborted', text }),
        );
        response.on('error', () =>
          resolve({ status: response.statusCode ?? 0, ended: 'aborted', text }),
        );
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

describe('POST /api/csv', () => {
  let env: MainTestEnv;

  beforeAll(async () => {
    env = await startMainTestEnv({
      svc: { csv: { pageSize: 20 } },
      // Dashboard users with the `user` role may only read agents on the managed API.
      simulator: {
        runAsRules: [
          {
            id: 1,
            name: 'dashboard_admins',
            rule: { FIND: { roles: 'admin' } },
            roles: ['administrator'],
          },
          {
            id: 2,
            name: 'dashboard_users',
            rule: { FIND: { roles: 'user' } },
            roles: ['agents_readonly'],
          },
        ],
      },
    });
  });
  afterEach(() => env.simulator.resetFaults());
  afterAll(async () => {
    expect(leakedSecrets(env)).toEqual([]);
    await env.stop();
  });

  it('streams every agent with titled columns as an attachment with a meaningful name', async () => {
    const before = env.simulator.stats.byRoute['GET /agents'] ?? 0;
    const response = await env.user.post('/api/csv', { body: { id: HOST_ID, path: '/agents' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="agents-sim-\d{8}-\d{6}\.csv"$/,
    );
    expect(response.headers['x-svc-total-rows']).toBe('51');
    expect(response.headers['x-svc-exported-rows']).toBe('51');
    const lines = response.text.split('\n');
    expect(lines[0]).toBe(AGENT_HEADER);
    expect(lines).toHaveLength(52);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(
      Array.from({ length: 51 }, (_, index) => String(index).padStart(3, '0')),
    );
    // Three pages of 20, each asked once.
    expect((env.simulator.stats.byRoute['GET /agents'] ?? 0) - before).toBe(3);
  });

  it('applies filters and flattens other lists', async () => {
    const active = await env.admin.post('/api/request', {
      body: { id: HOST_ID, method: 'GET', path: '/agents?status=active&limit=1' },
    });
    const total = active.json<{ data: { total_affected_items: number } }>().data
      .total_affected_items;
    const filtered = await env.user.post('/api/csv', {
      body: { id: HOST_ID, path: '/agents', filters: [{ name: 'status', value: 'active' }] },
    });
    expect(filtered.headers['x-svc-total-rows']).toBe(String(total));
    expect(
      filtered.text
        .split('\n')
        .slice(1)
        .every((line) => line.split(',')[1] === 'active'),
    ).toBe(true);

    const rules = await env.admin.post('/api/csv', {
      body: { id: HOST_ID, path: '/rules?q=level>10' },
    });
    expect(rules.status).toBe(200);
    expect(rules.headers['content-disposition']).toMatch(/filename="rules-sim-/);
    const header = rules.text.split('\n')[0].split(',');
    expect(header).toEqual(
      expect.arrayContaining(['ID', 'Level', 'Description', 'File', 'Groups']),
    );
    expect(header.some((title) => title.startsWith('Details '))).toBe(true);
  });

  it.each([
    [{ path: '/agents' }, '[request body.id]: expected value of type [string] but got [undefined]'],
    [{ id: HOST_ID }, '[request body.path]: expected value of type [string] but got [undefined]'],
    [
      { id: HOST_ID, path: '//evil.example/agents' },
      '[request body.path]: the path must start with a single "/"',
    ],
    [
      { id: HOST_ID, path: '/agents/../security/users' },
      '[request body.path]: dot segments ("." or "..") are not allowed',
    ],
    [
      { id: HOST_ID, path: '/agents?limit=5' },
      '[request body.path]: must not set "limit": the export pages through every item itself',
    ],
    [
      { id: HOST_ID, path: '/agents', filters: [{ name: 'offset', value: 10 }] },
      '[request body.filters.0.name]: "offset" is set by the export itself',
    ],
    [
      { id: HOST_ID, path: '/agents', filters: [{ name: 'a b', value: 1 }] },
      '[request body.filters.0.name]: must be a query parameter name (letters, digits, "_", ".", "-")',
    ],
    [
      { id: HOST_ID, path: '/agents', filters: 'status=active' },
      '[request body.filters]: expected value of type [array] but got [string]',
    ],
  ])('validates %j', async (body, message) => {
    const response = await env.user.post('/api/csv', { body });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message });
  });

  it('answers a JSON error before the first byte: permission, unknown host, host down', async () => {
    const forbidden = await env.user.post('/api/csv', { body: { id: HOST_ID, path: '/sca/001' } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers['content-type']).toContain('application/json');
    expect(forbidden.json()).toMatchObject({
      statusCode: 403,
      attributes: { code: 'upstream_error', upstream: { status: 403, error: 4000 } },
    });
    expect(
      (await env.user.post('/api/csv', { body: { id: 'nowhere', path: '/agents' } })).status,
    ).toBe(404);
    env.simulator.faults.refuseConnections = true;
    expect(
      (await env.user.post('/api/csv', { body: { id: HOST_ID, path: '/agents' } })).status,
    ).toBe(502);
  });

  it('aborts the download when the host fails after the first byte, so no short file looks complete', async () => {
    env.simulator.faults.latencyMs = 300;
    const result = await rawExport(env, { id: HOST_ID, path: '/agents' }, () => {
      env.simulator.faults.refuseConnections = true;
    });
    expect(result.status).toBe(200);
    expect(result.ended).toBe('aborted');
    expect(result.text.startsWith(AGENT_HEADER)).toBe(true);
  });
});

describe('POST /api/csv with a row limit', () => {
  let env: MainTestEnv;

  beforeAll(async () => {
    env = await startMainTestEnv({ svc: { csv: { maxRows: 12, pageSize: 5 } } });
  });
  afterAll(async () => {
    expect(leakedSecrets(env)).toEqual([]);
    await env.stop();
  });

  it('stops at the limit and says so in the headers', async () => {
    const response = await env.admin.post('/api/csv', { body: { id: HOST_ID, path: '/agents' } });
    expect(response.status).toBe(200);
    expect(response.headers['x-svc-total-rows']).toBe('51');
    expect(response.headers['x-svc-exported-rows']).toBe('12');
    expect(response.text.split('\n')).toHaveLength(13);
  });
});
