import { login, request } from './test-client';
import { type ManagedApi, startManagedApi } from './index';

// Servers and child processes start slowly on a loaded machine.
jest.setTimeout(30_000);

type Agent = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- API items

describe('simulator agent listing', () => {
  let api: ManagedApi;
  let token: string;
  beforeAll(async () => {
    api = await startManagedApi({ agents: 60, seed: 7 });
    token = await login(api.url);
  });
  afterAll(() => api.stop());

  const get = (path: string) => request(api.url, token, 'GET', path);
  const ids = async (path: string): Promise<string[]> =>
    (await get(path)).json.data.affected_items.map((agent: Agent) => agent.id);

  describe('pagination', () => {
    it('defaults to offset 0 and limit 500, and counts matches before paging', async () => {
      const all = await get('/agents');
      expect(all.json.data.affected_items).toHaveLength(61);
      const page = await get('/agents?offset=10&limit=5');
      expect(page.json.data.total_affected_items).toBe(61);
      expect(page.json.data.affected_items.map((agent: Agent) => agent.id)).toEqual([
        '010',
        '011',
        '012',
        '013',
        '014',
      ]);
      expect((await get('/agents?offset=100')).json.data).toMatchObject({
        affected_items: [],
        total_affected_items: 61,
      });
    });

    it('validates limit and offset like the API schema', async () => {
      const tooMany = await get('/agents?limit=100001');
      expect(tooMany.status).toBe(400);
      expect(tooMany.json.detail).toBe(
        "100001 is greater than the maximum of 100000. Failed validating 'maximum' in schema: {'type': 'integer', 'format': 'int32', 'default': 500, 'minimum': 1, 'maximum': 100000}. On instance: 100001",
      );
      expect((await get('/agents?limit=100000')).status).toBe(200);
      expect((await get('/agents?limit=0')).json.detail).toMatch(
        /^0 is less than the minimum of 1\. /,
      );
      expect((await get('/agents?offset=-1')).json.detail).toMatch(
        /^-1 is less than the minimum of 0\. /,
      );
      expect((await get('/agents?limit=abc')).json.detail).toMatch(
        /^'abc' is not of type 'integer'\. /,
      );
    });

    it('validates enums and formats of array parameters', async () => {
      const status = await get('/agents?status=foo');
      expect(status.json.detail).toMatch(
        /^'foo' is not one of \['active', 'pending', 'never_connected', 'disconnected'\]\. Failed validating 'enum' in schema\['items'\]/,
      );
      expect((await get('/agents?agents_list=1')).json.detail).toMatch(/^'1' is too short\. /);
      expect((await get('/agents?status=ACTIVE&limit=1')).status).toBe(200);
    });
  });

  describe('sort, search, select, distinct', () => {
    it('sorts by one or several fields, descending with -, nested with dots', async () => {
      const byName = (
        await get('/agents?sort=-name&select=name&limit=100')
      ).json.data.affected_items.map((agent: Agent) => agent.name);
      expect(byName).toEqual(
        [...byName].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? 1 : -1)),
      );
      const nested = (await get('/agents?sort=%2Bos.platform,id&select=os.platform&limit=100')).json
        .data.affected_items;
      const keys = nested.map(
        (agent: Agent) => `${agent.os?.platform ?? ' '}|${agent.id.padStart(6, '0')}`,
      );
      expect(keys).toEqual([...keys].sort());
    });

    it('rejects unknown sort fields with 1403, including a raw + decoded as a space', async () => {
      const response = await get('/agents?sort=color');
      expect(response.json).toMatchObject({ error: 1403 });
      expect(response.json.detail).toMatch(
        /^Not a valid sort field: Allowed sort fields: .*\. Fields: color$/,
      );
      expect((await get('/agents?sort=+id')).json.error).toBe(1403);
    });

    it('searches every field, with - negating', async () => {
      const windows = await get('/agents?search=windows&select=id,os.platform&limit=100');
      expect(windows.json.data.total_affected_items).toBeGreaterThan(0);
      const notWindows = await get('/agents?search=-windows&select=id&limit=100');
      expect(
        windows.json.data.total_affected_items + notWindows.json.data.total_affected_items,
      ).toBe(61);
    });

    it('selects nested fields and always keeps the id', async () => {
      const response = await get('/agents?select=name,os.name&limit=2');
      expect(response.json.data.affected_items[0]).toEqual({
        name: 'wazuh.manager',
        os: { name: 'Ubuntu' },
        id: '000',
      });
      expect((await get('/agents?select=color')).json).toMatchObject({ error: 1724 });
    });

    it('returns distinct combinations without the forced id', async () => {
      const response = await get('/agents?select=status&distinct=true&sort=status');
      const statuses = response.json.data.affected_items;
      expect(statuses.every((item: Agent) => Object.keys(item).join() === 'status')).toBe(true);
      expect(statuses.map((item: Agent) => item.status)).toEqual(
        [...new Set(statuses.map((item: Agent) => item.status))].sort(),
      );
      expect(response.json.data.total_affected_items).toBe(statuses.length);
    });
  });

  describe('filters', () => {
    it('filters by status (several values OR-ed), platform, group and q', async () => {
      const statuses = (
        await get('/agents?status=active,pending&select=status&limit=100')
      ).json.data.affected_items.map((agent: Agent) => agent.status);
      expect(new Set(statuses)).toEqual(new Set(['active', 'pending']));
      const platforms = (await get('/agents?os.platform=UBUNTU&select=os.platform&limit=100')).json
        .data.affected_items;
      expect(platforms.every((agent: Agent) => agent.os.platform === 'ubuntu')).toBe(true);
      const web = (await get('/agents?group=web&select=group&limit=100')).json.data.affected_items;
      expect(web.length).toBeGreaterThan(0);
      expect(web.every((agent: Agent) => agent.group.includes('web'))).toBe(true);
      const q = await get(
        '/agents?q=(status=active,status=pending);os.platform=ubuntu&select=id,status,os.platform&limit=100',
      );
      expect(
        q.json.data.affected_items.every(
          (agent: Agent) =>
            ['active', 'pending'].includes(agent.status) && agent.os.platform === 'ubuntu',
        ),
      ).toBe(true);
    });

    it('normalises version filters', async () => {
      const expected = await ids('/agents?q=version=Wazuh v4.14.7&limit=100');
      for (const version of ['4.14.7', 'v4.14.7', 'wazuh%204.14.7', 'Wazuh%20v4.14.7']) {
        expect(await ids(`/agents?version=${version}&limit=100`)).toEqual(expected);
      }
    });

    it('answers a clear 400 for a malformed q', async () => {
      const response = await get('/agents?q=status==');
      expect(response.status).toBe(200);
      const broken = await get('/agents?q=(status=active');
      expect(broken.status).toBe(400);
      expect(broken.json).toMatchObject({
        title: 'Bad Request',
        detail: 'Query does not match expected format: (status=active',
        error: 1407,
      });
    });

    it('reports unknown named agents as 1701 failures', async () => {
      const response = await get('/agents?agents_list=001,9999&select=id');
      expect(response.json).toMatchObject({
        data: {
          affected_items: [{ id: '001' }],
          failed_items: [{ error: { code: 1701, message: 'Agent does not exist' }, id: ['9999'] }],
        },
        error: 2,
      });
    });
  });

  it('summarises statuses without agent 000', async () => {
    const response = await get('/agents/summary/status');
    const list = (
      await get('/agents?select=status,group_config_status&limit=100')
    ).json.data.affected_items.filter((agent: Agent) => agent.id !== '000');
    const count = (status: string) => list.filter((agent: Agent) => agent.status === status).length;
    expect(response.json).toEqual({
      data: {
        connection: {
          active: count('active'),
          disconnected: count('disconnected'),
          never_connected: count('never_connected'),
          pending: count('pending'),
          total: 60,
        },
        configuration: {
          synced: list.filter((agent: Agent) => agent.group_config_status === 'synced').length,
          not_synced: list.filter((agent: Agent) => agent.group_config_status === 'not synced')
            .length,
          total: 60,
        },
      },
      error: 0,
    });
  });
});

