/**
 * Manager reads (RBAC `manager:read` on `*:*:*`), restart, configuration validation and the update
 * check. In a cluster they are the master's (the node this API runs on).
 */
import {
  MANAGER_CONFIGURATION,
  configurationXml,
  daemonStates,
  managerInfo,
  maskedConfiguration,
} from '../data/manager';
import { versionCheckData } from '../data/version-check';
import type { Session } from '../http/context';
import { NODE_NAME } from '../http/problem';
import {
  AffectedItems,
  type AffectedItemsEnvelope,
  type ListBody,
  dataResult,
} from '../http/envelope';
import type { ParsedParams } from '../http/params';
import { requireResourceless } from '../rbac/guard';
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

/** ossec.conf of the node answering: its `<cluster>` section says whether, and as what, it runs one. */
function nodeConfiguration(state: SimulatorState): Record<string, unknown> {
  const { cluster } = state;
  if (!cluster) return MANAGER_CONFIGURATION;
  const section = MANAGER_CONFIGURATION.cluster as Record<string, unknown>;
  return {
    ...MANAGER_CONFIGURATION,
    cluster: {
      ...section,
      name: cluster.name,
      node_name: cluster.local.name,
      node_type: cluster.local.type,
      nodes: [cluster.local.ip],
      disabled: 'no',
    },
  };
}

/** Configuration as JSON items, or the XML file for `raw=true`; secrets masked unless the caller may update it. */
export function managerConfiguration(
  state: SimulatorState,
  session: Session,
  query: ParsedParams,
): { xml: string } | { envelope: AffectedItemsEnvelope<Record<string, unknown>> } {
  requireResourceless(session, 'manager:read');
  const mayUpdate = allowsStatic(session.permissions, 'manager:update_config', '*:*:*');
  const full = nodeConfiguration(state);
  const configuration = mayUpdate ? full : maskedConfiguration(full);
  if (query.raw === true) return { xml: configurationXml(configuration) };
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
    result.fail(1106, MANAGER_ITEM, { extra: section });
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
    result.fail(1103, MANAGER_ITEM, { extra: field });
  else result.items.push({ [section]: Array.isArray(picked) ? picked : { [field]: picked } });
  return { envelope: result.render() };
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

export function validateConfiguration(state: SimulatorState, session: Session) {
  requireResourceless(session, 'manager:read');
  const result = new AffectedItems<Record<string, unknown>>({
    all: 'Validation was successfully checked',
    some: 'Could not check validation in some nodes',
    none: 'Could not check validation in any node',
  });
  const problems = rulesetProblems(state);
  if (problems.length > 0) result.fail(1908, NODE_NAME, { extra: problems.join('; ') });
  else result.items.push({ name: NODE_NAME, status: 'OK' });
  return result.render();
}

/** Restarts the manager unless its configuration is invalid; the daemons are down meanwhile. */
export function restartManager(state: SimulatorState, session: Session) {
  requireResourceless(session, 'manager:restart');
  const result = new AffectedItems<string>({
    all: 'Restart request sent to all specified nodes',
    some: 'Could not send restart request to some specified nodes',
    none: 'Could not send restart request to any node',
  });
  const problems = rulesetProblems(state);
  if (problems.length > 0) result.fail(1908, NODE_NAME, { extra: problems.join('; ') });
  else {
    state.managerRestartEndsAt = state.now() + state.options.managerRestartMs;
    result.items.push(NODE_NAME);
  }
  return result.render();
}
