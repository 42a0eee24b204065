/**
 * An agent's syscollector inventory (RBAC `syscollector:read` on the agent) and its active configuration
 * (`agent:read`; only active agents answer, as the API relays the question to the agent).
 */
import { MANAGER_ID, parseAgentId } from '../data/agents';
import {
  AGENT_CONFIGURATIONS,
  type InventoryAgent,
  activeConfiguration,
  hardware,
  networkAddresses,
  operatingSystem,
  packages,
  ports,
  processes,
} from '../data/inventory';
import {
  agentInventoryStates,
  type StatesDocument,
  type StatesOrigin,
} from '../data/inventory-states';
import { syscheckFiles } from '../data/syscheck';
import type { Session } from '../http/context';
import { AffectedItems, type ListBody, dataResult } from '../http/envelope';
import type { ParsedParams } from '../http/params';
import { codedProblem, permissionDenied } from '../http/problem';
import { errorNode } from '../rbac/guard';
import { agentAccess } from '../rbac/permissions';
import { type FieldKind, type TableSpec, getPath, listItems } from '../query/list-query';
import type { SimulatorState } from '../state';
import { listParams } from './list-params';

type Row = Record<string, unknown>;

interface InventoryKind {
  rows(seed: number, agent: InventoryAgent): Row[];
  fields: Record<string, FieldKind>;
  /** Query parameters that filter by equality on the field of the same name. */
  filters: readonly string[];
  message: string;
}

const text = (names: string[]): Record<string, FieldKind> =>
  Object.fromEntries(names.map((name) => [name, 'string' as const]));

export const INVENTORY_KINDS: Record<string, InventoryKind> = {
  hardware: {
    rows: hardware,
    fields: { ...text(['board_serial', 'cpu.name']), 'cpu.cores': 'number', 'ram.total': 'number' },
    filters: [],
    message: 'All specified syscollector information was returned',
  },
  os: {
    rows: (_seed, agent) => operatingSystem(agent),
    fields: text(['architecture', 'hostname', 'os.name', 'os.version', 'release', 'sysname']),
    filters: [],
    message: 'All specified syscollector information was returned',
  },
  netaddr: {
    rows: networkAddresses,
    fields: text(['iface', 'proto', 'address', 'broadcast', 'netmask']),
    filters: ['iface', 'proto', 'address', 'broadcast', 'netmask'],
    message: 'All specified syscollector information was returned',
  },
  packages: {
    rows: packages,
    fields: {
      ...text(['name', 'vendor', 'architecture', 'format', 'version', 'description']),
      size: 'number',
    },
    filters: ['vendor', 'name', 'architecture', 'format', 'version'],
    message: 'All specified syscollector information was returned',
  },
  ports: {
    rows: ports,
    fields: {
      ...text(['protocol', 'local.ip', 'remote.ip', 'state', 'process']),
      'local.port': 'number',
      'remote.port': 'number',
      pid: 'number',
      tx_queue: 'number',
    },
    filters: [
      'pid',
      'protocol',
      'local.ip',
      'local.port',
      'remote.ip',
      'tx_queue',
      'state',
      'process',
    ],
    message: 'All specified syscollector information was returned',
  },
  processes: {
    rows: processes,
    fields: {
      ...text(['pid', 'name', 'state', 'euser', 'ruser', 'suser', 'egroup', 'cmd']),
      ppid: 'number',
      nlwp: 'number',
      priority: 'number',
    },
    filters: [
      'pid',
      'state',
      'ppid',
      'egroup',
      'euser',
      'name',
      'nlwp',
      'priority',
      'ruser',
      'suser',
    ],
    message: 'All specified syscollector information was returned',
  },
};

/** The agent as the inventory sees it, after RBAC (403 when the caller may not read it); undefined when unknown. */
export function readableAgent(
  state: SimulatorState,
  session: Session,
  agentId: string,
  action: string,
): InventoryAgent | undefined {
  const n = parseAgentId(agentId) as number;
  const agent = state.agents.get(n);
  if (!agentAccess(session.permissions, action).allows(n, agent?.groups, agent !== undefined))
    throw permissionDenied('agent:id', errorNode(session));
  return agent && inventoryAgent(state, n);
}

/** Agent `n` as its inventory sees it (its last scan is its last keep-alive); undefined when unknown. */
function inventoryAgent(state: SimulatorState, n: number): InventoryAgent | undefined {
  const agent = state.agents.get(n);
  if (!agent) return undefined;
  const keepAlive = state.agents.lastKeepAlive(agent);
  const nowSeconds = Math.floor(state.now() / 1000);
  return {
    n,
    name: agent.name,
    ip: agent.ip,
    os: agent.os,
    scannedAt: Math.min(keepAlive ?? agent.dateAdd, nowSeconds),
  };
}

