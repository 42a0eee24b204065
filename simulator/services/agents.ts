/**
 * Agent operations: list (with the API's named filters and RBAC filtering), add, delete, restart, group
 * assignment, summaries and groups. Outcomes follow the managed API: listing without named targets
 * filters silently; naming targets the caller may not touch gives 403 when none are allowed and per-item
 * 4000 failures when some are.
 */
import {
  AGENT_STATUSES,
  type AgentState,
  type AgentStore,
  MANAGER_ID,
  formatAgentId,
  parseAgentId,
} from '../data/agents';
import { hex, stringHash } from '../data/random';
import type { Session } from '../http/context';
import {
  AffectedItems,
  type AffectedItemsEnvelope,
  type ListBody,
  type ResultMessages,
  dataResult,
} from '../http/envelope';
import type { ParsedParams } from '../http/params';
import { codedProblem, permissionDenied } from '../http/problem';
import { errorNode } from '../rbac/guard';
import { type AgentAccess, agentAccess, objectAccess } from '../rbac/permissions';
import { type FieldKind, type TableSpec, compileQ, listItems } from '../query/list-query';
import type { SimulatorState } from '../state';
import { listParams } from './list-params';

const AGENT_FIELDS: Record<string, FieldKind> = {
  id: 'number',
  name: 'string',
  ip: 'string',
  status: 'string',
  'os.name': 'string',
  'os.version': 'string',
  'os.platform': 'string',
  'os.codename': 'string',
  'os.major': 'string',
  'os.minor': 'string',
  'os.uname': 'string',
  'os.arch': 'string',
  'os.build': 'string',
  version: 'string',
  manager: 'string',
  dateAdd: 'date',
  lastKeepAlive: 'date',
  group: 'membership',
  mergedSum: 'string',
  configSum: 'string',
  node_name: 'string',
  registerIP: 'string',
  disconnection_time: 'date',
  group_config_status: 'string',
  status_code: 'number',
};

const agentTables = new WeakMap<AgentStore, TableSpec<AgentState>>();

/** Filters and sorting read agent states through the store, so scans never build whole items. */
export function agentTable(store: AgentStore): TableSpec<AgentState> {
  let table = agentTables.get(store);
  if (!table) {
    table = buildAgentTable(store);
    agentTables.set(store, table);
  }
  return table;
}

function buildAgentTable(store: AgentStore): TableSpec<AgentState> {
  return {
    mode: 'db',
    fields: AGENT_FIELDS,
    sortFields: Object.keys(AGENT_FIELDS),
    selectFields: [...Object.keys(AGENT_FIELDS), 'os'],
    requiredFields: ['id'],
    excludedFromDateFilters: (state) => state.n === MANAGER_ID,
    value: (state, field) => store.field(state, field),
  };
}

const LIST_MESSAGES: ResultMessages = {
  all: 'All selected agents information was returned',
  some: 'Some agents information was not returned',
  none: 'No agent information was returned',
};

const TIMEFRAME_UNITS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 };

function timeframeSeconds(value: string): number {
  const match = /^(\d+)([smhd]?)$/.exec(value);
  if (!match) throw codedProblem(1411, { extra: value });
  return Number(match[1]) * TIMEFRAME_UNITS[match[2]];
}

/** `4.4.0`, `v4.4.0`, `wazuh 4.4.0` and `wazuh v4.4.0` all mean `Wazuh v4.4.0`. */
function normaliseVersion(value: string): string {
  return `Wazuh v${value.replace(/^wazuh\s*/i, '').replace(/^v/i, '')}`;
}

const NAMED_FILTERS = [
  'os.platform',
  'os.version',
  'os.name',
  'manager',
  'version',
  'group',
  'node_name',
  'name',
  'ip',
  'registerIP',
  'group_config_status',
] as const;

