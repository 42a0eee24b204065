/**
 * The datasets an alerts request may read: the alerts, and the manager's "states" indices, which
 * hold what each agent is now (its operating system, hardware, packages, ports, processes, users,
 * services, vulnerabilities...). One definition per dataset: its index pattern, known fields, the
 * field its documents carry the manager or cluster name in, its time field (states have none: they
 * are the present, not events), and how its table starts. The server reads every request through
 * these; the browser takes titles, default columns and sorts from them.
 */
import {
  ANALYSISD_COUNTS,
  ANALYSISD_QUEUES,
  MONITORING_INDEX_PATTERN,
  REMOTED_FIELDS,
  STATISTICS_INDEX_PATTERN,
} from '../indexer-jobs';
import { KNOWN_PATTERNS } from '../known-fields';
import type { AlertsField, AlertsSort } from './api';

/** The inventory index types, as the manager names its `wazuh-states-inventory-<type>-*` indices. */
export const INVENTORY_TYPES = [
  'system',
  'hardware',
  'hotfixes',
  'interfaces',
  'networks',
  'packages',
  'ports',
  'processes',
  'protocols',
  'users',
  'groups',
  'services',
  'browser-extensions',
] as const;

export type InventoryType = (typeof INVENTORY_TYPES)[number];

/**
 * `alerts` (the default), `inventory` (every inventory index at once, as the IT Hygiene dashboard
 * reads them), `inventory-<type>` (one inventory index type) or `vulnerabilities` (one document per
 * agent, package and vulnerability).
 */
export type AlertsDatasetId =
  | 'alerts'
  | 'inventory'
  | `inventory-${InventoryType}`
  | 'vulnerabilities'
  | 'statistics'
  | 'monitoring';

export interface AlertsDatasetDefinition {
  id: AlertsDatasetId;
  title: string;
  /**
   * The indices read. The alerts' pattern is a setting (`svc.indexer.alertsIndexPattern`); this is
   * its default.
   */
  indexPattern: string;
  /**
   * The field a document carries its manager's (or cluster's) name in. Absent for alerts, which
   * carry `cluster.name` or `manager.name` depending on whether the manager runs in a cluster.
   */
  pinField?: string;
  /**
   * `api-host`: the pin field holds the id of the API host whose figures the dashboard's own jobs
   * wrote (statistics, monitoring), not the manager's name.
   */
  pinnedBy?: 'api-host';
  /**
   * The field holding the agent id the user's visible agents limit (default `agent.id`); `null`
   * for documents about no agent (the manager's statistics), which only the pin limits.
   */
  agentIdField?: string | null;
  /**
   * The field the time range applies to; `null` for a states dataset, which is the agents' current
   * state: it takes no time range and the views say "current state" instead of a time picker.
   */
  timeField: string | null;
  /** The table's columns before the user picks any. */
  defaultColumns: readonly string[];
  /** The table's order before the user sorts (always one, so a first page is never arbitrary). */
  defaultSort: readonly AlertsSort[];
  /** The fields a request may name (queries, filters, sorts, charts, columns). */
  fields: readonly AlertsField[];
}

type Spec = readonly [name: string, esType: string];

const TYPE_OF: Record<string, AlertsField['type']> = {
  keyword: 'string',
  match_only_text: 'string',
  long: 'number',
  integer: 'number',
  byte: 'number',
  unsigned_long: 'number',
  scaled_float: 'number',
  float: 'number',
  date: 'date',
  boolean: 'boolean',
  ip: 'ip',
};

function toField([name, esType]: Spec): AlertsField {
  const text = esType === 'match_only_text';
  return { name, type: TYPE_OF[esType], esType, searchable: true, aggregatable: !text };
}

const kw = (...names: string[]): Spec[] => names.map((name) => [name, 'keyword'] as const);
const typed = (esType: string, ...names: string[]): Spec[] =>
  names.map((name) => [name, esType] as const);

/** The block every inventory document carries (agent, manager pin, schema). */
const INVENTORY_COMMON: Spec[] = [
  ...kw('agent.id', 'agent.name', 'agent.version', 'agent.host.architecture'),
  ['agent.host.ip', 'ip'],
  ...kw('wazuh.cluster.name', 'wazuh.cluster.node', 'wazuh.schema.version'),
];

