/**
 * Each UI action's permissions against the managed API's OpenAPI document: every pair names an action
 * the route lists in `x-rbac-actions`, on a resource type the catalogue gives that action, and every
 * action the route lists is asked for.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { load } from 'js-yaml';
import { type UiAction, requiredFor } from './rbac-ui-actions';

const SPEC_PATH = resolve(__dirname, '../../../../shared/reference/managed-api-spec-4.14.yaml');
const present = existsSync(SPEC_PATH);
if (!present) console.log(`skipped: the OpenAPI document ${SPEC_PATH} is not present`);

interface Spec {
  paths: Record<string, Record<string, { 'x-rbac-actions'?: Array<{ $ref: string }> }>>;
  'x-rbac-catalog': { actions: Record<string, { resources?: Array<{ $ref: string }> }> };
}

const lastSegment = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** `{action: resource types}` the route checks, from its x-rbac-actions and the catalogue. */
function routeActions(spec: Spec, method: string, path: string): Record<string, string[]> {
  const operation = spec.paths[path]?.[method];
  if (!operation) throw new Error(`no ${method} ${path} in the spec`);
  return Object.fromEntries(
    (operation['x-rbac-actions'] ?? []).map(({ $ref }) => {
      const action = lastSegment($ref);
      const resources = spec['x-rbac-catalog'].actions[action]?.resources ?? [];
      return [action, resources.map((resource) => lastSegment(resource.$ref))];
    }),
  );
}

const CASES: Array<{ ui: UiAction; method: string; path: string; only?: string[] }> = [
  { ui: { kind: 'agents', action: 'restart' }, method: 'put', path: '/agents/restart' },
  { ui: { kind: 'agents', action: 'upgrade' }, method: 'put', path: '/agents/upgrade' },
  { ui: { kind: 'agents', action: 'delete' }, method: 'delete', path: '/agents' },
  { ui: { kind: 'agentsGroup', group: 'web' }, method: 'put', path: '/agents/group' },
  { ui: { kind: 'agentsGroup', group: 'web' }, method: 'delete', path: '/agents/group' },
  { ui: { kind: 'groupCreate' }, method: 'post', path: '/groups' },
  { ui: { kind: 'groupDelete', group: 'web' }, method: 'delete', path: '/groups' },
  {
    ui: { kind: 'groupConfiguration', group: 'web' },
    method: 'put',
    path: '/groups/{group_id}/configuration',
  },
  ...(['rules', 'decoders', 'lists'] as const).flatMap((ruleset) => [
    {
      ui: { kind: 'rulesetFileCreate' as const, ruleset },
      method: 'put',
      path: `/${ruleset}/files/{filename}`,
      // A new file is not an overwrite, so the deletion check does not apply.
      only: [`${ruleset}:update`],
    },
    {
      ui: { kind: 'rulesetFileUpdate' as const, ruleset, file: 'local.xml' },
      method: 'put',
      path: `/${ruleset}/files/{filename}`,
    },
    {
      ui: { kind: 'rulesetFileDelete' as const, ruleset, file: 'local.xml' },
      method: 'delete',
      path: `/${ruleset}/files/{filename}`,
    },
  ]),
  {
    ui: { kind: 'serverConfiguration', node: 'worker1' },
    method: 'put',
    path: '/cluster/{node_id}/configuration',
  },
  { ui: { kind: 'serverConfiguration' }, method: 'put', path: '/manager/configuration' },
  { ui: { kind: 'serverRestart', cluster: true }, method: 'put', path: '/cluster/restart' },
  { ui: { kind: 'serverRestart', cluster: false }, method: 'put', path: '/manager/restart' },
  { ui: { kind: 'serverValidation' }, method: 'get', path: '/manager/configuration/validation' },
];

(present ? describe : describe.skip)("UI actions against the spec's x-rbac-actions", () => {
  const spec = present ? (load(readFileSync(SPEC_PATH, 'utf8')) as Spec) : undefined;

  it.each(CASES)('$ui.kind $method $path', ({ ui, method, path, only }) => {
    const checked = routeActions(spec as Spec, method, path);
    const required = requiredFor(ui);
    for (const { action, resource } of required) {
      expect(Object.keys(checked)).toContain(action);
      const type = resource === '*:*:*' ? '*:*' : resource.slice(0, resource.lastIndexOf(':'));
      expect(checked[action]).toContain(type);
    }
    expect(new Set(required.map(({ action }) => action))).toEqual(
      new Set(only ?? Object.keys(checked)),
    );
  });
});
