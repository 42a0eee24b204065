/**
 * The agent registry: agent 000 (the manager) plus N generated agents, up to a million.
 *
 * Generated agents are never stored: each one is a pure function of (seed, number), so the store only
 * keeps what writes changed (added, edited and deleted agents). Items are materialised on demand, which
 * keeps a million-agent registry at a few megabytes and lets a page of ten be served without a scan.
 */
import {
  AGENT_GROUPS,
  AGENT_VERSIONS,
  MANAGER_HOST,
  MANAGER_OS,
  MANAGER_VERSION,
  OPERATING_SYSTEMS,
  type OsInfo,
  ROLES_BY_FAMILY,
  osFamily,
} from './catalogues';
import { hash32, hex, pick, pickWeighted, stringHash, unit } from './random';

export type AgentStatus = 'active' | 'pending' | 'never_connected' | 'disconnected';
export const AGENT_STATUSES: readonly AgentStatus[] = ['active', 'pending', 'never_connected', 'disconnected'];

export interface AgentItem {
  id: string;
  name: string;
  ip: string;
  registerIP: string;
  status: AgentStatus;
  status_code: number;
  version?: string;
  manager?: string;
  node_name: string;
  dateAdd: string;
  lastKeepAlive?: string;
  disconnection_time?: string;
  group?: string[];
  group_config_status: 'synced' | 'not synced';
  configSum?: string;
  mergedSum?: string;
  os?: OsInfo;
}

/** What distinguishes one agent; everything else is derived when the item is materialised. */
export interface AgentState {
  n: number;
  name: string;
  ip: string;
  registerIP: string;
  status: AgentStatus;
  /** Registration time, Unix seconds. */
  dateAdd: number;
  /** Seconds behind "now" of the last keep-alive, for connected agents (they keep sending them). */
  keepAliveLag?: number;
  /** Absolute last keep-alive, Unix seconds, for disconnected agents. */
  lastKeepAlive?: number;
  groups?: string[];
  synced: boolean;
  os?: OsInfo;
  version?: string;
}

export interface AgentStoreOptions {
  seed: number;
  count: number;
  /** Reference time of the data set (ms); registration dates lie before it. */
  epochMs: number;
  /** Current time (ms); connected agents' keep-alives follow it. */
  now: () => number;
  /** Manager nodes agents report to, the master first (default: the single manager `node01`). */
  nodes?: readonly string[];
}

export const MANAGER_ID = 0;
/** Bounds of the per-agent caches: enough for hot pages, small next to a million agents. */
const JSON_CACHE_SIZE = 20_000;
const STATE_CACHE_SIZE = 20_000;
const STATUS_WEIGHTS: ReadonlyArray<readonly [AgentStatus, number]> = [
  ['active', 72],
  ['disconnected', 14],
  ['never_connected', 9],
  ['pending', 5],
];
const DAY = 86_400;
const MANAGER_KEEP_ALIVE = 253_402_300_799; // 9999-12-31T23:59:59Z, what the registry stores for the manager

export function formatAgentId(n: number): string {
  return n < 100 ? String(n).padStart(3, '0') : String(n);
}

/** Agent number of an id string (`"007"` → 7), or undefined when it is not a numeric id. */
export function parseAgentId(id: string): number | undefined {
  return /^\d+$/.test(id) && id.length <= 9 ? Number(id) : undefined;
}

const dayCache = new Map<number, string>();
const two = (value: number) => (value < 10 ? `0${value}` : String(value));

/** `YYYY-MM-DDTHH:MM:SS+00:00` for Unix seconds; formatted by hand (with the date part cached per day)
 * because a million-agent scan formats millions of dates. */
export function isoSeconds(seconds: number): string {
  const day = Math.floor(seconds / 86_400);
  let date = dayCache.get(day);
  if (date === undefined) {
    date = new Date(day * 86_400_000).toISOString().slice(0, 10);
    dayCache.set(day, date);
  }
  const rest = seconds - day * 86_400;
  return `${date}T${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}+00:00`;
}