const INVENTORY_FIELDS: Record<InventoryType, Spec[]> = {
  system: [
    ...kw(
      'host.hostname',
      'host.architecture',
      'host.os.name',
      'host.os.platform',
      'host.os.version',
      'host.os.full',
      'host.os.type',
      'host.os.build',
      'host.os.codename',
      'host.os.major',
      'host.os.minor',
      'host.os.patch',
      'host.os.distribution.release',
      'host.os.kernel.name',
      'host.os.kernel.release',
      'host.os.kernel.version',
    ),
  ],
  hardware: [
    ['host.cpu.name', 'keyword'],
    ['host.cpu.cores', 'byte'],
    ...typed('long', 'host.cpu.speed', 'host.memory.total', 'host.memory.free', 'host.memory.used'),
    ['host.memory.usage', 'scaled_float'],
    ['host.serial_number', 'keyword'],
  ],
  hotfixes: kw('package.hotfix.name'),
  interfaces: [
    ...kw('interface.name', 'interface.type', 'interface.state', 'interface.alias', 'host.mac'),
    ['interface.mtu', 'long'],
    ...typed(
      'long',
      ...['ingress', 'egress'].flatMap((way) =>
        ['bytes', 'packets', 'drops', 'errors'].map((what) => `host.network.${way}.${what}`),
      ),
    ),
  ],
  networks: [
    ...typed('ip', 'network.ip', 'network.netmask', 'network.broadcast'),
    ...kw('network.type', 'interface.name'),
    ['network.dhcp', 'boolean'],
    ['network.metric', 'long'],
  ],
  packages: [
    ...kw(
      'package.name',
      'package.version',
      'package.vendor',
      'package.type',
      'package.architecture',
      'package.description',
      'package.category',
      'package.source',
      'package.priority',
      'package.multiarch',
      'package.path',
    ),
    ['package.installed', 'date'],
    ['package.size', 'long'],
  ],
  ports: [
    ...typed('ip', 'source.ip', 'destination.ip'),
    ...typed('long', 'source.port', 'destination.port', 'process.pid'),
    ...kw('network.transport', 'interface.state', 'process.name', 'file.inode'),
    ...typed('long', 'host.network.ingress.queue', 'host.network.egress.queue'),
  ],
  processes: [
    ...typed('long', 'process.pid', 'process.parent.pid', 'process.args_count'),
    ...kw('process.name', 'process.command_line', 'process.args', 'process.state'),
    ['process.start', 'date'],
    ...typed('long', 'process.stime', 'process.utime'),
  ],
  protocols: [
    ...kw('network.type', 'interface.name'),
    ['network.gateway', 'ip'],
    ['network.dhcp', 'boolean'],
    ['network.metric', 'long'],
  ],
  users: [
    ...kw(
      'user.name',
      'user.id',
      'user.full_name',
      'user.home',
      'user.shell',
      'user.groups',
      'user.type',
      'user.password.status',
      'user.password.hash_algorithm',
      'login.tty',
      'login.type',
    ),
    ['user.uid_signed', 'long'],
    ['user.group.id', 'unsigned_long'],
    ...typed('boolean', 'user.is_hidden', 'user.is_remote', 'login.status'),
    ...typed(
      'date',
      'user.created',
      'user.last_login',
      'user.auth_failures.timestamp',
      'user.password.last_change',
      'user.password.expiration_date',
    ),
    ['user.auth_failures.count', 'integer'],
    ['host.ip', 'ip'],
    ['process.pid', 'long'],
  ],
  groups: [
    ['group.name', 'keyword'],
    ['group.id', 'unsigned_long'],
    ['group.id_signed', 'long'],
    ['group.description', 'match_only_text'],
    ...kw('group.users', 'group.uuid'),
    ['group.is_hidden', 'boolean'],
  ],
  services: [
    ...kw(
      'service.id',
      'service.name',
      'service.description',
      'service.state',
      'service.sub_state',
      'service.enabled',
      'service.start_type',
      'service.type',
      'process.executable',
      'process.user.name',
      'file.path',
    ),
    ...typed('integer', 'service.exit_code', 'service.win32_exit_code'),
    ['process.pid', 'long'],
  ],
  'browser-extensions': [
    ...kw(
      'browser.name',
      'browser.profile.name',
      'browser.profile.path',
      'package.name',
      'package.id',
      'package.version',
      'package.vendor',
      'package.type',
      'package.permissions',
      'user.id',
      'file.hash.sha256',
    ),
    ...typed(
      'boolean',
      'browser.profile.referenced',
      'package.enabled',
      'package.autoupdate',
      'package.from_webstore',
      'package.persistent',
      'package.visible',
    ),
    ['package.installed', 'date'],
  ],
};

