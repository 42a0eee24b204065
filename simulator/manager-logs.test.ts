import { LOG_LINE_EVERY_MS, LOG_WINDOW } from './data/manager-log';
import { login, request } from './test-client';
import { type ManagedApi, startManagedApi } from './index';

jest.setTimeout(30_000);

const START = Date.parse('2026-03-02T10:00:00Z');

interface Line {
  timestamp: string;
  tag: string;
  level: string;
  description: string;
}

describe('GET /manager/logs', () => {
  let api: ManagedApi;
  let token: string;
  let clock = START;

  beforeAll(async () => {
    api = await startManagedApi({
      agents: 2,
      seed: 7,
      now: () => clock,
      users: [{ username: 'agents-only', password: 'Agents.Only1', roles: ['agents_readonly'] }],
    });
    token = await login(api.url);
  });
  afterAll(() => api.stop());

  const logs = async (query = '') =>
    (await request(api.url, token, 'GET', `/manager/logs${query}`)).json;

  it('serves the last 2000 lines, newest first, of believable daemon lines at every level', async () => {
    const page = await logs('?limit=500');
    expect(page.data.total_affected_items).toBeGreaterThan(1000);
    expect(page.data.total_affected_items).toBeLessThanOrEqual(LOG_WINDOW);
    const lines: Line[] = page.data.affected_items;
    expect(lines).toHaveLength(500);
    const times = lines.map((line) => line.timestamp);
    expect(times).toEqual([...times].sort().reverse());
    expect(times[0] < '2026-03-02T10:00:00Z').toBe(true);
    for (const line of lines) {
      expect(line.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(line.tag).toMatch(/^(wazuh-[a-z]+(:[a-z_-]+)?|indexer-connector|rootcheck|sca)$/);
      expect(line.description.length).toBeGreaterThan(5);
    }
    const levels = new Set(
      (await logs('?select=level&distinct=true')).data.affected_items.map(
        (item: { level: string }) => item.level,
      ),
    );
    expect([...levels].sort()).toEqual(['critical', 'debug', 'error', 'info', 'warning']);
    expect(page.message).toBe('Logs were successfully read');
  });

  it('is the same log for the same seed and clock', async () => {
    const other = await startManagedApi({ agents: 2, seed: 7, now: () => clock });
    try {
      const otherToken = await login(other.url);
      const theirs = await request(other.url, otherToken, 'GET', '/manager/logs?limit=50');
      expect(theirs.json.data).toEqual((await logs('?limit=50')).data);
    } finally {
      await other.stop();
    }
  });

  it('filters by tag, level, search and q, and pages with offset and limit', async () => {
    const errors = await logs('?tag=wazuh-remoted&level=error');
    expect(errors.data.total_affected_items).toBeGreaterThan(0);
    for (const line of errors.data.affected_items as Line[])
      expect([line.tag, line.level]).toEqual(['wazuh-remoted', 'error']);
    const searched = await logs('?search=keys%20file');
    for (const line of searched.data.affected_items as Line[])
      expect(line.description).toContain('keys file');
    const excluded = await logs('?search=-wazuh&limit=500');
    for (const line of excluded.data.affected_items as Line[])
      expect(line.tag).not.toMatch(/wazuh/);
    const q = await logs('?q=level=warning;tag~modulesd');
    expect(q.data.total_affected_items).toBeGreaterThan(0);
    for (const line of q.data.affected_items as Line[]) {
      expect(line.level).toBe('warning');
      expect(line.tag).toContain('modulesd');
    }
    const all: Line[] = (await logs('?limit=20')).data.affected_items;
    const second: Line[] = (await logs('?offset=10&limit=10')).data.affected_items;
    expect(second).toEqual(all.slice(10));
  });

  it('sorts and selects on the line fields and refuses others', async () => {
    const oldest: Line[] = (await logs('?sort=%2Btimestamp&limit=3')).data.affected_items;
    const newest: Line[] = (await logs('?limit=1')).data.affected_items;
    expect(oldest[0].timestamp < newest[0].timestamp).toBe(true);
    const selected = await logs('?select=tag&limit=2');
    expect(Object.keys(selected.data.affected_items[0])).toEqual(['tag']);
    const badSort = await request(api.url, token, 'GET', '/manager/logs?sort=node');
    expect({ status: badSort.status, error: badSort.json.error }).toEqual({
      status: 400,
      error: 1403,
    });
    const badLevel = await request(api.url, token, 'GET', '/manager/logs?level=loud');
    expect(badLevel.status).toBe(400);
    const badLimit = await request(api.url, token, 'GET', '/manager/logs?limit=501');
    expect(badLimit.status).toBe(400);
  });

  it('grows as the clock moves (a line every few seconds) and with lines written through the control', async () => {
    const before: Line[] = (await logs('?limit=1')).data.affected_items;
    clock += 3 * LOG_LINE_EVERY_MS;
    const after: Line[] = (await logs('?limit=4')).data.affected_items;
    expect(after[3]).toEqual(before[0]);
    expect(after[0].timestamp).toBe(new Date(clock).toISOString().replace('.000Z', 'Z'));
    api.writeLog({ tag: 'wazuh-analysisd', level: 'critical', description: 'Queue is stuck' });
    const written: Line[] = (await logs('?limit=1')).data.affected_items;
    expect(written[0]).toMatchObject({ tag: 'wazuh-analysisd', level: 'critical' });
    expect(() => api.writeLog({ tag: 'x y', level: 'info', description: '' })).toThrow(RangeError);
  });

  it('summarises the same lines per daemon and level', async () => {
    const summary = await request(api.url, token, 'GET', '/manager/logs/summary');
    const items: Array<Record<string, Record<string, number>>> = summary.json.data.affected_items;
    const remoted = items.find((item) => 'wazuh-remoted' in item)?.['wazuh-remoted'];
    const remotedErrors = await logs('?tag=wazuh-remoted&level=error&limit=1');
    expect(remoted?.error).toBe(remotedErrors.data.total_affected_items);
    const total = items.reduce((sum, item) => sum + Object.values(item)[0].all, 0);
    expect(total).toBe((await logs('?limit=1')).data.total_affected_items);
  });

  it('needs manager:read', async () => {
    const agentsOnly = await login(api.url, { username: 'agents-only', password: 'Agents.Only1' });
    const denied = await request(api.url, agentsOnly, 'GET', '/manager/logs');
    expect({ status: denied.status, error: denied.json.error }).toEqual({
      status: 403,
      error: 4000,
    });
  });
});
