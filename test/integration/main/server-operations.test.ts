/**
 * Server → Configuration through the real dashboard against the simulator: ossec.conf read, refused
 * and applied (per node on a cluster), the managed API's check, the restart and the wait for the
 * manager to answer again, the upgrade tasks, and the enrollment settings of Deploy agent.
 */
import type {
  ApplyOutcome,
  ConfigurationFile,
  ConfigurationRefusalAttributes,
  EnrollmentSettings,
  Readiness,
  RestartOutcome,
} from '../../../plugins/main/common/server-operations';
import { DEMO_CLUSTER } from '../../../simulator';
import { HOST_ID, leakedSecrets, startMainTestEnv, type MainTestEnv } from './support';

jest.setTimeout(90_000);

const START = Date.parse('2026-03-02T10:00:00Z');
const CONFIGURATION = '/api/server/configuration';

type FileAnswer = ConfigurationFile & { hash: string };
type Refusal = { message: string; attributes: ConfigurationRefusalAttributes };

describe('server configuration, restart, tasks and enrollment of a single manager', () => {
  let env: MainTestEnv;
  let clock = START;

  beforeAll(async () => {
    env = await startMainTestEnv({
      simulator: { now: () => clock, managerRestartMs: 5_000, upgradeMs: 1_000 },
      svc: {
        enrollment: { address: 'manager.example.org' },
        server: { configurationMaxBytes: 20_000 },
      },
    });
  });
  afterAll(async () => {
    expect(leakedSecrets(env)).toEqual([]);
    await env?.stop();
  });

  async function file(): Promise<FileAnswer> {
    const response = await env.admin.get(CONFIGURATION, { query: { apiHostId: HOST_ID } });
    expect(response.status).toBe(200);
    return response.json<FileAnswer>();
  }

  const apply = (text: string, baseHash: string, client = env.admin) =>
    client.put(CONFIGURATION, { body: { apiHostId: HOST_ID, text, baseHash } });

  it('reads ossec.conf as the managed API keeps it', async () => {
    const current = await file();
    expect(current.text).toMatch(/^<ossec_config>/);
    expect(current.text).toContain('<use_password>no</use_password>');
    expect(current.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(current.lastApplied).toBeUndefined();
  });

  it('lets only admins apply a file', async () => {
    const current = await file();
    const refused = await apply(current.text, current.hash, env.user);
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ attributes: { code: 'role_required' } });
    const restart = await env.user.post('/api/server/restart', { body: { apiHostId: HOST_ID } });
    expect(restart.status).toBe(403);
  });

  it('never applies a file the managed API refuses, and says why line by line', async () => {
    const before = await file();
    const malformed = await apply('<ossec_config>\n  <global>\n</ossec_config>\n', before.hash);
    expect(malformed.status).toBe(400);
    const syntax = malformed.json<Refusal>().attributes;
    expect(syntax.code).toBe('configuration_refused');
    expect(syntax.problems).toEqual([
      expect.objectContaining({ node: 'manager', code: 1113, line: 3 }),
    ]);
    const invalid = before.text
      .replace('<logall>no</logall>', '<logall>maybe</logall>')
      .replace('</ossec_config>', '  <bogus>1</bogus>\n</ossec_config>');
    const refused = await apply(invalid, before.hash);
    expect(refused.status).toBe(400);
    expect(refused.json<Refusal>().attributes.problems.map((problem) => problem.message)).toEqual([
      "(1235): Invalid value for element 'logall': maybe.",
      "(1230): Invalid element in the configuration: 'bogus'.",
      "(1202): Configuration error at 'etc/ossec.conf'.",
    ]);
    const after = await file();
    expect(after.text).toBe(before.text);
    expect(after.lastApplied).toBeUndefined();
  });

  it('refuses a file larger than svc.server.configurationMaxBytes, and one based on a stale read', async () => {
    const current = await file();
    const large = await apply(`${current.text}<!--${'x'.repeat(20_000)}-->`, current.hash);
    expect(large.status).toBe(413);
    expect(large.json()).toMatchObject({ attributes: { code: 'configuration_too_large' } });
    const stale = await apply(current.text, 'f'.repeat(64));
    expect(stale.status).toBe(409);
    expect(stale.json()).toMatchObject({ attributes: { code: 'configuration_changed' } });
  });

  it('applies an accepted file, checks it, and keeps the text it replaced', async () => {
    const before = await file();
    const edited = before.text.replace(
      '<use_password>no</use_password>',
      '<use_password>yes</use_password>',
    );
    const applied = await apply(edited, before.hash);
    expect(applied.status).toBe(200);
    expect(applied.json<ApplyOutcome>().validation).toEqual([
      { node: 'node01', ok: true, problems: [] },
    ]);
    const after = await file();
    expect(after.text).toBe(edited);
    expect(after.lastApplied).toMatchObject({
      appliedText: edited,
      previousText: before.text,
      appliedBy: 'admin',
    });
    const proxied = await env.admin.post('/api/request', {
      body: { id: HOST_ID, method: 'GET', path: '/manager/configuration?section=auth' },
    });
    expect(proxied.json()).toMatchObject({
      data: { affected_items: [{ auth: { use_password: 'yes' } }] },
    });
  });

  it('gives Deploy agent the enrollment password and the configured server address', async () => {
    const response = await env.admin.get('/api/server/enrollment', {
      query: { apiHostId: HOST_ID },
    });
    expect(response.status).toBe(200);
    expect(response.json<EnrollmentSettings>()).toEqual({
      address: 'manager.example.org',
      passwordRequired: true,
      password: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('restarts the manager and answers "not ready" until it answers again', async () => {
    const validation = await env.admin.get('/api/server/configuration/validation', {
      query: { apiHostId: HOST_ID },
    });
    expect(validation.json()).toEqual({ nodes: [{ node: 'node01', ok: true, problems: [] }] });
    const restart = await env.admin.post('/api/server/restart', { body: { apiHostId: HOST_ID } });
    expect(restart.status).toBe(200);
    const outcome = restart.json<RestartOutcome>();
    expect(outcome.nodes).toEqual(['node01']);
    expect(Date.parse(outcome.waitUntil)).toBeGreaterThan(Date.parse('2020-01-01'));
    const readiness = () =>
      env.admin.get('/api/server/readiness', { query: { apiHostId: HOST_ID } });
    const down = (await readiness()).json<Readiness>();
    expect(down.ready).toBe(false);
    expect(down.nodes[0].detail).toContain('Some Wazuh daemons are not ready yet');
    clock += 4_999;
    expect((await readiness()).json<Readiness>().ready).toBe(false);
    clock += 1;
    expect((await readiness()).json<Readiness>()).toEqual({
      ready: true,
      nodes: [{ node: 'manager', ready: true }],
    });
  });

  it('lists upgrade tasks in progress, failed and finished, with their errors', async () => {
    const proxy = (method: string, path: string) =>
      env.admin.post('/api/request', { body: { id: HOST_ID, method, path } });
    await proxy('PUT', '/agents/upgrade?agents_list=001&force=true');
    env.simulator.setUpgradeOutcome('Upgrade procedure exited with error code');
    await proxy('PUT', '/agents/upgrade?agents_list=002&force=true');
    env.simulator.setUpgradeOutcome(null);
    const running = await proxy('GET', '/tasks/status?sort=task_id');
    expect(
      running.json<{ data: { affected_items: Array<{ status: string }> } }>().data.affected_items,
    ).toEqual([
      expect.objectContaining({ status: 'In progress' }),
      expect.objectContaining({ status: 'In progress' }),
    ]);
    clock += 1_000;
    const ended = await proxy('GET', '/tasks/status?sort=task_id');
    expect(ended.json()).toMatchObject({
      data: {
        affected_items: [
          { task_id: 1, agent: 1, status: 'Done' },
          {
            task_id: 2,
            agent: 2,
            status: 'Failed',
            error_message: 'Upgrade procedure exited with error code',
          },
        ],
      },
    });
  });
});

describe('server configuration of a cluster, node by node', () => {
  let env: MainTestEnv;
  let clock = START;

  beforeAll(async () => {
    env = await startMainTestEnv({
      simulator: { cluster: DEMO_CLUSTER, now: () => clock, managerRestartMs: 3_000 },
    });
  });
  afterAll(async () => {
    await env?.stop();
  });

  async function file(node: string): Promise<FileAnswer> {
    const response = await env.admin.get(CONFIGURATION, { query: { apiHostId: HOST_ID, node } });
    expect(response.status).toBe(200);
    return response.json<FileAnswer>();
  }

  it('reads and applies one node’s file through /cluster/{node_id}/configuration', async () => {
    const worker = await file('worker1');
    expect(worker.node).toBe('worker1');
    expect(worker.text).toContain('<node_name>worker1</node_name>');
    const edited = worker.text.replace('<logall>no</logall>', '<logall>yes</logall>');
    const applied = await env.admin.put(CONFIGURATION, {
      body: { apiHostId: HOST_ID, node: 'worker1', text: edited, baseHash: worker.hash },
    });
    expect(applied.status).toBe(200);
    expect(applied.json<ApplyOutcome>().validation).toEqual([
      { node: 'worker1', ok: true, problems: [] },
    ]);
    expect((await file('worker1')).text).toBe(edited);
    expect((await file('master-node')).text).toContain('<logall>no</logall>');
    expect((await file('master-node')).lastApplied).toBeUndefined();
    const refused = await env.admin.put(CONFIGURATION, {
      body: {
        apiHostId: HOST_ID,
        node: 'worker2',
        text: '<ossec_config><global></ossec_config>',
        baseHash: (await file('worker2')).hash,
      },
    });
    expect(refused.json<Refusal>().attributes.problems).toEqual([
      expect.objectContaining({ node: 'worker2', code: 1113 }),
    ]);
  });

  it('checks every node and restarts one node, then the whole cluster, waiting for them', async () => {
    const validation = await env.admin.get('/api/server/configuration/validation', {
      query: { apiHostId: HOST_ID, cluster: true },
    });
    expect(validation.json<{ nodes: Array<{ node: string; ok: boolean }> }>().nodes).toEqual([
      expect.objectContaining({ node: 'master-node', ok: true }),
      expect.objectContaining({ node: 'worker1', ok: true }),
      expect.objectContaining({ node: 'worker2', ok: true }),
    ]);
    const readiness = (nodes: string) =>
      env.admin
        .get('/api/server/readiness', { query: { apiHostId: HOST_ID, nodes } })
        .then((response) => response.json<Readiness>());
    const one = await env.admin.post('/api/server/restart', {
      body: { apiHostId: HOST_ID, node: 'worker2' },
    });
    expect(one.json<RestartOutcome>().nodes).toEqual(['worker2']);
    expect(await readiness('worker2')).toMatchObject({
      ready: false,
      nodes: [{ node: 'worker2', ready: false }],
    });
    expect((await readiness('worker1')).ready).toBe(true);
    clock += 3_000;
    expect((await readiness('worker2')).ready).toBe(true);
    const all = await env.admin.post('/api/server/restart', {
      body: { apiHostId: HOST_ID, cluster: true },
    });
    expect(all.json<RestartOutcome>().nodes).toEqual(['master-node', 'worker1', 'worker2']);
    expect((await readiness('master-node,worker1,worker2')).ready).toBe(false);
    clock += 3_000;
    expect((await readiness('master-node,worker1,worker2')).ready).toBe(true);
  });
});