const VULNERABILITY_FIELDS: Spec[] = [
  ...kw('agent.id', 'agent.name', 'agent.type', 'agent.version'),
  ...kw('wazuh.cluster.name', 'wazuh.cluster.node', 'wazuh.schema.version'),
  ...kw(
    'host.os.full',
    'host.os.name',
    'host.os.platform',
    'host.os.type',
    'host.os.version',
    'host.os.kernel',
  ),
  ...kw(
    'package.name',
    'package.version',
    'package.type',
    'package.architecture',
    'package.path',
    'package.description',
  ),
  ['package.installed', 'date'],
  ['package.size', 'long'],
  ...kw(
    'vulnerability.id',
    'vulnerability.severity',
    'vulnerability.description',
    'vulnerability.reference',
    'vulnerability.category',
    'vulnerability.classification',
    'vulnerability.enumeration',
    'vulnerability.score.version',
    'vulnerability.scanner.vendor',
    'vulnerability.scanner.source',
    'vulnerability.scanner.reference',
  ),
  ...typed('float', 'vulnerability.score.base', 'vulnerability.score.environmental'),
  ['vulnerability.under_evaluation', 'boolean'],
  ...typed('date', 'vulnerability.published_at', 'vulnerability.detected_at'),
];

/** The severities the vulnerability states use, most severe first. */
export const VULNERABILITY_SEVERITIES = ['Critical', 'High', 'Medium', 'Low'] as const;

/** The manager's name (or its cluster's) in every states document, as the original pins them. */
const STATES_PIN_FIELD = 'wazuh.cluster.name';

const asc = (field: string): AlertsSort => ({ field, direction: 'asc' });
const desc = (field: string): AlertsSort => ({ field, direction: 'desc' });

/** Each inventory type's title and table, as the original's IT Hygiene tabs show them. */
const INVENTORY_VIEWS: Record<
  InventoryType,
  { title: string; columns: string[]; sort: AlertsSort[] }
> = {
  system: {
    title: 'Operating systems',
    columns: [
      'agent.name',
      'host.os.platform',
      'host.os.name',
      'host.os.version',
      'host.os.kernel.release',
      'host.architecture',
    ],
    sort: [asc('agent.name')],
  },
  hardware: {
    title: 'Hardware',
    columns: [
      'agent.name',
      'host.memory.total',
      'host.memory.used',
      'host.memory.free',
      'host.cpu.name',
      'host.cpu.cores',
      'host.cpu.speed',
    ],
    sort: [asc('agent.name')],
  },
  hotfixes: {
    title: 'Windows KBs',
    columns: ['agent.name', 'package.hotfix.name'],
    sort: [asc('package.hotfix.name'), asc('agent.name')],
  },
  interfaces: {
    title: 'Network interfaces',
    columns: [
      'agent.name',
      'interface.name',
      'interface.type',
      'interface.state',
      'interface.mtu',
      'host.mac',
    ],
    sort: [asc('agent.name'), asc('interface.name')],
  },
  networks: {
    title: 'Network addresses',
    columns: [
      'agent.name',
      'network.ip',
      'network.netmask',
      'network.broadcast',
      'network.type',
      'interface.name',
    ],
    sort: [asc('agent.name'), asc('interface.name')],
  },
  packages: {
    title: 'Packages',
    columns: ['agent.name', 'package.vendor', 'package.name', 'package.version', 'package.type'],
    sort: [asc('package.name'), asc('agent.name')],
  },
  ports: {
    title: 'Network ports',
    columns: [
      'agent.name',
      'source.ip',
      'source.port',
      'destination.ip',
      'destination.port',
      'network.transport',
      'process.name',
    ],
    sort: [asc('source.port'), asc('agent.name')],
  },
  processes: {
    title: 'Processes',
    columns: [
      'agent.name',
      'process.name',
      'process.start',
      'process.pid',
      'process.parent.pid',
      'process.command_line',
    ],
    sort: [asc('process.name'), asc('agent.name')],
  },
  protocols: {
    title: 'Network protocols',
    columns: [
      'agent.name',
      'interface.name',
      'network.dhcp',
      'network.gateway',
      'network.type',
      'network.metric',
    ],
    sort: [asc('agent.name'), asc('interface.name')],
  },
  users: {
    title: 'Users',
    columns: ['agent.name', 'user.name', 'user.groups', 'user.shell', 'user.home'],
    sort: [asc('user.name'), asc('agent.name')],
  },
  groups: {
    title: 'Groups',
    columns: ['agent.name', 'group.name', 'group.is_hidden', 'group.users'],
    sort: [asc('group.name'), asc('agent.name')],
  },
  services: {
    title: 'Services',
    columns: ['agent.name', 'service.name'],
    sort: [asc('service.id'), asc('agent.name')],
  },
  'browser-extensions': {
    title: 'Browser extensions',
    columns: ['agent.name', 'browser.name', 'package.name', 'package.version', 'package.enabled'],
    sort: [asc('package.name'), asc('agent.name')],
  },
};

const inventoryIndexPattern = (type: InventoryType): string => `wazuh-states-inventory-${type}-*`;

