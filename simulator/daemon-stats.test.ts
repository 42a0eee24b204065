import { call, login, request } from './test-client';
import { DEMO_CLUSTER, type ManagedApi, startManagedApi } from './index';

jest.setTimeout(30_000);

const START = Date.parse('2026-03-02T10:00:00Z');

describe('simulator daemon statistics', () => {
  let api: ManagedApi;
  let token: string;
  let clock = START;

  beforeAll(async () => {
    api = await startManagedApi({
      agents: 10,
      cluster: DEMO_CLUSTER,
      now: () => clock,
      controlPath: true,
    });
    token = await login(api.url);
  });
  afterAll(() => api.stop());

  const read = async (path: string) => {
    const answer = await request(api.url, token, 'GET', path);
    expect({ path, status: answer.status }).toEqual({ path, status: 200 });
    return answer.json.data.affected_items[0] as Record<string, number>;
  };
  const dropEvents = (body: unknown) =>
    call(`${api.url}/__simulator/drop-events`, { method: 'PUT', body: JSON.stringify(body) });

  it("serves remoted's and analysisd's fields of the specification, on the manager and per node, moving with the clock", async () => {
    const remoted = await read('/manager/stats/remoted');
    expect(Object.keys(remoted).sort()).toEqual(
      [
        'queue_size',
        'total_queue_size',
        'tcp_sessions',
        'evt_count',
        'ctrl_msg_count',
        'discarded_count',
        'sent_bytes',
        'recv_bytes',
        'dequeued_after_close',
      ].sort(),
    );
    const analysisd = await read('/cluster/worker1/stats/analysisd');
    expect(analysisd).toMatchObject({
      events_dropped: 0,
      event_queue_size: 16384,
      rule_matching_queue_size: 16384,
    });
    expect(analysisd.events_received).toBeGreaterThan(0);
    clock += 5 * 60_000;
    const later = await read('/manager/stats/remoted');
    expect(later.recv_bytes).toBeGreaterThan(remoted.recv_bytes);
    expect((await read('/cluster/master-node/stats/remoted')).recv_bytes).toBe(later.recv_bytes);
    const unknown = await request(api.url, token, 'GET', '/cluster/nowhere/stats/remoted');
    expect([unknown.status, unknown.json.error]).toEqual([404, 1730]);
  });

  it('a node told to drop events counts drops and runs its event queue full, until told to stop', async () => {
    expect((await dropEvents({ node: 'worker2' })).status).toBe(200);
    const analysisd = await read('/cluster/worker2/stats/analysisd');
    expect(analysisd.events_dropped).toBeGreaterThan(0);
    expect(analysisd.event_queue_usage).toBe(1);
    expect((await read('/cluster/worker2/stats/remoted')).discarded_count).toBeGreaterThan(0);
    expect((await read('/cluster/worker1/stats/analysisd')).events_dropped).toBe(0);
    await dropEvents({ node: 'worker2', dropping: false });
    expect((await read('/cluster/worker2/stats/analysisd')).events_dropped).toBe(0);
    expect((await dropEvents({ node: 'nowhere' })).status).toBe(400);
  });

  it("an active agent's logcollector files and connection; a disconnected agent refuses", async () => {
    const agents = await request(api.url, token, 'GET', '/agents?status=active&limit=1');
    const id = agents.json.data.affected_items[0].id as string;
    const logcollector = (await read(`/agents/${id}/stats/logcollector`)) as unknown as {
      global: { files: Array<{ location: string; events: number; bytes: number }> };
    };
    expect(logcollector.global.files.map((file) => file.location)).toContain('/var/log/syslog');
    const agent = await read(`/agents/${id}/stats/agent`);
    expect(agent).toMatchObject({ status: 'connected', buffer_enabled: true });
    const enrolled = await call(`${api.url}/__simulator/enroll`, {
      method: 'POST',
      body: JSON.stringify({ name: 'never-seen' }),
    });
    const offline = enrolled.json.id as string;
    const refused = await request(api.url, token, 'GET', `/agents/${offline}/stats/agent`);
    expect([refused.status, refused.json.error]).toEqual([400, 1740]);
  });
});