function seededIp(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export class AgentStore {
  private readonly seed: number;
  private readonly generated: number;
  private readonly epoch: number;
  private readonly now: () => number;
  private readonly nodes: readonly string[];
  private readonly changed = new Map<number, AgentState>();
  private readonly deleted = new Set<number>();
  private nextId: number;
  private liveCache?: Int32Array;
  /** Whole-registry aggregates, dropped on every write. */
  private readonly aggregates = new Map<string, unknown>();
  private readonly manager: AgentState;
  private readonly stateCache = new Map<number, AgentState>();
  private readonly jsonCache = new Map<number, { second: number; state: AgentState; json: string }>();
  private readonly sumCache = new Map<string, { configSum: string; mergedSum: string }>();
  readonly groupNames = new Set<string>(AGENT_GROUPS);

  constructor(options: AgentStoreOptions) {
    this.seed = options.seed;
    this.generated = options.count;
    this.epoch = Math.floor(options.epochMs / 1000);
    this.now = options.now;
    this.nodes = options.nodes ?? ['node01'];
    this.nextId = options.count + 1;
    this.manager = this.managerState();
  }

  /** The state of agent `n`, or undefined when it does not exist (never created, or deleted). */
  get(n: number): AgentState | undefined {
    if (this.deleted.has(n)) return undefined;
    const changed = this.changed.get(n);
    if (changed) return changed;
    if (n === MANAGER_ID) return this.manager;
    if (n < 1 || n > this.generated) return undefined;
    let state = this.stateCache.get(n);
    if (!state) {
      if (this.stateCache.size >= STATE_CACHE_SIZE) this.stateCache.clear();
      state = this.generatedState(n);
      this.stateCache.set(n, state);
    }
    return state;
  }

  has(n: number): boolean {
    return this.get(n) !== undefined;
  }

  /** Numbers of existing agents in ascending order (cached until the next add/delete). */
  liveIds(): Int32Array {
    if (this.liveCache) return this.liveCache;
    // Sized for every generated and added agent; deleted ones (generated or added) leave the tail unused.
    const ids = new Int32Array(this.generated + 1 + this.changed.size);
    let at = 0;
    for (let n = 0; n <= this.generated; n++) if (!this.deleted.has(n)) ids[at++] = n;
    const added = [...this.changed.keys()].filter((n) => n > this.generated && !this.deleted.has(n)).sort((a, b) => a - b);
    for (const n of added) ids[at++] = n;
    this.liveCache = ids.subarray(0, at);
    return this.liveCache;
  }

  /** The node agent `n` reports to: the manager (000) to the master, the others spread over all nodes. */
  nodeOf(n: number): string {
    return this.nodes[n % this.nodes.length];
  }

  /** Active agents per node, each node listed (a scan of the registry). */
  activeByNode(): Map<string, number> {
    const counts = new Map(this.nodes.map((node) => [node, 0]));
    for (const n of this.liveIds()) {
      if (this.get(n)?.status !== 'active') continue;
      const node = this.nodeOf(n);
      counts.set(node, (counts.get(node) ?? 0) + 1);
    }
    return counts;
  }

  item(n: number): AgentItem | undefined {
    const state = this.get(n);
    return state && this.materialise(state);
  }

  materialise(state: AgentState): AgentItem {
    const connected = state.status !== 'never_connected';
    // Keys are added in the order the API emits them; absent values are omitted, as the API does.
    const item = { id: formatAgentId(state.n), name: state.name, ip: state.ip, registerIP: state.registerIP, status: state.status, status_code: 0 } as AgentItem;
    if (state.version) item.version = state.version;
    if (connected) item.manager = MANAGER_HOST;
    item.node_name = connected ? this.nodeOf(state.n) : 'unknown';
    item.dateAdd = isoSeconds(state.dateAdd);
    const keepAlive = this.lastKeepAlive(state);
    if (keepAlive !== undefined) item.lastKeepAlive = isoSeconds(keepAlive);
    if (state.status === 'disconnected' && state.lastKeepAlive !== undefined) item.disconnection_time = isoSeconds(state.lastKeepAlive + 60);
    if (state.groups) item.group = state.groups;
    item.group_config_status = state.synced ? 'synced' : 'not synced';
    if (state.groups) Object.assign(item, this.groupSums(state.groups));
    if (state.os) item.os = this.os(state);
    return item;
  }

  /**
   * The item serialised, cached per agent for the current second (connected agents' keep-alives follow
   * the clock); writes drop the agent's entry. Bounded, so paging through a million agents stays lean.
   */
  itemJson(state: AgentState): string {
    const second = Math.floor(this.now() / 1000);
    const cached = this.jsonCache.get(state.n);
    if (cached && cached.second === second && cached.state === state) return cached.json;
    if (this.jsonCache.size >= JSON_CACHE_SIZE) this.jsonCache.clear();
    const json = JSON.stringify(this.materialise(state));
    this.jsonCache.set(state.n, { second, state, json });
    return json;
  }

  /** Last keep-alive in Unix seconds (connected agents follow the clock), or undefined if never connected. */
  lastKeepAlive(state: AgentState): number | undefined {
    if (state.n === MANAGER_ID) return MANAGER_KEEP_ALIVE;
    if (state.keepAliveLag !== undefined) return Math.floor(this.now() / 1000) - state.keepAliveLag;
    return state.lastKeepAlive;
  }

  /** One (dotted) field of an agent as the API item would show it, without building the whole item. */
  field(state: AgentState, path: string): unknown {
    const connected = state.status !== 'never_connected';
    switch (path) {
      case 'id':
        return formatAgentId(state.n);
      case 'name':
      case 'ip':
      case 'registerIP':
      case 'status':
      case 'version':
        return state[path];
      case 'status_code':
        return 0;
      case 'manager':
        return connected ? MANAGER_HOST : undefined;
      case 'node_name':
        return connected ? this.nodeOf(state.n) : 'unknown';
      case 'dateAdd':
        return isoSeconds(state.dateAdd);
      case 'lastKeepAlive': {
        const seconds = this.lastKeepAlive(state);
        return seconds === undefined ? undefined : isoSeconds(seconds);
      }
      case 'disconnection_time':
        return state.status === 'disconnected' && state.lastKeepAlive !== undefined ? isoSeconds(state.lastKeepAlive + 60) : undefined;
      case 'group':
        return state.groups;
      case 'group_config_status':
        return state.synced ? 'synced' : 'not synced';
      case 'configSum':
      case 'mergedSum':
        return state.groups && this.groupSums(state.groups)[path];
      case 'os':
        return state.os && this.os(state);
      case 'os.uname':
        return state.os?.uname.replace('{host}', state.name);
      default:
        return path.startsWith('os.') ? state.os?.[path.slice(3) as keyof OsInfo] : undefined;
    }
  }

  private os(state: AgentState): OsInfo {
    const os = state.os as OsInfo;
    return { ...os, uname: os.uname.replace('{host}', state.name) };
  }

  /** Number of the agent registered with `name`, if any. */
  findByName(name: string): number | undefined {
    for (const state of this.changed.values()) if (state.name === name && !this.deleted.has(state.n)) return state.n;
    const match = /-(\d+)$/.exec(name);
    const n = match ? Number(match[1]) : NaN;
    if (n >= 1 && n <= this.generated && !this.changed.has(n) && !this.deleted.has(n) && this.generatedState(n).name === name) return n;
    return name === MANAGER_HOST && !this.changed.has(MANAGER_ID) ? MANAGER_ID : undefined;
  }

  /** Number of the agent registered from `ip` (not `any`), if any. */
  findByRegisterIp(ip: string): number | undefined {
    for (const state of this.changed.values()) if (state.registerIP === ip && !this.deleted.has(state.n)) return state.n;
    const match = /^10\.(\d+)\.(\d+)\.(\d+)$/.exec(ip);
    if (!match) return undefined;
    const n = (Number(match[1]) << 16) | (Number(match[2]) << 8) | Number(match[3]);
    if (n >= 1 && n <= this.generated && !this.changed.has(n) && !this.deleted.has(n) && this.generatedState(n).registerIP === ip) return n;
    return undefined;
  }

  /** Registers a new agent (never connected, group `default`) and returns its number. */
  add(name: string, ip: string): number {
    const n = this.nextId++;
    this.changed.set(n, {
      n,
      name,
      ip,
      registerIP: ip,
      status: 'never_connected',
      dateAdd: Math.floor(this.now() / 1000),
      groups: ['default'],
      synced: false,
    });
    this.invalidate();
    return n;
  }

  delete(n: number): void {
    this.deleted.add(n);
    this.changed.delete(n);
    this.invalidate();
  }

  /** Marks a restart: the agent reconnects, so its keep-alive is fresh again. */
  restart(n: number): void {
    const state = this.get(n);
    if (!state) return;
    this.changed.set(n, { ...state, keepAliveLag: 0, lastKeepAlive: undefined });
    this.aggregates.clear();
  }

  /** Adds agent `n` to `group` (replacing its groups when `single`). */
  assignGroup(n: number, group: string, single: boolean): void {
    const state = this.get(n);
    if (!state) return;
    const groups = single ? [group] : [...(state.groups ?? []), group];
    this.changed.set(n, { ...state, groups });
    this.aggregates.clear();
  }

  /** Takes `group` away from agent `n`; an agent left with no group falls back to `default`, as the API does. */
  removeGroup(n: number, group: string): void {
    const state = this.get(n);
    if (!state) return;
    const remaining = (state.groups ?? []).filter((name) => name !== group);
    this.changed.set(n, { ...state, groups: remaining.length > 0 ? remaining : ['default'] });
    this.aggregates.clear();
  }

  /** The agent now runs `version` (an upgrade restarts it, so its keep-alive is fresh). */
  setVersion(n: number, version: string): void {
    const state = this.get(n);
    if (!state) return;
    this.changed.set(n, { ...state, version, keepAliveLag: 0, lastKeepAlive: undefined });
    this.aggregates.clear();
  }

  /** A registered agent's first connection: it reports its OS and version and keeps alive from now on. */
  connect(n: number, os: OsInfo, version: string): void {
    const state = this.get(n);
    if (!state) return;
    this.changed.set(n, { ...state, status: 'active', os, version, synced: true, keepAliveLag: 0, lastKeepAlive: undefined });
    this.aggregates.clear();
  }

  /** `compute()` over the whole registry, remembered under `key` until the next write. */
  aggregate<T>(key: string, compute: () => T): T {
    if (!this.aggregates.has(key)) this.aggregates.set(key, compute());
    return this.aggregates.get(key) as T;
  }

  /** Members per group (remembered until the next write). */
  groupCounts(): Map<string, number> {
    return this.aggregate('groupCounts', () => {
      const counts = new Map<string, number>([...this.groupNames].map((name) => [name, 0]));
      for (const n of this.liveIds()) {
        for (const group of this.get(n)?.groups ?? []) counts.set(group, (counts.get(group) ?? 0) + 1);
      }
      return counts;
    });
  }

  /** Checksums of a group combination's configuration and merged shared files (the same for every member). */
  private groupSums(groups: string[]): { configSum: string; mergedSum: string } {
    const key = groups.join(',');
    let sums = this.sumCache.get(key);
    if (!sums) {
      sums = { configSum: hex(this.seed, stringHash(key), 11, 32), mergedSum: hex(this.seed, stringHash(key), 7, 32) };
      this.sumCache.set(key, sums);
    }
    return sums;
  }

  private invalidate(): void {
    this.liveCache = undefined;
    this.aggregates.clear();
  }

  private managerState(): AgentState {
    return {
      n: MANAGER_ID,
      name: MANAGER_HOST,
      ip: '127.0.0.1',
      registerIP: '127.0.0.1',
      status: 'active',
      dateAdd: this.epoch - 200 * DAY,
      synced: true,
      os: MANAGER_OS,
      version: MANAGER_VERSION,
    };
  }

  private generatedState(n: number): AgentState {
    const { seed } = this;
    const os = pickWeighted(OPERATING_SYSTEMS, seed, n, 1);
    const role = pick(ROLES_BY_FAMILY[osFamily(os)], seed, n, 2);
    const status = pickWeighted(STATUS_WEIGHTS, seed, n, 3);
    const name = `${role.role}-${String(n).padStart(3, '0')}`;
    const dateAdd = this.epoch - Math.floor(unit(seed, n, 4) * 180 * DAY) - 3600;
    const registerIP = unit(seed, n, 5) < 0.85 ? 'any' : seededIp(n);
    const state: AgentState = { n, name, ip: seededIp(n), registerIP, status, dateAdd, groups: role.groups, synced: true };
    if (status === 'never_connected') {
      state.ip = registerIP;
      state.synced = false;
      return state;
    }
    state.os = os;
    state.version = pickWeighted(AGENT_VERSIONS, seed, n, 6);
    if (status === 'disconnected') {
      const span = this.epoch - dateAdd;
      state.lastKeepAlive = dateAdd + Math.floor(unit(seed, n, 7) * Math.max(span - DAY, 60));
      state.synced = unit(seed, n, 8) < 0.5;
    } else {
      state.keepAliveLag = status === 'pending' ? 1 + (hash32(seed, n, 9) % 5) : hash32(seed, n, 9) % 50;
    }
    return state;
  }
}