function uniqueByName(specs: readonly Spec[]): Spec[] {
  return [...new Map(specs.map((spec) => [spec[0], spec])).values()];
}

const alertsPattern = KNOWN_PATTERNS.find((known) => known.title === 'Alerts');

export const ALERTS_DATASETS: readonly AlertsDatasetDefinition[] = [
  {
    id: 'alerts',
    title: 'Alerts',
    indexPattern: 'wazuh-alerts-*',
    timeField: 'timestamp',
    defaultColumns: ['timestamp', 'agent.name', 'rule.description', 'rule.level', 'rule.id'],
    defaultSort: [desc('timestamp')],
    fields: (alertsPattern?.fields ?? []).map((field) => ({
      name: field.name,
      type: field.type,
      esType: field.esTypes[0],
      searchable: field.searchable,
      aggregatable: field.aggregatable,
    })),
  },
  {
    id: 'inventory',
    title: 'System inventory',
    indexPattern: 'wazuh-states-inventory-*',
    pinField: STATES_PIN_FIELD,
    timeField: null,
    defaultColumns: ['agent.name', 'agent.id'],
    defaultSort: [asc('agent.name')],
    fields: uniqueByName([
      ...INVENTORY_COMMON,
      ...INVENTORY_TYPES.flatMap((type) => INVENTORY_FIELDS[type]),
    ]).map(toField),
  },
  ...INVENTORY_TYPES.map((type): AlertsDatasetDefinition => ({
    id: `inventory-${type}`,
    title: INVENTORY_VIEWS[type].title,
    indexPattern: inventoryIndexPattern(type),
    pinField: STATES_PIN_FIELD,
    timeField: null,
    defaultColumns: INVENTORY_VIEWS[type].columns,
    defaultSort: INVENTORY_VIEWS[type].sort,
    fields: [...INVENTORY_COMMON, ...INVENTORY_FIELDS[type]].map(toField),
  })),
  {
    id: 'vulnerabilities',
    title: 'Vulnerabilities',
    indexPattern: 'wazuh-states-vulnerabilities-*',
    pinField: STATES_PIN_FIELD,
    timeField: null,
    defaultColumns: [
      'agent.name',
      'package.name',
      'package.version',
      'vulnerability.description',
      'vulnerability.severity',
      'vulnerability.id',
    ],
    // The severity follows the base score (CVSS bands), so the most severe come first; a keyword
    // sort on the severity's name would put "Low" before "Medium".
    defaultSort: [desc('vulnerability.score.base'), asc('vulnerability.id')],
    fields: VULNERABILITY_FIELDS.map(toField),
  },
  {
    id: 'statistics',
    title: 'Server statistics',
    indexPattern: STATISTICS_INDEX_PATTERN,
    pinField: 'apiName',
    pinnedBy: 'api-host',
    agentIdField: null,
    timeField: 'timestamp',
    defaultColumns: ['timestamp', 'nodeName'],
    defaultSort: [desc('timestamp')],
    fields: [
      ['timestamp', 'date'] as const,
      ...kw('apiName', 'nodeName', 'cluster'),
      ...typed('long', ...REMOTED_FIELDS.map((name) => `remoted.${name}`)),
      ...typed('long', ...ANALYSISD_COUNTS.map((name) => `analysisd.${name}`)),
      ...typed('long', ...ANALYSISD_QUEUES.map((queue) => `analysisd.${queue}_queue_size`)),
      // A share of the queue (0 to 1), not a count.
      ...typed('float', ...ANALYSISD_QUEUES.map((queue) => `analysisd.${queue}_queue_usage`)),
    ].map(toField),
  },
  {
    id: 'monitoring',
    title: 'Agents status history',
    indexPattern: MONITORING_INDEX_PATTERN,
    pinField: 'apiName',
    pinnedBy: 'api-host',
    agentIdField: 'id',
    timeField: 'timestamp',
    defaultColumns: ['timestamp', 'id', 'name', 'status'],
    defaultSort: [desc('timestamp')],
    fields: [
      ['timestamp', 'date'] as const,
      ...kw(
        'apiName',
        'id',
        'name',
        'ip',
        'status',
        'version',
        'node_name',
        'group',
        'host',
        'os.name',
        'os.platform',
        'os.version',
        'cluster.name',
        'manager.name',
      ),
    ].map(toField),
  },
];

export const ALERTS_DATASET_IDS = ALERTS_DATASETS.map((dataset) => dataset.id);

const BY_ID = new Map(ALERTS_DATASETS.map((dataset) => [dataset.id, dataset]));

export function datasetById(id: string): AlertsDatasetDefinition | undefined {
  return BY_ID.get(id as AlertsDatasetId);
}