/** Predicates of the named filters, `status` and `older_than` present in `query`. */
export function namedFilters(
  store: AgentStore,
  query: ParsedParams,
  now: number,
): Array<(state: AgentState) => boolean> {
  const predicates: Array<(state: AgentState) => boolean> = [];
  const statuses = query.status as string[] | undefined;
  if (statuses && !statuses.includes('all'))
    predicates.push((state) => statuses.includes(state.status));
  for (const name of NAMED_FILTERS) {
    const raw = query[name];
    if (raw === undefined || raw === 'all') continue;
    const wanted = (name === 'version' ? normaliseVersion(String(raw)) : String(raw)).toLowerCase();
    if (name === 'group')
      predicates.push((state) =>
        (state.groups ?? []).some((group) => group.toLowerCase() === wanted),
      );
    else
      predicates.push((state) => String(store.field(state, name) ?? '').toLowerCase() === wanted);
  }
  const olderThan = query.older_than as string | undefined;
  if (olderThan !== undefined) {
    const seconds = timeframeSeconds(olderThan);
    if (seconds > 0) {
      const threshold = now / 1000 - seconds;
      predicates.push((state) => {
        const reference =
          state.status === 'never_connected' ? state.dateAdd : store.lastKeepAlive(state);
        return reference !== undefined && reference < threshold;
      });
    }
  }
  return predicates;
}

interface NamedTargets {
  /** Existing, allowed agent numbers in ascending order. */
  allowed: number[];
}

/**
 * Resolves explicitly named agent ids: records 4000 failures for denied ids (403 if none is allowed),
 * then 1701 for allowed ids that do not exist.
 */
export function resolveNamed(
  state: SimulatorState,
  session: Session,
  access: AgentAccess,
  ids: string[],
  result: AffectedItems<unknown>,
): NamedTargets {
  const unique = [...new Set(ids)];
  const denied: string[] = [];
  const allowed: number[] = [];
  for (const id of unique) {
    const n = parseAgentId(id);
    const agent = n === undefined ? undefined : state.agents.get(n);
    if (n === undefined || !access.allows(n, agent?.groups, agent !== undefined)) {
      denied.push(id);
      continue;
    }
    if (!agent) result.fail(1701, id);
    else allowed.push(n);
  }
  if (denied.length === unique.length && unique.length > 0)
    throw permissionDenied('agent:id', errorNode(session));
  for (const id of denied)
    result.fail(4000, id, { detail: 'Permission denied: Resource type: agent:id' });
  return { allowed: allowed.sort((a, b) => a - b) };
}

export function listAgents(state: SimulatorState, session: Session, query: ParsedParams): ListBody {
  const access = agentAccess(session.permissions, 'agent:read');
  const result = new AffectedItems<Record<string, unknown>>(LIST_MESSAGES);
  const named = query.agents_list as string[] | undefined;
  const rows = named
    ? Int32Array.from(resolveNamed(state, session, access, named, result).allowed)
    : state.agents.liveIds();
  const { agents } = state;
  const predicates = namedFilters(agents, query, state.now());
  if (!named && !access.all) predicates.push((agent) => access.allows(agent.n, agent.groups, true));
  const listed = listItems(
    {
      rows,
      load: (n: number) => agents.get(n),
      filter:
        predicates.length > 0
          ? (agent) => predicates.every((predicate) => predicate(agent))
          : undefined,
      present: (agent) => agents.materialise(agent),
      presentJson: (agent) => agents.itemJson(agent),
    },
    agentTable(agents),
    listParams(query),
    state.now(),
  );
  result.setPage(listed);
  return result.body();
}

const MAX_NAME_LENGTH = 128;

export function addAgent(
  state: SimulatorState,
  session: Session,
  body: { name: string; ip?: string },
): ReturnType<typeof dataResult> {
  if (!allowsCreate(session)) throw permissionDenied('*:*', errorNode(session));
  const { name } = body;
  if (name.length > MAX_NAME_LENGTH) throw codedProblem(1738);
  if (state.agents.findByName(name) !== undefined) throw codedProblem(1705, { extra: name });
  const ip = body.ip ?? 'any';
  if (ip.toLowerCase() !== 'any') {
    if (!isIpOrNetwork(ip) || state.agents.findByRegisterIp(ip) !== undefined)
      throw codedProblem(1706, { extra: ip });
  }
  const n = state.agents.add(name, ip.toLowerCase() === 'any' ? 'any' : ip);
  const id = formatAgentId(n);
  const key = Buffer.from(
    `${id} ${name} ${ip} ${hex(state.options.seed, n, stringHash(name), 64)}`,
  ).toString('base64');
  return dataResult({ id, key });
}

function allowsCreate(session: Session): boolean {
  return session.permissions.get('agent:create')?.get('*:*:*') === 'allow';
}

function isIpOrNetwork(value: string): boolean {
  const [address, mask] = value.split('/');
  const octets = address.split('.');
  const validAddress =
    octets.length === 4 && octets.every((octet) => /^\d{1,3}$/.test(octet) && Number(octet) <= 255);
  return validAddress && (mask === undefined || (/^\d{1,2}$/.test(mask) && Number(mask) <= 32));
}

