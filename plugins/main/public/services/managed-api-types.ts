/** Answers of the managed API as the proxy passes them through. */

export interface FailedItem {
  error: { code: number; message: string; remediation?: string };
  id: Array<string | number>;
}

interface ItemsData<T> {
  affected_items: T[];
  total_affected_items: number;
  total_failed_items: number;
  failed_items: FailedItem[];
}

/** Envelope of list and mutation endpoints (`error` 0 complete, 1 all failed, 2 partial). */
export interface ItemsEnvelope<T> {
  data: ItemsData<T>;
  message?: string;
  error: number;
}

/** Envelope of endpoints answering one object (`GET /`, `/agents/summary/status`, `POST /agents`). */
export interface DataEnvelope<T> {
  data: T;
  message?: string;
  error: number;
}

export type AgentStatus = 'active' | 'pending' | 'never_connected' | 'disconnected';
export const AGENT_STATUSES: AgentStatus[] = [
  'active',
  'disconnected',
  'pending',
  'never_connected',
];
/** The manager's own agent: not one the team deploys or acts on. */
export const MANAGER_AGENT_ID = '000';

/** `q` (WQL) narrowed to leave the manager out, as every count and list of agents does. */
export function withoutManager(q?: string): string {
  const notManager = `id!=${MANAGER_AGENT_ID}`;
  return q ? `(${q});${notManager}` : notManager;
}

export const AGENT_STATUS_LABELS: Record<AgentStatus, string> = {
  active: 'Active',
  disconnected: 'Disconnected',
  pending: 'Pending',
  never_connected: 'Never connected',
};

export interface Agent {
  id: string;
  name: string;
  ip?: string;
  registerIP?: string;
  status: AgentStatus;
  version?: string;
  manager?: string;
  node_name?: string;
  dateAdd?: string;
  lastKeepAlive?: string;
  group?: string[];
  group_config_status?: string;
  os?: {
    arch?: string;
    name?: string;
    platform?: string;
    version?: string;
    codename?: string;
    major?: string;
    minor?: string;
    uname?: string;
  };
}

export interface AgentsSummaryStatus {
  connection: Record<AgentStatus, number> & { total: number };
  configuration: { synced: number; not_synced: number; total: number };
}

export interface Rule {
  id: number;
  level: number;
  description: string;
  filename: string;
  relative_dirname: string;
  status: string;
  groups: string[];
  details?: Record<string, unknown>;
  pci_dss?: string[];
  gdpr?: string[];
  hipaa?: string[];
  nist_800_53?: string[];
  tsc?: string[];
  mitre?: string[];
  gpg13?: string[];
}

export interface Decoder {
  name: string;
  position: number;
  filename: string;
  relative_dirname: string;
  status: string;
  details?: Record<string, unknown>;
}

export interface DecoderFile {
  filename: string;
  relative_dirname: string;
  status: string;
}

export interface ScaPolicy {
  policy_id: string;
  name: string;
  description?: string;
  references?: string;
  pass: number;
  fail: number;
  invalid: number;
  total_checks: number;
  score: number;
  start_scan?: string;
  end_scan?: string;
}

export interface ScaCheck {
  id: number;
  policy_id: string;
  title: string;
  description?: string;
  rationale?: string;
  remediation?: string;
  command?: string;
  reason?: string;
  references?: string;
  result?: string;
  condition?: string;
  compliance?: Array<{ key: string; value: string }>;
  rules?: Array<{ type: string; rule: string }>;
}

export interface ApiInfo {
  title?: string;
  api_version: string;
  hostname?: string;
  timestamp?: string;
}
