/**
 * Manager reads (RBAC `manager:read` on `*:*:*`), restart, configuration validation and the update
 * check. In a cluster they are the master's (the node this API runs on).
 */
import { daemonStates, managerInfo, maskedConfiguration } from '../data/manager';
import {
  ConfigurationRefusal,
  configurationJson,
  configurationProblems,
  maskConfigurationXml,
} from '../data/ossec-conf';
import { versionCheckData } from '../data/version-check';
import type { Session } from '../http/context';
import { NODE_NAME, permissionDenied, plainProblem } from '../http/problem';
import {
  AffectedItems,
  type AffectedItemsEnvelope,
  type ListBody,
  dataResult,
} from '../http/envelope';
import type { ParsedParams } from '../http/params';
import { errorNode, requireResourceless } from '../rbac/guard';
import { allowsStatic } from '../rbac/permissions';
import type { SimulatorState } from '../state';
import { logLines, logSummary } from './manager-logs';

/** Failed-item id of manager-level errors when the cluster is disabled. */
const MANAGER_ITEM = 'manager';

function single<T>(item: T, message: string): AffectedItemsEnvelope<T> {
  const result = new AffectedItems<T>({ all: message, some: message, none: message });
  result.items.push(item);
  return result.render();
}

export function managerStatus(state: SimulatorState, session: Session) {
  requireResourceless(session, 'manager:read');
  return single(
    daemonStates(state.cluster !== undefined),
    'Processes status was successfully read',
  );
}

export function managerInformation(session: Session) {
  requireResourceless(session, 'manager:read');
  return single(managerInfo(), 'Basic information was successfully read');
}

/** The answering node's log (the master's in a cluster). */
export function managerLogs(
  state: SimulatorState,
  session: Session,
  query: ParsedParams,
): ListBody {
  requireResourceless(session, 'manager:read');
  return logLines(state.managerLog, query, state.now(), 'local');
}

export function managerLogsSummary(state: SimulatorState, session: Session) {
  requireResourceless(session, 'manager:read');
  return logSummary(state.managerLog, 'local');
}

/** The node this API runs on: the master in a cluster, `node01` alone. */
function localNode(state: SimulatorState): string {
  return state.cluster?.local.name ?? NODE_NAME;
}

/**
 * A node's ossec.conf as JSON items, or the XML file for `raw=true`; secrets masked unless the caller
 * may update it. Section and field problems are failed items of `itemId`.
 */
export function configurationAnswer(
  text: string,
  mayUpdate: boolean,
  query: ParsedParams,
  itemId: string,
): { xml: string } | { envelope: AffectedItemsEnvelope<Record<string, unknown>> } {
  if (query.raw === true) return { xml: mayUpdate ? text : maskConfigurationXml(text) };
  const full = configurationJson(text);
  const configuration = mayUpdate ? full : maskedConfiguration(full);
  const result = new AffectedItems<Record<string, unknown>>({
    all: 'Configuration was successfully read',
    some: 'Could not read configuration',
    none: 'Could not read configuration',
  });
  const section = query.section as string | undefined;
  const field = query.field as string | undefined;
  if (!section) {
    result.items.push(configuration);
    return { envelope: result.render() };
  }
  const value = configuration[section];
  if (value === undefined) {
    result.fail(1106, itemId, { extra: section });
    return { envelope: result.render() };
  }
  if (!field) {
    result.items.push({ [section]: value });
    return { envelope: result.render() };
  }
  const pickField = (entry: unknown) => (entry as Record<string, unknown>)?.[field];
  const picked = Array.isArray(value)
    ? value
        .map((entry) => ({ [field]: pickField(entry) }))
        .filter((entry) => entry[field] !== undefined)
    : pickField(value);
  if (picked === undefined || (Array.isArray(picked) && picked.length === 0))
    result.fail(1103, itemId, { extra: field });
  else result.items.push({ [section]: Array.isArray(picked) ? picked : { [field]: picked } });
  return { envelope: result.render() };
}

export function managerConfiguration(
  state: SimulatorState,
  session: Session,
  query: ParsedParams,
): { xml: string } | { envelope: AffectedItemsEnvelope<Record<string, unknown>> } {
  requireResourceless(session, 'manager:read');
  const mayUpdate = allowsStatic(session.permissions, 'manager:update_config', '*:*:*');
  return configurationAnswer(
    state.ossecConfs.read(localNode(state)),
    mayUpdate,
    query,
    MANAGER_ITEM,
  );
}

/**
 * `GET /manager/configuration/{component}/{configuration}`: the running daemons' configuration. The
 * simulator serves authd's (`auth/auth`): its ossec.conf section and, when it asks agents for a
 * password, that password (`authd.pass`, masked for callers that may not update the configuration).
 */
