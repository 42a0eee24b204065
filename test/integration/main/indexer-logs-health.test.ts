import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOST_ID, leakedSecrets, startMainTestEnv, type MainTestEnv } from './support';

// Starting a dashboard and a simulator takes a while on a loaded machine.
jest.setTimeout(60_000);

interface HealthReport {
  state: string;
  checks: Array<{
    id: string;
    state: string;
    message: string;
    details?: {
      hosts?: Array<{
        id: string;
        reachable: boolean;
        authenticated: boolean;
        api_version?: string;
      }>;
    };
  }>;
}

describe('indexer, UI log and health routes', () => {
  let env: MainTestEnv;

  beforeAll(async () => {
    env = await startMainTestEnv({ svc: { uiLogs: { perUserPerMinute: 5 } } });
  });
  afterEach(() => env.simulator.resetFaults());
  afterAll(async () => {
    expect(leakedSecrets(env)).toEqual([]);
    await env.stop();
  });

  describe('GET /indexer/known-fields/{pattern}', () => {
    it('serves the known fields of the alerts, monitoring and statistics patterns', async () => {
      for (const [pattern, field] of [
        ['wazuh-alerts-*', 'rule.level'],
        ['wazuh-monitoring-*', 'lastKeepAlive'],
        ['wazuh-statistics-*', 'analysisd.events_received'],
      ]) {
        const response = await env.user.get(`/indexer/known-fields/${encodeURIComponent(pattern)}`);
        expect(response.status).toBe(200);
        const body = response.json<{
          pattern: string;
          timeFieldName: string;
          fields: Array<{ name: string; type: string }>;
        }>();
        expect(body).toMatchObject({ pattern, timeFieldName: 'timestamp' });
        expect(body.fields.map((entry) => entry.name)).toContain(field);
      }
    });

    it('answers 404 for an unknown pattern and 400 for an invalid one', async () => {
      const unknown = await env.user.get('/indexer/known-fields/other-*');
      expect(unknown.status).toBe(404);
      expect(unknown.json<{ message: string }>().message).toBe(
        'No known fields for index pattern [other-*]. Known patterns: wazuh-alerts-*, wazuh-monitoring-*, wazuh-statistics-*.',
      );
      const invalid = await env.user.get(`/indexer/known-fields/${encodeURIComponent('a b')}`);
      expect(invalid.status).toBe(400);
      expect(invalid.json<{ message: string }>().message).toMatch(
        /^\[request params.pattern\]: must not contain spaces/,
      );
    });
  });

  describe('POST /indexer/index-patterns and GET /indexer/visualizations', () => {
    it('creates the three patterns at start and lets admins update them', async () => {
      const created = await env.admin.post('/indexer/index-patterns', {
        body: { title: 'wazuh-monitoring-*' },
      });
      expect(created.status).toBe(200);
      const first = created.json<{
        data: {
          id: string;
          result: string;
          fieldCount: number;
          timeFieldName: string;
          version: string;
        };
      }>().data;
      expect(first).toMatchObject({
        id: 'wazuh-monitoring',
        result: 'updated',
        timeFieldName: 'timestamp',
      });
      expect(first.fieldCount).toBeGreaterThan(20);

      const updated = await env.admin.post('/indexer/index-patterns', {
        body: {
          title: 'wazuh-monitoring-*',
          fields: [{ name: 'status', type: 'string' }],
          version: first.version,
        },
      });
      expect(updated.json<{ data: { result: string; fieldCount: number } }>().data).toMatchObject({
        result: 'updated',
        fieldCount: 1,
      });
      const stale = await env.admin.post('/indexer/index-patterns', {
        body: { title: 'wazuh-monitoring-*', version: first.version },
      });
      expect(stale.status).toBe(409);

      const alerts = await env.admin.post('/indexer/index-patterns', {
        body: { title: 'wazuh-alerts-*' },
      });
      expect(alerts.json<{ data: { result: string } }>().data.result).toBe('updated');
    });

    it('keeps index-pattern writes for admins and validates them', async () => {
      expect(
        (await env.user.post('/indexer/index-patterns', { body: { title: 'custom-*' } })).status,
      ).toBe(403);
      const invalid = await env.admin.post('/indexer/index-patterns', { body: { title: 'a"b' } });
      expect(invalid.json()).toMatchObject({
        statusCode: 400,
        message: expect.stringMatching(/^\[request body.title\]/),
      });
      const badField = await env.admin.post('/indexer/index-patterns', {
        body: { title: 'custom-*', fields: [{ name: 'x', type: 'float' }] },
      });
      expect(badField.status).toBe(400);
      expect(badField.json<{ message: string }>().message).toMatch(
        /^\[request body.fields.0.type\]/,
      );
    });

    it('lists visualizations a page at a time', async () => {
      const response = await env.user.get('/indexer/visualizations', {
        query: { page: 1, per_page: 5 },
      });
      expect(response.status).toBe(200);
      expect(response.json()).toEqual({
        data: { page: 1, per_page: 5, total: 0, visualizations: [] },
      });
      const invalid = await env.user.get('/indexer/visualizations', { query: { per_page: 0 } });
      expect(invalid.json()).toMatchObject({
        statusCode: 400,
        message: '[request query.per_page]: Value must be equal to or greater than [1].',
      });
    });
  });

  describe('POST /utils/logs/ui', () => {
    it('writes validated entries to the rotating UI log and limits each user', async () => {
      const entry = {
        level: 'error',
        message: 'Agents table failed: {"status":500}\nsecond line',
        location: 'app/agents',
      };
      const response = await env.admin.post('/utils/logs/ui', { body: entry });
      expect(response.status).toBe(200);
      expect(response.json()).toEqual({ statusCode: 200, error: 0, message: 'Log has been added' });
      const logs = join(env.dashboard.dataDir, 'logs');
      const file = readdirSync(logs).find((name) => name === 'ui.log') as string;
      const lines = readFileSync(join(logs, file), 'utf8').trim().split('\n');
      expect(JSON.parse(lines[lines.length - 1])).toMatchObject({
        level: 'error',
        user: 'admin',
        location: 'app/agents',
        message: 'Agents table failed: {"status":500}\nsecond line',
      });

      const statuses: number[] = [];
      for (let sent = 0; sent < 6; sent += 1)
        statuses.push(
          (
            await env.user.post('/utils/logs/ui', {
              body: { level: 'info', message: `entry ${sent}`, location: 'x' },
            })
          ).status,
        );
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const limited = await env.user.post('/utils/logs/ui', {
        body: { level: 'info', message: 'again', location: 'x' },
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another user has a budget of their own.
      expect(
        (
          await env.admin.post('/utils/logs/ui', {
            body: { level: 'warning', message: 'fine', location: 'x' },
          })
        ).status,
      ).toBe(200);
    });

    it.each([
      [{ level: 'debug', message: 'x', location: 'x' }, '[request body.level]'],
      [
        { level: 'error', message: '', location: 'x' },
        '[request body.message]: value has length [0] but it must have a minimum length of [1].',
      ],
      [
        { level: 'error', message: 'x'.repeat(8193), location: 'x' },
        '[request body.message]: value has length [8193] but it must have a maximum length of [8192].',
      ],
      [
        { level: 'error', message: 'x', location: 'x'.repeat(513) },
        '[request body.location]: value has length [513] but it must have a maximum length of [512].',
      ],
      [
        { level: 'error', message: 'x' },
        '[request body.location]: expected value of type [string] but got [undefined]',
      ],
      [
        { level: 'error', message: 'x', location: 'x', extra: 1 },
        '[request body.extra]: definition for this key is missing',
      ],
    ])('validates %j', async (body, message) => {
      const response = await env.admin.post('/utils/logs/ui', { body });
      expect(response.status).toBe(400);
      expect(response.json<{ message: string }>().message.startsWith(message)).toBe(true);
    });
  });

  describe('GET /api/health-check', () => {
    it('reports each check: index pattern, every API host with its version, the indexer', async () => {
      const response = await env.user.get('/api/health-check', { query: { refresh: true } });
      expect(response.status).toBe(200);
      const report = response.json<HealthReport>();
      // The dashboard creates its three patterns at start, with their known fields.
      expect(report.state).toBe('green');
      expect(report.checks.map((check) => [check.id, check.state])).toEqual([
        ['api', 'green'],
        ['api-version', 'green'],
        ['indexer', 'green'],
        ['index-pattern', 'green'],
        ['index-template', 'green'],
        ['statistics-pattern', 'green'],
        ['monitoring-pattern', 'green'],
      ]);
      const api = report.checks.find((check) => check.id === 'api');
      expect(api?.details?.hosts).toEqual([
        expect.objectContaining({
          id: HOST_ID,
          reachable: true,
          authenticated: true,
          api_version: '4.14.7',
        }),
      ]);
    });

    it('turns red when the only host is down, and green again when it is back', async () => {
      env.simulator.faults.refuseConnections = true;
      const down = (
        await env.user.get('/api/health-check', { query: { refresh: true } })
      ).json<HealthReport>();
      expect(down.state).toBe('red');
      const api = down.checks.find((check) => check.id === 'api');
      expect(api).toMatchObject({
        state: 'red',
        message: expect.stringMatching(
          new RegExp(`^1 of 1 API host\\(s\\) cannot be used: ${HOST_ID}: .*[^.]\\.$`),
        ),
      });
      expect(api?.details?.hosts?.[0]).toMatchObject({
        reachable: false,
        authenticated: false,
      });
      env.simulator.resetFaults();
      const back = (
        await env.user.get('/api/health-check', { query: { refresh: true } })
      ).json<HealthReport>();
      expect(back.checks.find((check) => check.id === 'api')?.state).toBe('green');
    });

    it('validates its query', async () => {
      const response = await env.user.get('/api/health-check', { query: { refresh: 'soon' } });
      expect(response.status).toBe(400);
    });
  });
});