const DELETE_MESSAGES: ResultMessages = {
  all: 'All selected agents were deleted',
  some: 'Some agents were not deleted',
  none: 'No agents were deleted',
};

function pythonList(values: readonly string[]): string {
  return `[${values.map((value) => `'${value}'`).join(', ')}]`;
}

export function deleteAgents(
  state: SimulatorState,
  session: Session,
  query: ParsedParams,
): AffectedItemsEnvelope<string> {
  const access = agentAccess(session.permissions, 'agent:delete');
  const result = new AffectedItems<string>(DELETE_MESSAGES);
  const olderThan = (query.older_than as string | undefined) ?? '7d';
  const now = state.now();
  const predicates = namedFilters(state.agents, { ...query, older_than: olderThan }, now);
  if (query.q) predicates.push(compileQ(agentTable(state.agents), query.q as string, now));
  const eligible = (n: number) =>
    predicates.every((predicate) => predicate(state.agents.get(n) as AgentState));
  const requested = query.agents_list as string[];
  let targets: number[];
  if (requested.includes('all')) {
    targets = [...state.agents.liveIds()].filter((n) => {
      const agent = state.agents.get(n) as AgentState;
      return n !== MANAGER_ID && access.allows(n, agent.groups, true);
    });
    targets = targets.filter(eligible);
  } else {
    const requirements = [
      `status: ${pythonList(query.status as string[])}`,
      `older_than: ${olderThan}`,
    ];
    for (const name of NAMED_FILTERS)
      if (query[name] !== undefined) requirements.push(`${name}: ${String(query[name])}`);
    if (query.q) requirements.push(`q: ${String(query.q)}`);
    const named = resolveNamed(
      state,
      session,
      access,
      requested.filter((id) => parseAgentId(id) !== MANAGER_ID),
      result,
    );
    if (requested.some((id) => parseAgentId(id) === MANAGER_ID)) result.fail(1703, '000');
    targets = named.allowed.filter((n) => {
      if (eligible(n)) return true;
      result.fail(1731, formatAgentId(n), {
        extra: `some of the requirements are not met -> ${requirements.join(', ')}`,
      });
      return false;
    });
  }
  for (const n of targets) {
    state.agents.delete(n);
    result.items.push(formatAgentId(n));
  }
  return result.render({ older_than: olderThan });
}

function countStatuses(state: SimulatorState, access: AgentAccess) {
  const connection = { active: 0, disconnected: 0, never_connected: 0, pending: 0, total: 0 };
  const configuration = { synced: 0, not_synced: 0, total: 0 };
  if (!access.none) {
    for (const n of state.agents.liveIds()) {
      if (n === MANAGER_ID) continue;
      const agent = state.agents.get(n) as AgentState;
      if (!access.all && !access.allows(n, agent.groups, true)) continue;
      connection[agent.status]++;
      if (agent.synced) configuration.synced++;
      else configuration.not_synced++;
    }
  }
  connection.total = AGENT_STATUSES.reduce((sum, status) => sum + connection[status], 0);
  configuration.total = connection.total;
  return { connection, configuration };
}

export function summaryStatus(state: SimulatorState, session: Session) {
  const access = agentAccess(session.permissions, 'agent:read');
  // Callers who see every agent share one count, remembered until the next write.
  const counts = access.all
    ? state.agents.aggregate('statusSummary', () => countStatuses(state, access))
    : countStatuses(state, access);
  return dataResult(counts);
}

export function summaryOs(state: SimulatorState, session: Session): AffectedItemsEnvelope<string> {
  const access = agentAccess(session.permissions, 'agent:read');
  const platforms = new Set<string>();
  for (const n of state.agents.liveIds()) {
    const agent = state.agents.get(n) as AgentState;
    if (agent.os && (access.all || access.allows(n, agent.groups, true)))
      platforms.add(agent.os.platform);
  }
  const result = new AffectedItems<string>({
    all: 'Showing the operative system of all specified agents',
    some: 'Showing the operative system of some specified agents',
    none: 'No operative system information was returned',
  });
  result.items = [...platforms].sort();
  return result.render();
}

