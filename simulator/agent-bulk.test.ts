import { call, login, request } from './test-client';
import { type ManagedApi, startManagedApi } from './index';

// Servers and child processes start slowly on a loaded machine.
jest.setTimeout(30_000);

type Agent = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- API items

describe('simulator operations on many agents, inventory and enrollment', () => {
  let api: ManagedApi;
  let token: string;
  beforeAll(async () => {
    api = await startManagedApi({ agents: 40, seed: 3, controlPath: true });
    token = await login(api.url);
  });
  afterAll(() => api.stop());

  const send = (method: string, path: string) => request(api.url, token, method, path);
  const agents = async (q: string): Promise<Agent[]> =>
    (await send('GET', `/agents?q=${encodeURIComponent(q)}&limit=500`)).json.data.affected_items;
  const control = (path: string, body: unknown) =>
    call(`${api.url}/__simulator/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('restarts active agents and reports the others per item', async () => {
    const [active] = await agents('status=active;id!=000');
    const [disconnected] = await agents('status=disconnected');
    const answer = await send('PUT', `/agents/restart?agents_list=${active.id},${disconnected.id}`);
    expect(answer.json.data.affected_items).toEqual([active.id]);
    expect(answer.json.data.failed_items).toEqual([
      expect.objectContaining({
        error: expect.objectContaining({ code: 1707 }),
        id: [disconnected.id],
      }),
    ]);
    expect(answer.json.error).toBe(2);
  });

  it('assigns many agents to a group and removes them again, reporting non-members', async () => {
    const members = (await agents('group!=pci;id!=000')).slice(0, 3).map((agent) => agent.id);
    const assigned = await send(
      'PUT',
      `/agents/group?agents_list=${members.join(',')}&group_id=pci`,
    );
    expect(assigned.json.data.affected_items).toEqual(members);
    const [outsider] = await agents('group!=pci;id!=000');
    const removed = await send(
      'DELETE',
      `/agents/group?agents_list=${[...members, outsider.id].join(',')}&group_id=pci`,
    );
    expect(removed.json.data.affected_items).toEqual(members);
    expect(removed.json.data.failed_items[0]).toMatchObject({
      error: { code: 1734 },
      id: [outsider.id],
    });
    expect((await send('GET', '/groups?search=pci')).json.data.affected_items[0].count).toBe(
      (await agents('group=pci')).length,
    );
  });

  it('upgrades outdated active agents matching a filter and refuses the up-to-date ones', async () => {
    const outdated = await agents('status=active;version!=Wazuh v4.14.7;id!=000');
    expect(outdated.length).toBeGreaterThan(0);
    const answer = await send('PUT', `/agents/upgrade?agents_list=${outdated[0].id}`);
    expect(answer.json.data.affected_items).toEqual([{ agent: outdated[0].id, task_id: 1 }]);
    const again = await send('PUT', `/agents/upgrade?agents_list=${outdated[0].id}`);
    expect(again.json.data.failed_items[0].error.code).toBe(1819);
  });

  it('serves an agent inventory, searchable and paged, and nothing for a never-connected agent', async () => {
    const [active] = await agents('status=active;id!=000');
    const packages = await send('GET', `/syscollector/${active.id}/packages?limit=2&sort=%2Bname`);
    expect(packages.json.data.affected_items).toHaveLength(2);
    expect(packages.json.data.total_affected_items).toBeGreaterThan(2);
    const names = packages.json.data.affected_items.map((item: Agent) => item.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const wazuh = await send('GET', `/syscollector/${active.id}/processes?search=wazuh`);
    expect(wazuh.json.data.affected_items.every((item: Agent) => /wazuh/.test(item.name))).toBe(
      true,
    );
    const [never] = await agents('status=never_connected');
    const none = await send('GET', `/syscollector/${never.id}/hardware`);
    expect(none.json.data.total_affected_items).toBe(0);
    const config = await send('GET', `/agents/${never.id}/config/agent/client`);
    expect(config.status).toBe(400);
    expect(config.json.error).toBe(1740);
  });

  it('lets a host enroll an agent that then connects, through the control path', async () => {
    const enrolled = await control('enroll', { name: 'deployed-host', group: 'web' });
    expect(enrolled.status).toBe(200);
    const { id } = enrolled.json as { id: string };
    expect(await agents(`id=${id}`)).toEqual([
      expect.objectContaining({ name: 'deployed-host', status: 'never_connected' }),
    ]);
    expect((await control('enroll', { name: 'deployed-host' })).status).toBe(400);
    expect((await control('connect', { id, platform: 'windows' })).status).toBe(200);
    const [connected] = await agents(`id=${id}`);
    expect(connected).toMatchObject({ status: 'active', group: ['default', 'web'] });
    expect(connected.os.platform).toBe('windows');
    expect((await control('connect', { id: '99999' })).status).toBe(400);
  });
});
