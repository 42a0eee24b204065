/**
 * The Security app's calls, as its screens make them (`SecurityApi` over the browser's managed-API
 * client), through the real dashboard's proxy to the simulator: creating a user, a role, a policy with
 * an action from the API's catalogue and a mapping rule, and a reserved role that cannot be edited.
 */
import type { HttpStart } from '../../../host/public/types';
import type { ApiHost } from '../../../plugins/main/common/api-hosts';
import { ruleFromForm } from '../../../plugins/main/common/security-mapping';
import { ManagedApi } from '../../../plugins/main/public/services/managed-api';
import { errorFromBody } from '../../../plugins/main/public/services/svc-error';
import {
  type ApiRole,
  type ApiUser,
  SecurityApi,
} from '../../../plugins/main/public/apps/security/security-api';
import { HOST_ID, type MainTestEnv, startMainTestEnv } from '../main/support';
import type { TestClient } from '../harness';

// Starting a dashboard and a simulator takes a while on a loaded machine.
jest.setTimeout(60_000);

/** The browser's `core.http.post` over a logged-in test client. */
function httpOver(client: TestClient): HttpStart {
  return {
    post: async (path: string, options: { body: string }) => {
      const response = await client.post(path, { body: JSON.parse(options.body) });
      if (response.status >= 400) throw errorFromBody(response.json(), response.status, undefined);
      return response.json();
    },
  } as unknown as HttpStart;
}

describe('Security app calls against the managed API', () => {
  let env: MainTestEnv;
  let security: SecurityApi;
  const host = { id: HOST_ID, run_as: true } as ApiHost;

  beforeAll(async () => {
    env = await startMainTestEnv();
    security = new SecurityApi(new ManagedApi(httpOver(env.admin)), host);
  });
  afterAll(() => env.stop());

  async function users(): Promise<ApiUser[]> {
    const answer = await env.admin.post('/api/request', {
      body: { id: HOST_ID, method: 'GET', path: '/security/users?search=analyst' },
    });
    return answer.json<{ data: { affected_items: ApiUser[] } }>().data.affected_items;
  }

  it('creates a user, refuses a weak password with the API message, gives the user a role', async () => {
    await expect(security.createUser('analyst', 'weakpass')).rejects.toMatchObject({
      detail: expect.stringContaining('Insecure user password provided'),
    });
    await security.createUser('analyst', 'Analyst.2025');
    const [analyst] = await users();
    expect(analyst).toMatchObject({ username: 'analyst', allow_run_as: false, roles: [] });
    await security.linkUserRole(analyst, 2, true);
    await security.setRunAs(analyst, true);
    expect((await users())[0]).toMatchObject({ allow_run_as: true, roles: [2] });
  });

  it('creates a role and a policy from the catalogue, and links them', async () => {
    const catalogue = await security.actions();
    expect(catalogue['agent:restart'].resources).toContain('agent:id');
    await security.createRole('restarters');
    await security.savePolicy('restart_all', {
      actions: ['agent:restart'],
      resources: ['agent:id:*'],
      effect: 'allow',
    });
    const role = (await security.roles()).find((entry) => entry.name === 'restarters') as ApiRole;
    const policy = (await security.policies()).find((entry) => entry.name === 'restart_all');
    await security.linkRole(role, 'policies', policy!.id, true);
    const linked = (await security.roles()).find((entry) => entry.id === role.id);
    expect(linked?.policies).toEqual([policy!.id]);
  });

  it('creates a mapping rule from the form and maps it to a role', async () => {
    const rule = ruleFromForm({
      combine: 'any',
      conditions: [
        { field: 'user_name', value: 'ana' },
        { field: 'roles', value: 'analysts' },
      ],
    });
    await security.saveRule('analysts_restart', rule);
    const saved = (await security.rules()).find((entry) => entry.name === 'analysts_restart');
    expect(saved?.rule).toEqual({
      OR: [{ FIND: { user_name: 'ana' } }, { FIND: { roles: 'analysts' } }],
    });
    const role = (await security.roles()).find((entry) => entry.name === 'restarters') as ApiRole;
    await security.linkRole(role, 'rules', saved!.id, true);
    expect((await security.rules()).find((entry) => entry.id === saved!.id)?.roles).toEqual([
      role.id,
    ]);
  });

  it('cannot edit a reserved role: the API refuses and says why', async () => {
    const readonly = (await security.roles()).find((entry) => entry.name === 'readonly') as ApiRole;
    await expect(security.renameRole(readonly, 'renamed')).rejects.toMatchObject({
      detail: expect.stringContaining("required for a correct Wazuh's functionality"),
    });
    await expect(security.linkRole(readonly, 'policies', 1, true)).rejects.toBeDefined();
    expect((await security.roles()).find((entry) => entry.id === readonly.id)?.name).toBe(
      'readonly',
    );
  });
});
