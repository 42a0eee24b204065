/** The manager itself: daemon states, basic information and its configuration (as JSON and as the XML file). */
import { INSTALLATION_UUID, CURRENT_VERSION } from './version-check';

const DAEMONS = [
  'wazuh-agentlessd',
  'wazuh-analysisd',
  'wazuh-authd',
  'wazuh-csyslogd',
  'wazuh-monitord',
  'wazuh-execd',
  'wazuh-integratord',
  'wazuh-logcollector',
  'wazuh-maild',
  'wazuh-remoted',
  'wazuh-reportd',
  'wazuh-syscheckd',
  'wazuh-clusterd',
  'wazuh-modulesd',
  'wazuh-db',
  'wazuh-apid',
] as const;

/** Daemons a standalone manager runs by default; the others are stopped. */
const RUNNING = new Set(['wazuh-analysisd', 'wazuh-authd', 'wazuh-monitord', 'wazuh-execd', 'wazuh-logcollector', 'wazuh-remoted', 'wazuh-syscheckd', 'wazuh-modulesd', 'wazuh-db', 'wazuh-apid']);

/** The daemons' states; a cluster's node also runs the cluster daemon. */
export function daemonStates(clustered: boolean): Record<string, 'running' | 'stopped'> {
  return Object.fromEntries(
    DAEMONS.map((daemon) => [daemon, RUNNING.has(daemon) || (clustered && daemon === 'wazuh-clusterd') ? 'running' : 'stopped']),
  );
}

export function managerInfo(): Record<string, unknown> {
  return {
    path: '/var/ossec',
    version: CURRENT_VERSION,
    type: 'server',
    max_agents: 'unlimited',
    openssl_support: 'yes',
    tz_offset: '+0000',
    tz_name: 'UTC',
    uuid: INSTALLATION_UUID,
  };
}

