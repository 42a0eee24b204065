import { login, request } from './test-client';
import { type ManagedApi, startManagedApi } from './index';
import { ADMIN_USER, READONLY_USER, RUN_AS_USER } from './users';

// Servers start slowly on a loaded machine.
jest.setTimeout(30_000);

describe('simulator RBAC administration (/security/*)', () => {
  let api: ManagedApi;
  let admin: string;
  let readonly: string;
  const as = (token: string, method: string, path: string, body?: unknown) =>
    request(api.url, token, method, path, body);

  beforeAll(async () => {
    api = await startManagedApi({
      agents: 5,
      roles: [
        {
          name: 'user_reader',
          policies: [
            { actions: ['security:read'], resources: ['user:id:*'], effect: 'allow' },
            { actions: ['security:read'], resources: ['user:id:1'], effect: 'deny' },
          ],
        },
      ],
      users: [{ username: 'user-reader', password: 'User.Reader1', roles: ['user_reader'] }],
    });
    admin = await login(api.url, ADMIN_USER);
    readonly = await login(api.url, READONLY_USER);
  });
  afterAll(() => api.stop());

  it('lists users paged, sorted and searched, reserved ones included', async () => {
    const page = await as(admin, 'GET', '/security/users?limit=2&sort=-id');
    expect(page.json.data.total_affected_items).toBe(4);
    expect(page.json.data.affected_items.map((u: { id: number }) => u.id)).toEqual([101, 100]);
    const found = await as(admin, 'GET', '/security/users?search=wui');
    expect(found.json.data.affected_items).toEqual([
      { id: 2, username: RUN_AS_USER.username, allow_run_as: true, roles: [1] },
    ]);
  });

  it('leaves out users the caller may not read, and names them when asked for', async () => {
    const reader = await login(api.url, { username: 'user-reader', password: 'User.Reader1' });
    const all = await as(reader, 'GET', '/security/users');
    expect(all.json.data.affected_items.map((u: { id: number }) => u.id)).toEqual([2, 100, 101]);
    const named = await as(reader, 'GET', '/security/users?user_ids=1,2');
    expect(named.json.error).toBe(2);
    expect(named.json.data.failed_items[0]).toMatchObject({
      error: { code: 4000, message: 'Permission denied: Resource type: user:id' },
      id: [1],
    });
    const none = await as(readonly, 'GET', '/security/users');
    expect(none.json.data.total_affected_items).toBe(0);
    const denied = await as(readonly, 'GET', '/security/users?user_ids=1');
    expect(denied.status).toBe(403);
    expect(denied.json.error).toBe(4000);
  });

  it('creates a user only with a password of the API rules', async () => {
    const short = await as(admin, 'POST', '/security/users', {
      username: 'analyst',
      password: 'Ab1.',
    });
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({ error: 5009 });
    const plain = await as(admin, 'POST', '/security/users', {
      username: 'analyst',
      password: 'abcdefgh1',
    });
    expect(plain.json).toMatchObject({ error: 5007, detail: 'Insecure user password provided' });
    const made = await as(admin, 'POST', '/security/users', {
      username: 'analyst',
      password: 'Analyst.2025',
    });
    expect(made.json).toMatchObject({ error: 0, message: 'User was successfully created' });
    expect(made.json.data.affected_items[0]).toMatchObject({ username: 'analyst', roles: [] });
    const again = await as(admin, 'POST', '/security/users', {
      username: 'analyst',
      password: 'Analyst.2025',
    });
    expect(again.json.data.failed_items[0].error.code).toBe(5000);
    const tiny = await as(admin, 'POST', '/security/users', { username: 'ab', password: 'x' });
    expect(tiny.status).toBe(400);
    expect(tiny.json.detail).toBe("'ab' is too short");
  });

  it('gives a user a role, allows run_as and changes the password', async () => {
    const user = (await as(admin, 'GET', '/security/users?search=analyst')).json.data
      .affected_items[0];
    const linked = await as(admin, 'POST', `/security/users/${user.id}/roles?role_ids=2`);
    expect(linked.json.message).toBe('All roles were linked to user analyst');
    expect(linked.json.data.affected_items[0].roles).toEqual([2]);
    const twice = await as(admin, 'POST', `/security/users/${user.id}/roles?role_ids=2`);
    expect(twice.json.data.failed_items[0].error.code).toBe(4017);
    const runAs = await as(admin, 'PUT', `/security/users/${user.id}/run_as?allow_run_as=true`);
    expect(runAs.json.data.affected_items[0].allow_run_as).toBe(true);
    const changed = await as(admin, 'PUT', `/security/users/${user.id}`, {
      password: 'Analyst.2026',
    });
    expect(changed.json.message).toBe('User was successfully updated');
    await expect(
      login(api.url, { username: 'analyst', password: 'Analyst.2026' }),
    ).resolves.toBeTruthy();
    const unlinked = await as(admin, 'DELETE', `/security/users/${user.id}/roles?role_ids=2`);
    expect(unlinked.json.data.affected_items[0].roles).toEqual([]);
  });

  it('refuses changes to reserved users, roles, policies and rules', async () => {
    const reservedUser = await as(admin, 'DELETE', '/security/users?user_ids=2');
    expect(reservedUser.json.data.failed_items[0].error.code).toBe(5004);
    const role = await as(admin, 'PUT', '/security/roles/2', { name: 'renamed' });
    expect(role.json.error).toBe(1);
    expect(role.json.data.failed_items[0].error).toMatchObject({
      code: 4008,
      message: "The specified resource is required for a correct Wazuh's functionality",
    });
    const link = await as(admin, 'POST', '/security/roles/2/policies?policy_ids=1');
    expect(link.json.data.failed_items[0].error.code).toBe(4008);
    const policy = await as(admin, 'DELETE', '/security/policies?policy_ids=1');
    expect(policy.json.data.failed_items[0].error.code).toBe(4008);
    const rule = await as(admin, 'PUT', '/security/rules/1', { name: 'other' });
    expect(rule.json.data.failed_items[0].error.code).toBe(4008);
    const userRole = await as(admin, 'POST', '/security/users/1/roles?role_ids=2');
    expect(userRole.json.data.failed_items[0].error.code).toBe(4008);
  });

  it('builds a role from a new policy and a mapping rule, which a run_as login then gets', async () => {
    const policy = await as(admin, 'POST', '/security/policies', {
      name: 'agents_restart',
      policy: { actions: ['agent:restart'], resources: ['agent:id:*'], effect: 'ALLOW' },
    });
    expect(policy.json.data.affected_items[0]).toMatchObject({
      name: 'agents_restart',
      policy: { effect: 'allow' },
    });
    const policyId = policy.json.data.affected_items[0].id;
    const bad = await as(admin, 'POST', '/security/policies', {
      name: 'bad',
      policy: { actions: ['agent:read'], resources: ['agent id'], effect: 'allow' },
    });
    expect(bad.json.data.failed_items[0].error.code).toBe(4006);
    const role = await as(admin, 'POST', '/security/roles', { name: 'restarters' });
    const roleId = role.json.data.affected_items[0].id;
    expect(roleId).toBeGreaterThan(99);
    const renamed = await as(admin, 'PUT', `/security/roles/${roleId}`, { name: 'restarter' });
    expect(renamed.json.data.affected_items[0].name).toBe('restarter');
    await as(admin, 'POST', `/security/roles/${roleId}/policies?policy_ids=${policyId}`);
    const rule = await as(admin, 'POST', '/security/rules', {
      name: 'alice_restarts',
      rule: { FIND: { user_name: 'alice' } },
    });
    const ruleId = rule.json.data.affected_items[0].id;
    const linked = await as(admin, 'POST', `/security/roles/${roleId}/rules?rule_ids=${ruleId}`);
    expect(linked.json.data.affected_items[0]).toMatchObject({
      policies: [policyId],
      rules: [ruleId],
    });

    const alice = await login(api.url, RUN_AS_USER, { user_name: 'alice' });
    const policies = await as(alice, 'GET', '/security/users/me/policies');
    expect(policies.json.data).toEqual({
      'agent:restart': { 'agent:id:*': 'allow' },
      rbac_mode: 'white',
    });

    // Unlinking the rule invalidates run_as tokens, so the next login maps roles afresh.
    await as(admin, 'DELETE', `/security/roles/${roleId}/rules?rule_ids=${ruleId}`);
    expect((await as(alice, 'GET', '/security/users/me/policies')).status).toBe(401);

    const deleted = await as(admin, 'DELETE', `/security/roles?role_ids=${roleId}`);
    expect(deleted.json.message).toBe('All specified roles were deleted');
    const gone = await as(admin, 'DELETE', `/security/policies?policy_ids=${policyId}`);
    expect(gone.json.data.affected_items[0].roles).toEqual([]);
  });

  it('serves the RBAC catalogue a policy editor picks from', async () => {
    const actions = await as(admin, 'GET', '/security/actions');
    expect(actions.json.data['agent:delete']).toMatchObject({
      resources: ['agent:id', 'agent:group'],
      related_endpoints: ['DELETE /agents'],
    });
    const forGet = await as(
      admin,
      'GET',
      `/security/actions?endpoint=${encodeURIComponent('GET /agents')}`,
    );
    expect(Object.keys(forGet.json.data)).toEqual(['agent:read']);
    const resources = await as(admin, 'GET', '/security/resources');
    expect(Object.keys(resources.json.data)).toContain('agent:id');
    const one = await as(admin, 'GET', '/security/resources?resource=user:id');
    expect(Object.keys(one.json.data)).toEqual(['user:id']);
    expect((await as(readonly, 'GET', '/security/actions')).status).toBe(403);
  });
});
