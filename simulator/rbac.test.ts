import { login, request } from './test-client';
import { type ManagedApi, startManagedApi } from './index';
import { ADMIN_USER, READONLY_USER } from './users';

// Servers and child processes start slowly on a loaded machine.
jest.setTimeout(30_000);

const RBAC_REMEDIATION =
  'Please, make sure you have permissions to execute the current request. For more information on how to set up permissions, please visit https://documentation.wazuh.com/4.14/user-manual/api/rbac/configuration.html';

describe('simulator RBAC', () => {
  let api: ManagedApi;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    api = await startManagedApi({
      agents: 40,
      roles: [
        {
          name: 'web_readers',
          policies: [
            {
              actions: ['agent:read', 'sca:read'],
              resources: ['agent:group:web'],
              effect: 'allow',
            },
          ],
        },
        {
          name: 'all_but_one',
          policies: [
            { actions: ['agent:read'], resources: ['agent:id:*'], effect: 'allow' },
            { actions: ['agent:read'], resources: ['agent:id:001'], effect: 'deny' },
          ],
        },
        {
          name: 'assigners',
          policies: [
            { actions: ['agent:modify_group'], resources: ['agent:id:*'], effect: 'allow' },
            { actions: ['group:modify_assignments'], resources: ['group:id:web'], effect: 'allow' },
          ],
        },
        {
          name: 'sshd_rules',
          policies: [
            {
              actions: ['rules:read'],
              resources: ['rule:file:0095-sshd_rules.xml'],
              effect: 'allow',
            },
          ],
        },
      ],
      users: [
        { username: 'web-reader', password: 'Web.Reader1', roles: ['web_readers'] },
        { username: 'agents-reader', password: 'Agents.Reader1', roles: ['agents_readonly'] },
        { username: 'cluster-reader', password: 'Cluster.Reader1', roles: ['cluster_readonly'] },
        { username: 'all-but-one', password: 'All.But.One1', roles: ['all_but_one'] },
        { username: 'assigner', password: 'Assigner.1', roles: ['assigners'] },
        { username: 'sshd-reader', password: 'Sshd.Reader1', roles: ['sshd_rules'] },
      ],
    });
    tokens.admin = await login(api.url, ADMIN_USER);
    tokens.readonly = await login(api.url, READONLY_USER);
    for (const [username, password] of [
      ['web-reader', 'Web.Reader1'],
      ['agents-reader', 'Agents.Reader1'],
      ['cluster-reader', 'Cluster.Reader1'],
      ['all-but-one', 'All.But.One1'],
      ['assigner', 'Assigner.1'],
      ['sshd-reader', 'Sshd.Reader1'],
    ]) {
      tokens[username] = await login(api.url, { username, password });
    }
  });
  afterAll(() => api.stop());

  const as = (who: string, method: string, path: string) =>
    request(api.url, tokens[who], method, path);

  async function webAgentIds(): Promise<string[]> {
    const response = await as('admin', 'GET', '/agents?group=web&select=id&limit=1000');
    return response.json.data.affected_items.map((agent: { id: string }) => agent.id);
  }

  it('lets the read-only role list every agent', async () => {
    const all = await as('admin', 'GET', '/agents?limit=1');
    const readonly = await as('readonly', 'GET', '/agents?limit=1');
    expect(readonly.json.data.total_affected_items).toBe(all.json.data.total_affected_items);
  });

  it('refuses a read-only restart with 403 code 4000 naming the resource', async () => {
    const response = await as('readonly', 'PUT', '/agents/001/restart');
    expect(response.status).toBe(403);
    expect(response.json).toEqual({
      title: 'Permission Denied',
      detail: 'Permission denied: Resource type: agent:id',
      remediation: RBAC_REMEDIATION,
      dapi_errors: { node01: { error: 'Permission denied: Resource type: agent:id' } },
      error: 4000,
    });
  });

  it('uses unknown-node for callers without cluster:read and *:* for resourceless actions', async () => {
    const response = await as('agents-reader', 'GET', '/manager/status');
    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({
      detail: 'Permission denied: Resource type: *:*',
      dapi_errors: { 'unknown-node': { error: 'Permission denied: Resource type: *:*' } },
      error: 4000,
    });
  });

  it('filters lists silently to the agents a group grant reaches', async () => {
    const web = await webAgentIds();
    expect(web.length).toBeGreaterThan(0);
    const response = await as('web-reader', 'GET', '/agents?select=id&limit=1000');
    expect(response.json.data.affected_items.map((agent: { id: string }) => agent.id)).toEqual(web);
    expect(response.json.error).toBe(0);
  });

  it('gives 403 when every named agent is denied and per-item 4000 failures when some are', async () => {
    const web = await webAgentIds();
    const all = (
      await as('admin', 'GET', '/agents?select=id&limit=1000')
    ).json.data.affected_items.map((agent: { id: string }) => agent.id);
    const others = all.filter((id: string) => !web.includes(id) && id !== '000').slice(0, 2);
    const denied = await as('web-reader', 'GET', `/agents?agents_list=${others.join(',')}`);
    expect(denied.status).toBe(403);
    expect(denied.json.detail).toBe('Permission denied: Resource type: agent:id');
    const mixed = await as(
      'web-reader',
      'GET',
      `/agents?agents_list=${[web[0], ...others].join(',')}&select=id`,
    );
    expect(mixed.status).toBe(200);
    expect(mixed.json).toMatchObject({
      data: {
        affected_items: [{ id: web[0] }],
        total_affected_items: 1,
        total_failed_items: 2,
        failed_items: [
          {
            error: {
              code: 4000,
              message: 'Permission denied: Resource type: agent:id',
              remediation: RBAC_REMEDIATION,
            },
            id: others,
          },
        ],
      },
      message: 'Some agents information was not returned',
      error: 2,
    });
  });

  it('returns an empty list to roles without agent:read, and 403 for named agents', async () => {
    const list = await as('cluster-reader', 'GET', '/agents');
    expect(list.json).toEqual({
      data: {
        affected_items: [],
        total_affected_items: 0,
        total_failed_items: 0,
        failed_items: [],
      },
      message: 'No agent information was returned',
      error: 0,
    });
    expect((await as('cluster-reader', 'GET', '/agents?agents_list=001')).status).toBe(403);
    const summary = await as('cluster-reader', 'GET', '/agents/summary/status');
    expect(summary.json.data.connection.total).toBe(0);
  });

  it('applies a later deny over an earlier wildcard allow', async () => {
    const list = await as('all-but-one', 'GET', '/agents?select=id&limit=3');
    expect(list.json.data.affected_items.map((agent: { id: string }) => agent.id)).toEqual([
      '000',
      '002',
      '003',
    ]);
    expect((await as('all-but-one', 'GET', '/agents?agents_list=001')).status).toBe(403);
  });

  it('checks both the agent and the group on group assignment', async () => {
    const web = await webAgentIds();
    const target = (await as('admin', 'GET', '/agents?q=group!=web;id!=000&select=id&limit=1')).json
      .data.affected_items[0].id;
    expect(web).not.toContain(target);
    const refused = await as('assigner', 'PUT', `/agents/${target}/group/database`);
    expect(refused.status).toBe(403);
    expect(refused.json.detail).toBe('Permission denied: Resource type: group:id');
    const assigned = await as('assigner', 'PUT', `/agents/${target}/group/web`);
    expect(assigned.json).toMatchObject({
      data: { affected_items: [target] },
      message: 'All selected agents were assigned to web',
      error: 0,
    });
  });

  it('filters rules per file and refuses callers who can read no rule file', async () => {
    const rules = await as('sshd-reader', 'GET', '/rules?limit=1000&select=filename');
    const files = new Set(
      rules.json.data.affected_items.map((rule: { filename: string }) => rule.filename),
    );
    expect([...files]).toEqual(['0095-sshd_rules.xml']);
    const refused = await as('agents-reader', 'GET', '/rules');
    expect(refused.status).toBe(403);
    expect(refused.json.detail).toBe('Permission denied: Resource type: rule:file');
  });

  it('checks sca:read on the named agent', async () => {
    const web = await webAgentIds();
    expect((await as('web-reader', 'GET', `/sca/${web[0]}`)).status).toBe(200);
    expect((await as('agents-reader', 'GET', `/sca/${web[0]}`)).status).toBe(403);
  });

  it('reports the processed permissions of the read-only role', async () => {
    const response = await as('readonly', 'GET', '/security/users/me/policies');
    expect(JSON.stringify(response.json)).toBe(
      JSON.stringify({
        data: {
          'agent:read': { 'agent:id:*': 'allow', 'agent:group:*': 'allow' },
          'group:read': { 'group:id:*': 'allow' },
          'ciscat:read': { 'agent:id:*': 'allow' },
          'cluster:status': { '*:*:*': 'allow' },
          'manager:read': { '*:*:*': 'allow' },
          'manager:read_api_config': { '*:*:*': 'allow' },
          'cluster:read_api_config': { 'node:id:*': 'allow' },
          'cluster:read': { 'node:id:*': 'allow' },
          'decoders:read': { 'decoder:file:*': 'allow' },
          'lists:read': { 'list:file:*': 'allow' },
          'rootcheck:read': { 'agent:id:*': 'allow' },
          'rules:read': { 'rule:file:*': 'allow' },
          'mitre:read': { '*:*:*': 'allow' },
          'sca:read': { 'agent:id:*': 'allow' },
          'syscheck:read': { 'agent:id:*': 'allow' },
          'syscollector:read': { 'agent:id:*': 'allow' },
          rbac_mode: 'white',
        },
        message: 'Current user processed policies information was returned',
        error: 0,
      }),
    );
  });

  it('masks configuration secrets for callers that may not update it', async () => {
    const reader = await as('readonly', 'GET', '/manager/configuration?section=cluster&field=key');
    const admin = await as('admin', 'GET', '/manager/configuration?section=cluster&field=key');
    expect(reader.json.data.affected_items[0].cluster.key).toBe('*****');
    expect(admin.json.data.affected_items[0].cluster.key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('serves the current user under both /security/users/me and /security/user/me', async () => {
    for (const path of ['/security/users/me', '/security/user/me']) {
      const response = await as('readonly', 'GET', path);
      expect(response.json).toMatchObject({
        data: {
          affected_items: [
            {
              username: 'wazuh-readonly',
              allow_run_as: false,
              roles: [{ id: 2, name: 'readonly' }],
            },
          ],
        },
        message: 'Current user information was returned',
        error: 0,
      });
    }
  });
});