/** The manager configuration as the API renders ossec.conf in JSON; list sections are arrays. */
export const MANAGER_CONFIGURATION: Record<string, unknown> = {
  global: {
    jsonout_output: 'yes',
    alerts_log: 'yes',
    logall: 'no',
    logall_json: 'no',
    email_notification: 'no',
    smtp_server: 'smtp.example.org',
    email_from: 'wazuh@example.org',
    email_to: 'soc@example.org',
    email_maxperhour: '12',
    email_log_source: 'alerts.log',
    agents_disconnection_time: '10m',
    agents_disconnection_alert_time: '0',
    update_check: 'yes',
    white_list: ['127.0.0.1', '^localhost.localdomain$', '10.0.0.2'],
  },
  alerts: { log_alert_level: '3', email_alert_level: '12' },
  logging: { log_format: 'plain' },
  remote: [{ connection: 'secure', port: '1514', protocol: ['tcp'], queue_size: '131072' }],
  rootcheck: {
    disabled: 'no',
    check_files: 'yes',
    check_trojans: 'yes',
    check_dev: 'yes',
    check_sys: 'yes',
    check_pids: 'yes',
    check_ports: 'yes',
    check_if: 'yes',
    frequency: '43200',
    skip_nfs: 'yes',
  },
  'cis-cat': { disabled: 'yes', timeout: '1800', interval: '1d', 'scan-on-start': 'yes', java_path: 'wodles/java', ciscat_path: 'wodles/ciscat' },
  osquery: { disabled: 'yes', run_daemon: 'yes', log_path: '/var/log/osquery/osqueryd.results.log', config_path: '/etc/osquery/osquery.conf', add_labels: 'yes' },
  syscollector: { disabled: 'no', interval: '1h', scan_on_start: 'yes', hardware: 'yes', os: 'yes', network: 'yes', packages: 'yes', ports: { all: 'yes' }, processes: 'yes' },
  sca: { enabled: 'yes', scan_on_start: 'yes', interval: '12h', skip_nfs: 'yes' },
  'vulnerability-detection': { enabled: 'yes', 'index-status': 'yes', feed_update_interval: '60m' },
  indexer: { enabled: 'yes', hosts: ['https://127.0.0.1:9200'], ssl: { certificate_authorities: ['/etc/filebeat/certs/root-ca.pem'], certificate: '/etc/filebeat/certs/filebeat.pem', key: '/etc/filebeat/certs/filebeat-key.pem' } },
  syscheck: {
    disabled: 'no',
    frequency: '43200',
    scan_on_start: 'yes',
    alert_new_files: 'yes',
    directories: [{ path: '/etc', check_all: 'yes' }, { path: '/usr/bin', check_all: 'yes' }, { path: '/usr/sbin', check_all: 'yes' }, { path: '/bin', check_all: 'yes' }, { path: '/sbin', check_all: 'yes' }, { path: '/boot', check_all: 'yes' }],
    ignore: ['/etc/mtab', '/etc/hosts.deny', '/etc/mail/statistics', '/etc/random-seed', '/etc/adjtime', '/etc/httpd/logs'],
    skip_nfs: 'yes',
    skip_dev: 'yes',
    skip_proc: 'yes',
    skip_sys: 'yes',
    process_priority: '10',
    max_eps: '50',
  },
  command: [
    { name: 'disable-account', executable: 'disable-account', timeout_allowed: 'yes' },
    { name: 'restart-wazuh', executable: 'restart-wazuh' },
    { name: 'firewall-drop', executable: 'firewall-drop', timeout_allowed: 'yes' },
    { name: 'host-deny', executable: 'host-deny', timeout_allowed: 'yes' },
    { name: 'route-null', executable: 'route-null', timeout_allowed: 'yes' },
    { name: 'win_route-null', executable: 'route-null.exe', timeout_allowed: 'yes' },
    { name: 'netsh', executable: 'netsh.exe', timeout_allowed: 'yes' },
  ],
  localfile: [
    { log_format: 'command', command: 'df -P', frequency: '360', alias: 'df -P' },
    { log_format: 'full_command', command: "netstat -tulpn | sed 's/\\([[:alnum:]]\\+\\)\\ \\+[[:digit:]]\\+\\ \\+[[:digit:]]\\+\\ \\+\\(.*\\):\\([[:digit:]]*\\)\\ \\+\\([0-9\\.\\:\\*]\\+\\).\\+\\ \\([[:digit:]]*\\/[[:alnum:]\\-]*\\).*/\\1 \\2 == \\3 == \\4 \\5/' | sort -k 4 -g | sed 's/ == \\(.*\\) ==/:\\1/' | sed 1,2d", alias: 'netstat listening ports', frequency: '360' },
    { log_format: 'full_command', command: 'last -n 20', frequency: '360', alias: 'last -n 20' },
    { log_format: 'journald', location: 'journald' },
    { log_format: 'syslog', location: '/var/ossec/logs/active-responses.log' },
  ],
  ruleset: {
    decoder_dir: ['ruleset/decoders'],
    rule_dir: ['ruleset/rules'],
    rule_exclude: ['0215-policy_rules.xml'],
    list: ['etc/lists/audit-keys', 'etc/lists/amazon/aws-eventnames', 'etc/lists/security-eventchannel'],
    user_defined_decoder: { dir: 'etc/decoders' },
    user_defined_rule: { dir: 'etc/rules' },
  },
  rule_test: { enabled: 'yes', threads: '1', max_sessions: '64', session_timeout: '15m' },
  auth: {
    disabled: 'no',
    port: '1515',
    use_source_ip: 'no',
    purge: 'yes',
    use_password: 'no',
    ciphers: 'HIGH:!ADH:!EXP:!MD5:!RC4:!3DES:!CAMELLIA:@STRENGTH',
    ssl_verify_host: 'no',
    ssl_manager_cert: 'etc/sslmanager.cert',
    ssl_manager_key: 'etc/sslmanager.key',
    ssl_auto_negotiate: 'no',
  },
  cluster: { name: 'wazuh', node_name: 'node01', node_type: 'master', key: 'c98b62a9b6169ac5f67dae55ae4a9088', port: '1516', bind_addr: '0.0.0.0', nodes: ['NODE_IP'], hidden: 'no', disabled: 'yes' },
};

/** Sections whose secrets are masked for callers that may not update the configuration. */
const SECRETS: Array<[section: string, key: string]> = [
  ['cluster', 'key'],
  ['auth', 'pass'],
];

export function maskedConfiguration(configuration: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(configuration);
  for (const [section, key] of SECRETS) {
    const value = copy[section] as Record<string, unknown> | undefined;
    if (value && key in value) value[key] = '*****';
  }
  return copy;
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function toXml(name: string, value: unknown, indent: string): string {
  if (Array.isArray(value)) return value.map((entry) => toXml(name, entry, indent)).join('');
  if (value !== null && typeof value === 'object') {
    const inner = Object.entries(value as Record<string, unknown>)
      .map(([key, entry]) => toXml(key, entry, `${indent}  `))
      .join('');
    return `${indent}<${name}>\n${inner}${indent}</${name}>\n`;
  }
  return `${indent}<${name}>${xmlEscape(String(value))}</${name}>\n`;
}

/** ossec.conf as the text file the manager reads. */
export function configurationXml(configuration: Record<string, unknown>): string {
  return `<ossec_config>\n${Object.entries(configuration)
    .map(([section, value]) => toXml(section, value, '  '))
    .join('')}</ossec_config>\n`;
}
