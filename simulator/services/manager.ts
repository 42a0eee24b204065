/**
 * Manager and cluster reads (RBAC `manager:read` / `cluster:status` on `*:*:*`, as with the cluster
 * disabled) and the update check.
 */
import {
  MANAGER_CONFIGURATION,
  configurationXml,
  daemonStates,
  logSummary,
  managerInfo,
  maskedConfiguration,
} from '../data/manager';
import { versionCheckData } from '../data/version-check';
import type { Session } from '../http/context';
import { AffectedItems, type AffectedItemsEnvelope, dataResult } from '../http/envelope';
import type { ParsedParams } from '../http/params';
import { requireResourceless } from '../rbac/guard';
import { allowsStatic } from '../rbac/permissions';
import type { SimulatorState } from '../state';

/** Failed-item id of manager-level errors when the cluster is disabled. */
const MANAGER_ITEM = 'manager';

function single<T>(item: T, message: string): AffectedItemsEnvelope<T> {
  const result = new AffectedItems<T>({ all: message, some: message, none: message });
  result.items.push(item);
  return result.render();
}

export function managerStatus(session: Session) {
  requireResourceless(session, 'manager:read');
  return single(daemonStates(), 'Processes status was successfully read');
}

export function managerInformation(session: Session) {
  requireResourceless(session, 'manager:read');
  return single(managerInfo(), 'Basic information was successfully read');
}

export function managerLogsSummary(session: Session) {
  requireResourceless(session, 'manager:read');
  const result = new AffectedItems<Record<string, unknown>>({
    all: 'Log was successfully summarized',
    some: 'Could not summarize the log',
    none: 'Could not summarize the log',
  });
  result.items = logSummary();
  return result.render();
}

/** Configuration as JSON items, or the XML file for `raw=true`; secrets masked unless the caller may update it. */
export function managerConfiguration(
  session: Session,
  query: ParsedParams,
): { xml: string } | { envelope: AffectedItemsEnvelope<Record<string, unknown>> } {
  requireResourceless(session, 'manager:read');
  const mayUpdate = allowsStatic(session.permissions, 'manager:update_config', '*:*:*');
  const configuration = mayUpdate
    ? MANAGER_CONFIGURATION
    : maskedConfiguration(MANAGER_CONFIGURATION);
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

export function clusterStatus(session: Session) {
  requireResourceless(session, 'cluster:status');
  return dataResult({ enabled: 'no', running: 'no' });
}

export function versionCheck(state: SimulatorState, session: Session, forceQuery: boolean) {
  const { mode } = state.versionCheck;
  if (forceQuery && mode !== 'disabled') {
    requireResourceless(session, 'manager:read');
    state.versionCheck = { mode, checkedAt: state.now() };
  }
  return dataResult(versionCheckData(mode, state.versionCheck.checkedAt));
}
