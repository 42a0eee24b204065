/**
 * Creating and deleting groups and a group's shared configuration (`agent.conf`): read raw or as JSON,
 * replaced with an XML body checked for well-formedness (RBAC `group:create` on `*:*:*`, `group:delete`,
 * `group:read` and `group:update_config` per group).
 */
import type { Reply, Session } from '../http/context';
import { AffectedItems, type AffectedItemsEnvelope, type ListBody } from '../http/envelope';
import type { ParsedParams } from '../http/params';
import { codedProblem, permissionDenied } from '../http/problem';
import { errorNode, requireResourceless } from '../rbac/guard';
import { objectAccess } from '../rbac/permissions';
import { type XmlElement, XmlSyntaxError, parseXmlFragment } from '../ruleset/xml';
import type { SimulatorState } from '../state';
import { listAgents } from './agents';

const AGENT_CONF = 'agent.conf';

function requireGroup(state: SimulatorState, session: Session, action: string, group: string) {
  if (!objectAccess(session.permissions, action, 'group:id')(group))
    throw permissionDenied('group:id', errorNode(session));
  if (!state.agents.groupNames.has(group)) throw codedProblem(1710, { node: errorNode(session) });
}

export function createGroup(state: SimulatorState, session: Session, body: { group_id: string }) {
  requireResourceless(session, 'group:create');
  if (state.agents.groupNames.has(body.group_id))
    throw codedProblem(1711, { node: errorNode(session) });
  state.agents.groupNames.add(body.group_id);
  return { message: `Group '${body.group_id}' created.`, error: 0 };
}

const DEFAULT_GROUP = 'default';

/**
 * `DELETE /groups?groups_list=…`: each named group the caller may delete is removed, its agents keep
 * their other groups (or fall back to `default`). `all` means every group the caller may delete, with
 * `default` left out silently; named, `default` fails with 1712, an unknown group with 1710 and a
 * denied one with 4000.
 */
export function deleteGroups(
  state: SimulatorState,
  session: Session,
  query: ParsedParams,
): AffectedItemsEnvelope<string> {
  const canDelete = objectAccess(session.permissions, 'group:delete', 'group:id');
  const result = new AffectedItems<string>({
    all: 'All selected groups were deleted',
    some: 'Some groups were not deleted',
    none: 'No group was deleted',
  });
  const named = (query.groups_list as string[]).map(String);
  const everyGroup = named.includes('all');
  const requested = everyGroup
    ? [...state.agents.groupNames].filter((name) => name !== DEFAULT_GROUP && canDelete(name))
    : [...new Set(named)];
  if (!everyGroup && requested.every((name) => !canDelete(name)))
    throw permissionDenied('group:id', errorNode(session));
  for (const group of requested) {
    if (!canDelete(group))
      result.fail(4000, group, { detail: 'Permission denied: Resource type: group:id' });
    else if (!state.agents.groupNames.has(group)) result.fail(1710, group);
    else if (group === DEFAULT_GROUP) result.fail(1712, group);
    else {
      for (const n of state.agents.liveIds())
        if (state.agents.get(n)?.groups?.includes(group)) state.agents.removeGroup(n, group);
      state.agents.groupNames.delete(group);
      state.groupConfigurations.remove(group);
      result.items.push(group);
    }
  }
  result.items.sort();
  return result.render();
}

function elementJson(element: XmlElement): unknown {
  if (element.children.length === 0) return element.text;
  const json: Record<string, unknown> = {};
  for (const child of element.children) {
    const value = elementJson(child);
    const existing = json[child.name];
    json[child.name] =
      existing === undefined
        ? value
        : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return json;
}

/** Each `<agent_config>` block as `{filters, config}`, the API's JSON form of `agent.conf`. */
function configurationBlocks(text: string): Array<Record<string, unknown>> {
  return parseXmlFragment(text)
    .filter((element) => element.name === 'agent_config')
    .map((element) => ({ filters: element.attributes, config: elementJson(element) || {} }));
}

export function groupConfiguration(state: SimulatorState, session: Session, group: string) {
  requireGroup(state, session, 'group:read', group);
  const result = new AffectedItems<Record<string, unknown>>({
    all: 'Configuration was successfully read',
    some: 'Configuration was successfully read',
    none: 'No configuration was read',
  });
  result.items = configurationBlocks(state.groupConfigurations.read(group));
  return result.render();
}

export function groupFile(
  state: SimulatorState,
  session: Session,
  group: string,
  fileName: string,
  query: ParsedParams,
): Reply {
  requireGroup(state, session, 'group:read', group);
  if (fileName !== AGENT_CONF) throw codedProblem(1906, { node: errorNode(session) });
  const text = state.groupConfigurations.read(group);
  if (query.raw === true) return { body: text, contentType: 'application/xml; charset=utf-8' };
  return { body: { data: configurationBlocks(text), error: 0 } };
}

export function updateGroupConfiguration(
  state: SimulatorState,
  session: Session,
  group: string,
  body: unknown,
) {
  requireGroup(state, session, 'group:update_config', group);
  const text = typeof body === 'string' ? body : '';
  if (text.trim() === '') throw codedProblem(1112, { node: errorNode(session) });
  try {
    parseXmlFragment(text);
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    throw codedProblem(1113, { extra: error.message, node: errorNode(session) });
  }
  state.groupConfigurations.write(group, text);
  return { message: 'Agent configuration was successfully updated', error: 0 };
}

export function groupAgents(
  state: SimulatorState,
  session: Session,
  group: string,
  query: ParsedParams,
): ListBody {
  requireGroup(state, session, 'group:read', group);
  return listAgents(state, session, { ...query, group });
}