export function restartAgent(
  state: SimulatorState,
  session: Session,
  agentId: string,
): AffectedItemsEnvelope<string> {
  const result = new AffectedItems<string>({
    all: 'Restart command was sent to all agents',
    some: 'Restart command was not sent to some agents',
    none: 'Restart command was not sent to any agent',
  });
  const n = parseAgentId(agentId) as number;
  const agent = state.agents.get(n);
  if (
    !agentAccess(session.permissions, 'agent:restart').allows(n, agent?.groups, agent !== undefined)
  ) {
    throw permissionDenied('agent:id', errorNode(session));
  }
  if (n === MANAGER_ID) result.fail(1703, agentId);
  else if (!agent) result.fail(1701, agentId);
  else if (agent.status !== 'active') result.fail(1707, agentId);
  else {
    state.agents.restart(n);
    result.items.push(formatAgentId(n));
  }
  return result.render();
}

export function assignAgentToGroup(
  state: SimulatorState,
  session: Session,
  agentId: string,
  group: string,
  forceSingleGroup: boolean,
): AffectedItemsEnvelope<string> {
  const n = parseAgentId(agentId) as number;
  const agent = state.agents.get(n);
  if (
    !agentAccess(session.permissions, 'agent:modify_group').allows(
      n,
      agent?.groups,
      agent !== undefined,
    )
  ) {
    throw permissionDenied('agent:id', errorNode(session));
  }
  if (!objectAccess(session.permissions, 'group:modify_assignments', 'group:id')(group)) {
    throw permissionDenied('group:id', errorNode(session));
  }
  if (!state.agents.groupNames.has(group)) throw codedProblem(1710, { node: errorNode(session) });
  const suffix = forceSingleGroup ? ' and removed from the other groups' : '';
  const result = new AffectedItems<string>({
    all: `All selected agents were assigned to ${group}${suffix}`,
    some: `Some agents were not assigned to ${group}${suffix}`,
    none: `No agents were assigned to ${group}${suffix}`,
  });
  if (n === MANAGER_ID) result.fail(1703, agentId);
  else if (!agent) result.fail(1701, agentId);
  else if (agent.groups?.includes(group) && !forceSingleGroup) result.fail(1751, agentId);
  else {
    state.agents.assignGroup(n, group, forceSingleGroup);
    result.items.push(formatAgentId(n));
  }
  return result.render();
}

interface GroupItem {
  name: string;
  count: number;
  mergedSum: string;
  configSum: string;
}

/** Checksum length by the `hash` parameter's algorithm (the registry's own sums are md5). */
const HASH_DIGITS: Record<string, number> = {
  md5: 32,
  sha1: 40,
  sha224: 56,
  sha256: 64,
  sha384: 96,
  sha512: 128,
};

const GROUP_TABLE: TableSpec<GroupItem> = {
  mode: 'db',
  fields: { name: 'string', count: 'number', mergedSum: 'string', configSum: 'string' },
  sortFields: ['name', 'count', 'mergedSum', 'configSum'],
  selectFields: ['name', 'count', 'mergedSum', 'configSum'],
  requiredFields: ['name'],
};

export function listGroups(state: SimulatorState, session: Session, query: ParsedParams): ListBody {
  const canRead = objectAccess(session.permissions, 'group:read', 'group:id');
  const result = new AffectedItems<Record<string, unknown>>({
    all: 'All selected groups information was returned',
    some: 'Some groups information was not returned',
    none: 'No group information was returned',
  });
  const counts = state.agents.groupCounts();
  const digits = HASH_DIGITS[(query.hash as string | undefined) ?? 'md5'] ?? 32;
  const seed = state.options.seed;
  const all: GroupItem[] = [...state.agents.groupNames].sort().map((name) => ({
    name,
    count: counts.get(name) ?? 0,
    mergedSum: hex(seed, stringHash(name), 21, digits),
    configSum: hex(seed, stringHash(name), 22, digits),
  }));
  const named = query.groups_list as string[] | undefined;
  let visible = all.filter((group) => canRead(group.name));
  if (named) {
    const denied = named.filter((name) => !canRead(name));
    if (denied.length === named.length) throw permissionDenied('group:id', errorNode(session));
    denied.forEach((name) =>
      result.fail(4000, name, { detail: 'Permission denied: Resource type: group:id' }),
    );
    named
      .filter((name) => canRead(name) && !state.agents.groupNames.has(name))
      .forEach((name) => result.fail(1710, name));
    visible = visible.filter((group) => named.includes(group.name));
  }
  const listed = listItems(
    { rows: visible, load: (group: GroupItem) => group },
    GROUP_TABLE,
    listParams(query),
    state.now(),
  );
  result.setPage(listed);
  return result.body();
}
