/**
 * The managed API's default RBAC objects: policies (grouped as the API ships them, one policy per block,
 * named `<group>_<block>`), roles as ordered lists of policy groups, and security rules that grant roles
 * to run_as logins from the auth context they carry.
 */

export type Effect = 'allow' | 'deny';

export interface PolicyDocument {
  actions: string[];
  resources: string[];
  effect: Effect;
}

export interface Policy {
  id: number;
  name: string;
  policy: PolicyDocument;
}

export interface Role {
  id: number;
  name: string;
  /** Policies in evaluation order. */
  policies: Policy[];
}

type Blocks = Record<string, [actions: string[], resources: string[], effect?: Effect]>;

const ANY = ['*:*:*'];
const AGENTS = ['agent:id:*'];

/** Default policy groups in the order the API creates them (policy ids follow this order). */
const POLICY_GROUPS: Record<string, Blocks> = {
  agents_all: {
    resourceless: [['agent:create', 'group:create', 'agent:uninstall'], ANY],
    agents: [
      [
        'agent:read',
        'agent:delete',
        'agent:modify_group',
        'agent:reconnect',
        'agent:restart',
        'agent:upgrade',
      ],
      ['agent:id:*', 'agent:group:*'],
    ],
    groups: [
      ['group:read', 'group:delete', 'group:update_config', 'group:modify_assignments'],
      ['group:id:*'],
    ],
  },
  agents_read: {
    agents: [['agent:read'], ['agent:id:*', 'agent:group:*']],
    groups: [['group:read'], ['group:id:*']],
  },
  agents_commands: { agents: [['active-response:command'], AGENTS] },
  security_all: {
    resourceless: [
      [
        'security:create',
        'security:create_user',
        'security:read_config',
        'security:update_config',
        'security:revoke',
        'security:edit_run_as',
      ],
      ANY,
    ],
    security: [
      ['security:read', 'security:update', 'security:delete'],
      ['role:id:*', 'policy:id:*', 'user:id:*', 'rule:id:*'],
    ],
  },
  users_all: {
    resourceless: [['security:create_user', 'security:revoke', 'security:edit_run_as'], ANY],
    users: [['security:read', 'security:update', 'security:delete'], ['user:id:*']],
  },
  cluster_all: {
    resourceless: [
      [
        'cluster:status',
        'manager:read',
        'manager:read_api_config',
        'manager:update_config',
        'manager:restart',
      ],
      ANY,
    ],
    nodes: [
      ['cluster:read_api_config', 'cluster:read', 'cluster:restart', 'cluster:update_config'],
      ['node:id:*'],
    ],
  },
  cluster_read: {
    resourceless: [['cluster:status', 'manager:read', 'manager:read_api_config'], ANY],
    nodes: [['cluster:read_api_config', 'cluster:read'], ['node:id:*']],
  },
  ciscat_read: { ciscat: [['ciscat:read'], AGENTS] },
  decoders_read: { files: [['decoders:read'], ['decoder:file:*']] },
  decoders_all: {
    files: [['decoders:read', 'decoders:delete'], ['decoder:file:*']],
    resourceless: [['decoders:update'], ANY],
  },
  lists_read: { files: [['lists:read'], ['list:file:*']] },
  lists_all: {
    files: [['lists:read', 'lists:delete'], ['list:file:*']],
    resourceless: [['lists:update'], ANY],
  },
  rootcheck_read: { rootcheck: [['rootcheck:read'], AGENTS] },
  rootcheck_all: { rootcheck: [['rootcheck:clear', 'rootcheck:read', 'rootcheck:run'], AGENTS] },
  rules_read: { files: [['rules:read'], ['rule:file:*']] },
  rules_all: {
    files: [['rules:read', 'rules:delete'], ['rule:file:*']],
    resourceless: [['rules:update'], ANY],
  },
  mitre_read: { resourceless: [['mitre:read'], ANY] },
  sca_read: { sca: [['sca:read'], AGENTS] },
  syscheck_read: { syscheck: [['syscheck:read'], AGENTS] },
  syscheck_all: { syscheck: [['syscheck:clear', 'syscheck:read', 'syscheck:run'], AGENTS] },
  syscollector_read: { syscollector: [['syscollector:read'], AGENTS] },
  logtest_all: { resourceless: [['logtest:run'], ANY] },
  task_status: { resourceless: [['task:status'], ANY] },
  events_ingest: { resourceless: [['event:ingest'], ANY] },
};

function buildPolicies(): Map<string, Policy[]> {
  const byGroup = new Map<string, Policy[]>();
  let id = 1;
  for (const [group, blocks] of Object.entries(POLICY_GROUPS)) {
    byGroup.set(
      group,
      Object.entries(blocks).map(([block, [actions, resources, effect]]) => ({
        id: id++,
        name: `${group}_${block}`,
        policy: { actions, resources, effect: effect ?? 'allow' },
      })),
    );
  }
  return byGroup;
}

const POLICIES_BY_GROUP = buildPolicies();

/** Policies of the named default groups, in order. */
function policiesOf(...groups: string[]): Policy[] {
  return groups.flatMap((group) => {
    const policies = POLICIES_BY_GROUP.get(group);
    if (!policies) throw new Error(`Unknown policy group ${group}`);
    return policies;
  });
}

/** Default roles; ids follow the API's creation order. */
export const DEFAULT_ROLES: Role[] = [
  {
    id: 1,
    name: 'administrator',
    policies: policiesOf(
      'agents_all',
      'agents_commands',
      'security_all',
      'cluster_all',
      'ciscat_read',
      'decoders_all',
      'lists_all',
      'rootcheck_all',
      'rules_all',
      'mitre_read',
      'sca_read',
      'syscheck_all',
      'syscollector_read',
      'logtest_all',
      'task_status',
      'events_ingest',
    ),
  },
  {
    id: 2,
    name: 'readonly',
    policies: policiesOf(
      'agents_read',
      'ciscat_read',
      'cluster_read',
      'decoders_read',
      'lists_read',
      'rootcheck_read',
      'rules_read',
      'mitre_read',
      'sca_read',
      'syscheck_read',
      'syscollector_read',
    ),
  },
  { id: 3, name: 'users_admin', policies: policiesOf('users_all') },
  { id: 4, name: 'agents_readonly', policies: policiesOf('agents_read') },
  { id: 5, name: 'agents_admin', policies: policiesOf('agents_all') },
  { id: 6, name: 'cluster_readonly', policies: policiesOf('cluster_read') },
  { id: 7, name: 'cluster_admin', policies: policiesOf('cluster_all') },
];
