import { login, request } from './test-client';
import { DEMO_CLUSTER, type ManagedApi, READONLY_USER, startManagedApi } from './index';

jest.setTimeout(30_000);

const START = Date.parse('2026-03-02T10:00:00Z');
const OCTET = 'application/octet-stream';

describe('simulator ossec.conf, validation, restart and upgrade tasks', () => {
  const started: ManagedApi[] = [];
  afterAll(() => Promise.all(started.map((api) => api.stop())));
  let clock = START;

  async function start(options: Parameters<typeof startManagedApi>[0] = {}) {
    const api = await startManagedApi({ agents: 5, now: () => clock, ...options });
    started.push(api);
    return { api, token: await login(api.url) };
  }

  describe('a single manager', () => {
    let api: ManagedApi;
    let token: string;
    beforeAll(async () => ({ api, token } = await start({ managerRestartMs: 2000 })));

    const raw = async () =>
      (await request(api.url, token, 'GET', '/manager/configuration?raw=true')).text;

    it('stores an uploaded file: raw and JSON reads show it', async () => {
      const text = (await raw()).replace(
        '<use_password>no</use_password>',
        '<use_password>yes</use_password>',
      );
      const put = await request(api.url, token, 'PUT', '/manager/configuration', text, OCTET);
      expect(put.status).toBe(200);
      expect(put.json).toMatchObject({
        error: 0,
        message: 'Configuration was successfully updated',
        data: { affected_items: ['manager'], total_failed_items: 0 },
      });
      expect(await raw()).toBe(text);
      const auth = await request(
        api.url,
        token,
        'GET',
        '/manager/configuration?section=auth&field=use_password',
      );
      expect(auth.json.data.affected_items).toEqual([{ auth: { use_password: 'yes' } }]);
      const authd = await request(api.url, token, 'GET', '/manager/configuration/auth/auth');
      expect(authd.json.data.affected_items[0]).toMatchObject({
        auth: { use_password: 'yes', port: '1515' },
        'authd.pass': expect.stringMatching(/^[0-9a-f]{32}$/),
      });
      const reader = await login(api.url, READONLY_USER);
      const masked = await request(api.url, reader, 'GET', '/manager/configuration/auth/auth');
      expect(masked.json.data.affected_items[0]['authd.pass']).toBe('*****');
      const remote = await request(api.url, token, 'GET', '/manager/configuration?section=remote');
      expect(Array.isArray(remote.json.data.affected_items[0].remote)).toBe(true);
    });

    it('refuses malformed XML (1113) and a file its check refuses (1908); the file stays', async () => {
      const before = await raw();
      const malformed = await request(
        api.url,
        token,
        'PUT',
        '/manager/configuration',
        '<ossec_config>\n  <global>\n</ossec_config>\n',
        OCTET,
      );
      expect(malformed.status).toBe(200);
      expect(malformed.json).toMatchObject({
        error: 1,
        message: 'Could not update configuration',
        data: { affected_items: [], failed_items: [{ error: { code: 1113 }, id: ['manager'] }] },
      });
      expect(malformed.json.data.failed_items[0].error.message).toMatch(
        /XML syntax error: .*line 3/,
      );
      const invalid = before.replace(
        '<logall>no</logall>',
        '<logall>maybe</logall><bogus>1</bogus>',
      );
      const refused = await request(
        api.url,
        token,
        'PUT',
        '/manager/configuration',
        invalid,
        OCTET,
      );
      expect(refused.json.data.failed_items[0].error).toMatchObject({
        code: 1908,
        message:
          "Error validating configuration: (1235): Invalid value for element 'logall': maybe., (1202): Configuration error at 'etc/ossec.conf'.",
      });
      const section = before.replace('</ossec_config>', '  <bogus>1</bogus>\n</ossec_config>');
      const unknown = await request(
        api.url,
        token,
        'PUT',
        '/manager/configuration',
        section,
        OCTET,
      );
      expect(unknown.json.data.failed_items[0].error.message).toContain(
        "(1230): Invalid element in the configuration: 'bogus'.",
      );
      expect(await raw()).toBe(before);
      const json = await request(api.url, token, 'PUT', '/manager/configuration', before);
      expect(json.status).toBe(415);
    });

    it('needs manager:update_config to replace the file, and masks secrets for others', async () => {
      const reader = await login(api.url, READONLY_USER);
      const put = await request(
        api.url,
        reader,
        'PUT',
        '/manager/configuration',
        await raw(),
        OCTET,
      );
      expect(put.status).toBe(403);
      const masked = await request(api.url, reader, 'GET', '/manager/configuration?raw=true');
      expect(masked.text).toContain('<key>*****</key>');
      expect(await raw()).not.toContain('<key>*****</key>');
    });

    it('restarts: the API answers 1017 for the restart time, then answers again', async () => {
      const validation = await request(api.url, token, 'GET', '/manager/configuration/validation');
      expect(validation.json.data.affected_items).toEqual([{ name: 'node01', status: 'OK' }]);
      const restart = await request(api.url, token, 'PUT', '/manager/restart');
      expect(restart.status).toBe(202);
      expect(restart.json.data.affected_items).toEqual(['node01']);
      const down = await request(api.url, token, 'GET', '/manager/status');
      expect(down.json).toMatchObject({ error: 1017 });
      clock += 1999;
      expect((await request(api.url, token, 'GET', '/manager/status')).status).toBe(500);
      clock += 1;
      expect((await request(api.url, token, 'GET', '/manager/status')).status).toBe(200);
      api.setRestartDuration(0);
      await request(api.url, token, 'PUT', '/manager/restart');
      expect((await request(api.url, token, 'GET', '/manager/status')).status).toBe(200);
    });
  });

  describe('a cluster', () => {
    let api: ManagedApi;
    let token: string;
    beforeAll(async () => ({ api, token } = await start({ cluster: DEMO_CLUSTER })));

    it('keeps one file per node, read and replaced under /cluster/{node_id}/configuration', async () => {
      const worker = await request(
        api.url,
        token,
        'GET',
        '/cluster/worker1/configuration?raw=true',
      );
      expect(worker.headers.get('content-type')).toContain('application/xml');
      expect(worker.text).toContain('<node_name>worker1</node_name>');
      const edited = worker.text.replace('<logall>no</logall>', '<logall>yes</logall>');
      const put = await request(
        api.url,
        token,
        'PUT',
        '/cluster/worker1/configuration',
        edited,
        OCTET,
      );
      expect(put.json).toMatchObject({
        message: 'Configuration was successfully updated in specified node',
        data: { affected_items: ['worker1'] },
      });
      const global = await request(
        api.url,
        token,
        'GET',
        '/cluster/worker1/configuration?section=global&field=logall',
      );
      expect(global.json.data.affected_items).toEqual([{ global: { logall: 'yes' } }]);
      const master = await request(
        api.url,
        token,
        'GET',
        '/cluster/master-node/configuration?raw=true',
      );
      expect(master.text).toContain('<logall>no</logall>');
      const unknown = await request(api.url, token, 'GET', '/cluster/nowhere/configuration');
      expect(unknown.json).toMatchObject({ error: 1730 });
    });

    it('checks every node, and restarts one node or all of them', async () => {
      const validation = await request(api.url, token, 'GET', '/cluster/configuration/validation');
      expect(validation.json.data.affected_items).toEqual([
        { name: 'master-node', status: 'OK' },
        { name: 'worker1', status: 'OK' },
        { name: 'worker2', status: 'OK' },
      ]);
      const one = await request(api.url, token, 'PUT', '/cluster/restart?nodes_list=worker2');
      expect(one.status).toBe(202);
      expect(one.json.data.affected_items).toEqual(['worker2']);
      expect((await request(api.url, token, 'GET', '/cluster/worker2/status')).json.error).toBe(
        1017,
      );
      expect((await request(api.url, token, 'GET', '/cluster/worker1/status')).status).toBe(200);
      clock += 3000;
      expect((await request(api.url, token, 'GET', '/cluster/worker2/status')).status).toBe(200);
      const all = await request(api.url, token, 'PUT', '/cluster/restart');
      expect(all.json.data.affected_items).toEqual(['master-node', 'worker1', 'worker2']);
      expect((await request(api.url, token, 'GET', '/cluster/status')).json.error).toBe(1017);
      clock += 3000;
      expect((await request(api.url, token, 'GET', '/cluster/status')).status).toBe(200);
    });
  });

  it('records each upgrade as a task: in progress, then done or failed with its error', async () => {
    const { api, token } = await start({ upgradeMs: 1000 });
    const agents = await request(
      api.url,
      token,
      'GET',
      '/agents?status=active&q=id!=000&select=id',
    );
    const [first, second] = agents.json.data.affected_items.map(
      (agent: { id: string }) => agent.id,
    );
    const ok = await request(
      api.url,
      token,
      'PUT',
      `/agents/upgrade?agents_list=${first}&force=true`,
    );
    expect(ok.json.data.affected_items).toEqual([{ agent: first, task_id: 1 }]);
    api.setUpgradeOutcome('Upgrade procedure exited with error code');
    await request(api.url, token, 'PUT', `/agents/upgrade?agents_list=${second}&force=true`);
    const running = await request(api.url, token, 'GET', '/tasks/status');
    expect(running.json.data.affected_items.map((task: { status: string }) => task.status)).toEqual(
      ['In progress', 'In progress'],
    );
    clock += 1000;
    const ended = await request(api.url, token, 'GET', '/tasks/status?sort=-task_id');
    expect(ended.json).toMatchObject({
      message: "All specified task's status were returned",
      data: {
        total_affected_items: 2,
        affected_items: [
          {
            task_id: 2,
            agent: Number(second),
            module: 'upgrade_module',
            command: 'upgrade',
            status: 'Failed',
            error_message: 'Upgrade procedure exited with error code',
          },
          { task_id: 1, agent: Number(first), status: 'Done' },
        ],
      },
    });
    const failed = await request(api.url, token, 'GET', '/tasks/status?status=Failed');
    expect(failed.json.data.total_affected_items).toBe(1);
  });
});
