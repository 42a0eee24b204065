/**
 * The browser's RBAC evaluator (plugins/main/common/rbac-permissions.ts) against the simulator's own
 * decisions: for each case a user holds the case's roles, the evaluator reads that user's
 * `GET /security/users/me/policies`, and the simulator is asked the same question through the request
 * the permission guards. Both must agree on every row.
 */
import { login, request } from '../../../simulator/test-client';
import { type ManagedApi, startManagedApi } from '../../../simulator';
import type { PolicyDocument } from '../../../simulator/rbac/policies';
import {
  type RequiredPermission,
  effectivePolicies,
  isAllowed,
} from '../../../plugins/main/common/rbac-permissions';

// Servers start slowly on a loaded machine.
jest.setTimeout(60_000);

const allow = (action: string, ...resources: string[]): PolicyDocument => ({
  actions: [action],
  resources,
  effect: 'allow',
});
const deny = (action: string, ...resources: string[]): PolicyDocument => ({
  actions: [action],
  resources,
  effect: 'deny',
});

interface Case {
  name: string;
  /** One role per entry, held in this order. */
  roles: PolicyDocument[][];
  /** Questions with the expected answer; `<group>` is replaced by agent 002's first group. */
  asks: Array<[RequiredPermission, boolean]>;
}

const read = (resource: string): RequiredPermission => ({ action: 'agent:read', resource });

const CASES: Case[] = [
  {
    name: 'wildcard allow',
    roles: [[allow('agent:read', 'agent:id:*')]],
    asks: [
      [read('agent:id:001'), true],
      [read('agent:id:*'), true],
    ],
  },
  {
    name: 'a specific deny after a wildcard allow wins for that agent',
    roles: [[allow('agent:read', 'agent:id:*'), deny('agent:read', 'agent:id:001')]],
    asks: [
      [read('agent:id:001'), false],
      [read('agent:id:002'), true],
      [read('agent:id:*'), false],
    ],
  },
  {
    name: 'a later wildcard allow erases an earlier specific deny',
    roles: [[deny('agent:read', 'agent:id:001'), allow('agent:read', 'agent:id:*')]],
    asks: [
      [read('agent:id:001'), true],
      [read('agent:id:*'), true],
    ],
  },
  {
    name: 'deny in a later role wins over an allow in an earlier one',
    roles: [[allow('agent:read', 'agent:id:*')], [deny('agent:read', 'agent:id:003')]],
    asks: [
      [read('agent:id:003'), false],
      [read('agent:id:004'), true],
      [read('agent:id:*'), false],
    ],
  },
  {
    name: 'one agent only',
    roles: [[allow('agent:read', 'agent:id:002')]],
    asks: [
      [read('agent:id:001'), false],
      [read('agent:id:002'), true],
      [read('agent:id:*'), false],
    ],
  },
  {
    name: 'agents reached by group',
    roles: [[allow('agent:read', 'agent:group:<group>')]],
    asks: [
      [read('agent:id:002'), true],
      [read('agent:id:*'), false],
    ],
  },
  {
    name: 'groups: a wildcard deny after a specific allow',
    roles: [[allow('group:read', 'group:id:default'), deny('group:read', 'group:id:*')]],
    asks: [[{ action: 'group:read', resource: 'group:id:default' }, false]],
  },
  {
    name: 'security objects: every role but one',
    roles: [[allow('security:read', 'role:id:*'), deny('security:read', 'role:id:1')]],
    asks: [
      [{ action: 'security:read', resource: 'role:id:1' }, false],
      [{ action: 'security:read', resource: 'role:id:2' }, true],
    ],
  },
  {
    name: 'resourceless: allowed, then denied by a later role',
    roles: [[allow('security:read_config', '*:*:*')], [deny('security:read_config', '*:*:*')]],
    asks: [[{ action: 'security:read_config', resource: '*:*:*' }, false]],
  },
  {
    name: 'resourceless: allowed',
    roles: [[allow('security:read_config', '*:*:*')]],
    asks: [[{ action: 'security:read_config', resource: '*:*:*' }, true]],
  },
];

const AGENTS = 6;

describe('policy evaluator agrees with the managed API (simulator)', () => {
  let api: ManagedApi;
  let admin: string;
  let group = '';
  /** Every agent, the manager's own (000) included. */
  let total = 0;

  beforeAll(async () => {
    // Agent 002's group is only known once the simulator runs: read it, then start the one under test.
    const probe = await startManagedApi({ agents: AGENTS });
    const agents = await request(
      probe.url,
      await login(probe.url),
      'GET',
      '/agents?agents_list=002',
    );
    group = agents.json.data.affected_items[0].group[0];
    await probe.stop();
    const substitute = (policy: PolicyDocument): PolicyDocument => ({
      ...policy,
      resources: policy.resources.map((resource) => resource.replace('<group>', group)),
    });
    api = await startManagedApi({
      agents: AGENTS,
      roles: CASES.flatMap((entry, index) =>
        entry.roles.map((policies, at) => ({
          name: `case_${index}_${at}`,
          policies: policies.map(substitute),
        })),
      ),
      users: CASES.map((entry, index) => ({
        username: `case-${index}`,
        password: `Case.${index}.Pass`,
        roles: entry.roles.map((_, at) => `case_${index}_${at}`),
      })),
    });
    admin = await login(api.url);
    total = (await request(api.url, admin, 'GET', '/agents?limit=1')).json.data
      .total_affected_items;
  });
  afterAll(() => api.stop());

  /** The simulator's answer: the request the permission guards, as that user. */
  async function apiDecides(token: string, { action, resource }: RequiredPermission) {
    const value = resource.split(':')[2];
    const call = (path: string) => request(api.url, token, 'GET', path);
    if (action === 'agent:read') {
      if (value === '*') {
        const all = await call('/agents');
        return all.status === 200 && all.json.data.total_affected_items === total;
      }
      const one = await call(`/agents?agents_list=${value}`);
      return one.status === 200 && one.json.data.affected_items.length === 1;
    }
    if (action === 'group:read') {
      const one = await call(`/groups?groups_list=${value}`);
      return one.status === 200 && one.json.data.affected_items.length === 1;
    }
    if (action === 'security:read') {
      const one = await call(`/security/roles?role_ids=${value}`);
      return one.status === 200 && one.json.data.affected_items.length === 1;
    }
    return (await call('/security/actions')).status === 200;
  }

  /** Agent resources also name the agent's groups, as the agents table knows them. */
  async function agentGroups(resource: string): Promise<string[]> {
    if (!resource.startsWith('agent:id:') || resource.endsWith(':*')) return [];
    const id = resource.split(':')[2];
    const agents = await request(api.url, admin, 'GET', `/agents?agents_list=${id}`);
    return (agents.json.data.affected_items[0]?.group ?? []).map(
      (name: string) => `agent:group:${name}`,
    );
  }

  it.each(CASES.map((entry, index) => [entry.name, index] as const))('%s', async (_name, index) => {
    const token = await login(api.url, {
      username: `case-${index}`,
      password: `Case.${index}.Pass`,
    });
    const mine = await request(api.url, token, 'GET', '/security/users/me/policies');
    const policies = effectivePolicies(mine.json.data);
    for (const [permission, expected] of CASES[index].asks) {
      const browser = isAllowed(policies, permission, await agentGroups(permission.resource));
      const simulator = await apiDecides(token, permission);
      expect({ permission, browser, simulator }).toEqual({
        permission,
        browser: expected,
        simulator: expected,
      });
    }
  });
});