describe('simulator agent writes', () => {
  let api: ManagedApi;
  let token: string;
  beforeEach(async () => {
    api = await startManagedApi({ agents: 20 });
    token = await login(api.url);
  });
  afterEach(() => api.stop());

  const call = (method: string, path: string, body?: unknown) =>
    request(api.url, token, method, path, body);

  it('adds an agent that then appears in the list', async () => {
    const added = await call('POST', '/agents', { name: 'new-host', ip: '192.168.7.7' });
    expect(added.json).toEqual({ data: { id: '021', key: expect.any(String) }, error: 0 });
    expect(Buffer.from(added.json.data.key, 'base64').toString()).toMatch(
      /^021 new-host 192\.168\.7\.7 [0-9a-f]{64}$/,
    );
    const listed = await call('GET', '/agents?agents_list=021');
    expect(listed.json.data.affected_items[0]).toMatchObject({
      id: '021',
      name: 'new-host',
      ip: '192.168.7.7',
      status: 'never_connected',
      group: ['default'],
    });
  });

  it('refuses duplicate names and IPs, missing names, unknown fields and non-JSON bodies', async () => {
    const existing = (await call('GET', '/agents?agents_list=001')).json.data.affected_items[0]
      .name;
    expect((await call('POST', '/agents', { name: existing })).json).toMatchObject({
      error: 1705,
      detail: `There is an agent with the same name: ${existing}`,
    });
    await call('POST', '/agents', { name: 'a-host', ip: '192.168.7.8' });
    expect(
      (await call('POST', '/agents', { name: 'b-host', ip: '192.168.7.8' })).json,
    ).toMatchObject({ error: 1706 });
    expect((await call('POST', '/agents', { ip: '1.2.3.4' })).json).toEqual({
      title: 'Bad Request',
      detail: "'name' is a required property",
    });
    expect((await call('POST', '/agents', { name: 'c', foo: 1 })).json).toEqual({
      title: 'Bad Request',
      detail: "Invalid field found {'foo'}",
    });
    const text = await fetch(`${api.url}/agents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      body: 'name=x',
    });
    expect(text.status).toBe(415);
  });

  it('deletes only eligible agents and reports the others', async () => {
    const first = await call('DELETE', '/agents?agents_list=001,000,999&status=all');
    expect(
      first.json.data.failed_items.map((item: { error: { code: number } }) => item.error.code),
    ).toEqual(expect.arrayContaining([1701, 1703]));
    const deleted = await call('DELETE', '/agents?agents_list=001,002&status=all&older_than=0s');
    expect(deleted.json).toMatchObject({
      data: { affected_items: ['001', '002'], total_affected_items: 2, older_than: '0s' },
      message: 'All selected agents were deleted',
      error: 0,
    });
    expect(
      (await call('GET', '/agents?agents_list=001')).json.data.failed_items[0].error.code,
    ).toBe(1701);
    expect((await call('GET', '/agents')).json.data.total_affected_items).toBe(19);
    expect((await call('DELETE', '/agents?agents_list=001')).json.detail).toBe(
      "Missing query parameter 'status'",
    );
  });

  it('keeps recently active agents unless older_than is 0s', async () => {
    const active = (await call('GET', '/agents?status=active&q=id!=000&select=id&limit=1')).json
      .data.affected_items[0].id;
    const refused = await call('DELETE', `/agents?agents_list=${active}&status=all`);
    expect(refused.json.data.failed_items[0]).toMatchObject({
      error: {
        code: 1731,
        message:
          "Agent is not eligible for the action to be performed: some of the requirements are not met -> status: ['all'], older_than: 7d",
      },
      id: [active],
    });
    expect(refused.json).toMatchObject({ message: 'No agents were deleted', error: 1 });
  });

  it('restarts active agents and reports the others per item', async () => {
    const active = (await call('GET', '/agents?status=active&q=id!=000&select=id&limit=1')).json
      .data.affected_items[0].id;
    const inactive = (
      await call('GET', '/agents?status=never_connected,disconnected&select=id&limit=1')
    ).json.data.affected_items[0].id;
    expect((await call('PUT', `/agents/${active}/restart`)).json).toEqual({
      data: {
        affected_items: [active],
        total_affected_items: 1,
        total_failed_items: 0,
        failed_items: [],
      },
      message: 'Restart command was sent to all agents',
      error: 0,
    });
    const failed = await call('PUT', `/agents/${inactive}/restart`);
    expect(failed.json).toMatchObject({
      data: { failed_items: [{ error: { code: 1707 }, id: [inactive] }] },
      message: 'Restart command was not sent to any agent',
      error: 1,
    });
    expect((await call('PUT', '/agents/000/restart')).json.data.failed_items[0].error.code).toBe(
      1703,
    );
    expect((await call('PUT', '/agents/999/restart')).json.data.failed_items[0].error.code).toBe(
      1701,
    );
  });

  it('assigns agents to groups and counts members', async () => {
    const before = (await call('GET', '/groups?groups_list=pci')).json.data.affected_items[0].count;
    const target = (await call('GET', '/agents?q=group!=pci;id!=000&select=id&limit=1')).json.data
      .affected_items[0].id;
    const assigned = await call('PUT', `/agents/${target}/group/pci`);
    expect(assigned.json.message).toBe('All selected agents were assigned to pci');
    expect(
      (await call('GET', `/agents?agents_list=${target}&select=group`)).json.data.affected_items[0]
        .group,
    ).toContain('pci');
    expect((await call('GET', '/groups?groups_list=pci')).json.data.affected_items[0].count).toBe(
      before + 1,
    );
    expect(
      (await call('PUT', `/agents/${target}/group/pci`)).json.data.failed_items[0].error.code,
    ).toBe(1751);
    const single = await call('PUT', `/agents/${target}/group/web?force_single_group=true`);
    expect(single.json.message).toBe(
      'All selected agents were assigned to web and removed from the other groups',
    );
    expect(
      (await call('GET', `/agents?agents_list=${target}&select=group`)).json.data.affected_items[0]
        .group,
    ).toEqual(['web']);
    const missing = await call('PUT', `/agents/${target}/group/nope`);
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({
      title: 'Resource Not Found',
      detail: 'The group does not exist',
      error: 1710,
    });
  });
});