/**
 * The states documents of `agentIds` (unknown ids have none), as the manager's indexer holds them:
 * the same inventory the syscollector routes answer for each agent.
 */
export function inventoryStates(
  state: SimulatorState,
  agentIds: readonly string[],
  origin: StatesOrigin,
): StatesDocument[] {
  return agentIds.flatMap((id) => {
    const n = parseAgentId(id);
    const agent = n === undefined ? undefined : inventoryAgent(state, n);
    return agent ? agentInventoryStates(state.options.seed, agent, origin) : [];
  });
}

export function listInventory(
  state: SimulatorState,
  session: Session,
  kind: string,
  agentId: string,
  query: ParsedParams,
): ListBody {
  const spec = INVENTORY_KINDS[kind];
  const result = new AffectedItems<Row>({
    all: spec.message,
    some: 'Some syscollector information was not returned',
    none: 'No syscollector information was returned',
  });
  const agent = readableAgent(state, session, agentId, 'syscollector:read');
  if (!agent) {
    result.fail(1701, agentId);
    return result.render();
  }
  const wanted = spec.filters
    .filter((name) => query[name] !== undefined)
    .map((name) => [name, String(query[name]).toLowerCase()] as const);
  const table: TableSpec<Row> = {
    mode: 'db',
    fields: spec.fields,
    sortFields: Object.keys(spec.fields),
    selectFields: [...Object.keys(spec.fields), ...Object.keys(spec.rows(0, agent)[0] ?? {})],
    requiredFields: ['agent_id'],
  };
  const listed = listItems(
    {
      rows: spec.rows(state.options.seed, agent),
      load: (row: Row) => row,
      present: (row: Row) => JSON.parse(JSON.stringify(row)) as Row,
      filter: (row) =>
        wanted.every(([name, value]) => String(getPath(row, name) ?? '').toLowerCase() === value),
    },
    table,
    listParams({ offset: 0, limit: 500, ...query }),
    state.now(),
  );
  result.setPage(listed);
  return result.body();
}

const SYSCHECK_FIELDS: Record<string, FieldKind> = {
  ...text(['file', 'type', 'perm', 'uname', 'gname', 'uid', 'gid', 'md5', 'sha1', 'sha256']),
  ...text(['mtime', 'date']),
  size: 'number',
  inode: 'number',
  changes: 'number',
};

/** Filters of `GET /syscheck/{agent_id}` that match a field exactly. */
const SYSCHECK_FILTERS = ['type', 'file', 'md5', 'sha1', 'sha256'] as const;

/** The files integrity monitoring watches on an agent (RBAC `syscheck:read` on the agent). */
export function listSyscheckFiles(
  state: SimulatorState,
  session: Session,
  agentId: string,
  query: ParsedParams,
): ListBody {
  const result = new AffectedItems<Row>({
    all: 'FIM findings of the agent were returned',
    some: 'Some FIM findings were not returned',
    none: 'No FIM information was returned',
  });
  const agent = readableAgent(state, session, agentId, 'syscheck:read');
  if (!agent) {
    result.fail(1701, agentId);
    return result.render();
  }
  const wanted = SYSCHECK_FILTERS.filter((name) => query[name] !== undefined).map(
    (name) => [name, String(query[name]).toLowerCase()] as const,
  );
  const listed = listItems(
    {
      rows: syscheckFiles(state.options.seed, agent),
      load: (row: Row) => row,
      present: (row: Row) => ({ ...row }),
      filter: (row) => wanted.every(([name, value]) => String(row[name]).toLowerCase() === value),
    },
    {
      mode: 'db',
      fields: SYSCHECK_FIELDS,
      sortFields: Object.keys(SYSCHECK_FIELDS),
      selectFields: Object.keys(SYSCHECK_FIELDS),
      requiredFields: [],
    },
    listParams({ offset: 0, limit: 500, ...query }),
    state.now(),
  );
  result.setPage(listed);
  return result.body();
}

export function agentConfiguration(
  state: SimulatorState,
  session: Session,
  agentId: string,
  component: string,
  configuration: string,
) {
  const agent = readableAgent(state, session, agentId, 'agent:read');
  if (!agent) throw codedProblem(1701, { node: errorNode(session) });
  if (agent.n !== MANAGER_ID && state.agents.get(agent.n)?.status !== 'active')
    throw codedProblem(1740, { node: errorNode(session) });
  if (!AGENT_CONFIGURATIONS[component]?.includes(configuration))
    throw codedProblem(1101, { node: errorNode(session) });
  return dataResult(activeConfiguration(agent, component, configuration));
}