export function managerActiveConfiguration(
  state: SimulatorState,
  session: Session,
  component: string,
  configuration: string,
) {
  requireResourceless(session, 'manager:read');
  if (component !== 'auth' || configuration !== 'auth')
    throw plainProblem(
      501,
      'Not Implemented',
      `The simulator serves only auth/auth of GET /manager/configuration/{component}/{configuration}`,
    );
  const auth = (configurationJson(state.ossecConfs.read(localNode(state))).auth ?? {}) as Record<
    string,
    unknown
  >;
  const mayUpdate = allowsStatic(session.permissions, 'manager:update_config', '*:*:*');
  const item: Record<string, unknown> = { auth };
  if (auth.use_password === 'yes')
    item['authd.pass'] = mayUpdate ? state.enrollmentPassword : '*****';
  const result = new AffectedItems<Record<string, unknown>>({
    all: 'Active configuration was successfully read',
    some: 'Could not read active configuration',
    none: 'Could not read active configuration',
  });
  result.items.push(item);
  return result.render();
}

/**
 * Replaces a node's ossec.conf, as the manager does: a file that does not parse (1113) or that its
 * check refuses (1908) is a failed item and the stored file stays as it was.
 */
export function replaceConfiguration(
  state: SimulatorState,
  node: string,
  itemId: string,
  body: unknown,
) {
  const where = itemId === MANAGER_ITEM ? '' : ' in specified node';
  const result = new AffectedItems<string>({
    all: `Configuration was successfully updated${where}`,
    some: 'Could not update configuration in some nodes',
    none: `Could not update configuration${where}`,
  });
  try {
    state.ossecConfs.replace(node, typeof body === 'string' ? body : '');
    result.items.push(itemId);
  } catch (error) {
    if (!(error instanceof ConfigurationRefusal)) throw error;
    result.fail(error.code, itemId, { extra: error.message });
  }
  return result.render();
}

/** `PUT /manager/configuration`: the master's file in a cluster (`cluster:update_config` on it). */
export function updateManagerConfiguration(state: SimulatorState, session: Session, body: unknown) {
  const node = localNode(state);
  if (state.cluster) {
    if (!allowsStatic(session.permissions, 'cluster:update_config', `node:id:${node}`))
      throw permissionDenied('node:id', errorNode(session));
  } else requireResourceless(session, 'manager:update_config');
  return replaceConfiguration(state, node, state.cluster ? node : MANAGER_ITEM, body);
}

export function versionCheck(state: SimulatorState, session: Session, forceQuery: boolean) {
  const { mode } = state.versionCheck;
  if (forceQuery && mode !== 'disabled') {
    requireResourceless(session, 'manager:read');
    state.versionCheck = { mode, checkedAt: state.now() };
  }
  return dataResult(versionCheckData(mode, state.versionCheck.checkedAt));
}

/** What `wazuh-analysisd -t` would refuse in the ruleset: rule ids used twice, parents that do not exist. */
function rulesetProblems(state: SimulatorState): string[] {
  const problems: string[] = [];
  const seen = new Map<number, string>();
  const rules = state.ruleset.rules.filter((rule) => rule.status === 'enabled');
  for (const rule of rules) {
    const first = seen.get(rule.id);
    if (first !== undefined && first !== rule.filename)
      problems.push(`Duplicate rule ID ${rule.id} in ${rule.filename} (also in ${first})`);
    seen.set(rule.id, first ?? rule.filename);
  }
  for (const rule of rules) {
    const parents = String(rule.details.if_sid ?? '')
      .split(/[\s,]+/)
      .filter(Boolean);
    const missing = parents.find((id) => !seen.has(Number(id)));
    if (missing) problems.push(`Signature ID '${missing}' not found for rule ${rule.id}`);
  }
  return problems;
}

/** What the manager's check (`wazuh-analysisd -t`) reports for a node: its file, then its ruleset. */
export function nodeProblems(state: SimulatorState, node: string): string[] {
  return [...configurationProblems(state.ossecConfs.read(node)), ...rulesetProblems(state)];
}

export function validateConfiguration(state: SimulatorState, session: Session) {
  requireResourceless(session, 'manager:read');
  const result = new AffectedItems<Record<string, unknown>>({
    all: 'Validation was successfully checked',
    some: 'Could not check validation in some nodes',
    none: 'Could not check validation in any node',
  });
  const node = localNode(state);
  const problems = nodeProblems(state, node);
  if (problems.length > 0) result.fail(1908, node, { extra: problems.join(', ') });
  else result.items.push({ name: node, status: 'OK' });
  return result.render();
}

/** Restarts the manager unless its configuration is invalid; the daemons are down meanwhile. */
export function restartManager(state: SimulatorState, session: Session) {
  requireResourceless(session, 'manager:read', 'manager:restart');
  const result = new AffectedItems<string>({
    all: 'Restart request sent to all specified nodes',
    some: 'Could not send restart request to some specified nodes',
    none: 'Could not send restart request to any node',
  });
  const node = localNode(state);
  const problems = nodeProblems(state, node);
  if (problems.length > 0) result.fail(1908, node, { extra: problems.join(', ') });
  else {
    state.managerRestartEndsAt = state.now() + state.restartMs;
    result.items.push(node);
  }
  return result.render();
}
