/**
 * What each change the dashboard offers needs from the managed API's RBAC: the (action, resource)
 * pairs the API checks on the route the change calls (its `x-rbac-actions`), so a control can be
 * disabled before the click. Agents picked in a table are asked about as `agent:id:*` (any agent).
 */
import { RESOURCELESS, type RequiredPermission } from './rbac-permissions';

type RulesetKind = 'rules' | 'decoders' | 'lists';

const FILE_RESOURCE: Record<RulesetKind, string> = {
  rules: 'rule:file',
  decoders: 'decoder:file',
  lists: 'list:file',
};

export type UiAction =
  | { kind: 'agents'; action: 'restart' | 'upgrade' | 'delete' }
  /** Without a group (not chosen yet), only the agents' side is known. */
  | { kind: 'agentsGroup'; group?: string }
  | { kind: 'groupCreate' }
  | { kind: 'groupDelete'; group: string }
  | { kind: 'groupConfiguration'; group: string }
  | { kind: 'rulesetFileCreate'; ruleset: RulesetKind }
  | { kind: 'rulesetFileUpdate'; ruleset: RulesetKind; file: string }
  | { kind: 'rulesetFileDelete'; ruleset: RulesetKind; file: string }
  | { kind: 'serverConfiguration'; node?: string }
  | { kind: 'serverValidation' }
  | { kind: 'serverRestart'; cluster: boolean };

/** The permissions the API checks for `ui` (every one must be allowed). */
export function requiredFor(ui: UiAction): RequiredPermission[] {
  switch (ui.kind) {
    case 'agents':
      return [{ action: `agent:${ui.action}`, resource: 'agent:id:*' }];
    case 'agentsGroup': {
      const agents = { action: 'agent:modify_group', resource: 'agent:id:*' };
      return ui.group === undefined
        ? [agents]
        : [agents, { action: 'group:modify_assignments', resource: `group:id:${ui.group}` }];
    }
    case 'groupCreate':
      return [{ action: 'group:create', resource: RESOURCELESS }];
    case 'groupDelete':
      return [{ action: 'group:delete', resource: `group:id:${ui.group}` }];
    case 'groupConfiguration':
      return [{ action: 'group:update_config', resource: `group:id:${ui.group}` }];
    case 'rulesetFileCreate':
      return [{ action: `${ui.ruleset}:update`, resource: RESOURCELESS }];
    case 'rulesetFileUpdate':
      // Saving over an existing file is `overwrite=true`, which the API also checks as a deletion.
      return [
        { action: `${ui.ruleset}:update`, resource: RESOURCELESS },
        { action: `${ui.ruleset}:delete`, resource: `${FILE_RESOURCE[ui.ruleset]}:${ui.file}` },
      ];
    case 'rulesetFileDelete':
      return [
        { action: `${ui.ruleset}:delete`, resource: `${FILE_RESOURCE[ui.ruleset]}:${ui.file}` },
      ];
    case 'serverConfiguration':
      return ui.node
        ? [{ action: 'cluster:update_config', resource: `node:id:${ui.node}` }]
        : [{ action: 'manager:update_config', resource: RESOURCELESS }];
    case 'serverValidation':
      return [{ action: 'manager:read', resource: RESOURCELESS }];
    case 'serverRestart':
      return ui.cluster
        ? [
            { action: 'cluster:read', resource: 'node:id:*' },
            { action: 'cluster:restart', resource: 'node:id:*' },
          ]
        : [
            { action: 'manager:read', resource: RESOURCELESS },
            { action: 'manager:restart', resource: RESOURCELESS },
          ];
  }
}

/**
 * What acting on one agent needs: `action` on its id, which a policy on one of its groups grants
 * too (`agent:group:<name>`), as the API checks it.
 */
export function onAgent(
  agent: { id: string; group?: readonly string[] },
  action: string,
): { required: RequiredPermission[]; alsoAs: string[] } {
  return {
    required: [{ action, resource: `agent:id:${agent.id}` }],
    alsoAs: (agent.group ?? []).map((group) => `agent:group:${group}`),
  };
}
