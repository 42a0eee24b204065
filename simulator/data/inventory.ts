/**
 * Syscollector inventory of one agent (hardware, OS, network addresses, packages, ports, processes) and
 * its active configuration, each a pure function of (seed, agent number, OS) like the agents themselves,
 * so nothing is stored per agent. Agents that never connected have reported no inventory.
 */
import { type OsInfo, osFamily } from './catalogues';
import { hash32, pick, unit } from './random';

export interface InventoryAgent {
  n: number;
  name: string;
  ip: string;
  os?: OsInfo;
  /** Unix seconds of the last scan (the last keep-alive). */
  scannedAt: number;
}

type Row = Record<string, unknown>;

const CPUS: Record<'linux' | 'windows' | 'darwin', readonly string[]> = {
  linux: ['Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz', 'AMD EPYC 7763 64-Core Processor'],
  windows: ['Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz', 'Intel(R) Core(TM) i7-1185G7 @ 3.00GHz'],
  darwin: ['Apple M2 Pro', 'Apple M3'],
};

const PACKAGES: Record<'linux' | 'windows' | 'darwin', ReadonlyArray<readonly [string, string]>> = {
  linux: [
    ['openssl', 'Secure Sockets Layer toolkit'],
    ['openssh-server', 'secure shell (SSH) server'],
    ['bash', 'GNU Bourne Again SHell'],
    ['coreutils', 'GNU core utilities'],
    ['curl', 'command line tool for transferring data with URL syntax'],
    ['libc6', 'GNU C Library: Shared libraries'],
    ['nginx', 'small, powerful, scalable web/proxy server'],
    ['python3', 'interactive high-level object-oriented language'],
    ['sudo', 'Provide limited super user privileges to specific users'],
    ['systemd', 'system and service manager'],
    ['tar', 'GNU version of the tar archiving utility'],
    ['vim', 'Vi IMproved - enhanced vi editor'],
    ['wazuh-agent', 'Wazuh helps you to gain security visibility into your infrastructure'],
    ['zlib1g', 'compression library - runtime'],
    ['rsyslog', 'reliable system and kernel logging daemon'],
    ['cron', 'process scheduling daemon'],
    ['gnupg', 'GNU privacy guard - a free PGP replacement'],
    ['libssl3', 'Secure Sockets Layer toolkit - shared libraries'],
  ],
  windows: [
    ['Microsoft Edge', 'Web browser'],
    ['Microsoft Visual C++ 2015-2022 Redistributable (x64)', 'Runtime libraries'],
    ['Wazuh Agent', 'Wazuh helps you to gain security visibility into your infrastructure'],
    ['7-Zip 23.01 (x64)', 'File archiver'],
    ['Google Chrome', 'Web browser'],
    ['Notepad++ (64-bit x64)', 'Text editor'],
    ['PowerShell 7-x64', 'Command-line shell'],
    ['Microsoft .NET Runtime - 8.0.8 (x64)', 'Runtime'],
  ],
  darwin: [
    ['Safari', 'Web browser'],
    ['wazuh-agent', 'Wazuh helps you to gain security visibility into your infrastructure'],
    ['Xcode', 'Developer tools'],
    ['Google Chrome', 'Web browser'],
    ['Slack', 'Messaging'],
    ['python@3.12', 'Interpreted, interactive, object-oriented programming language'],
  ],
};

const PROCESSES: Record<'linux' | 'windows' | 'darwin', readonly string[]> = {
  linux: [
    'systemd',
    'sshd',
    'cron',
    'rsyslogd',
    'wazuh-agentd',
    'wazuh-execd',
    'wazuh-logcollector',
    'wazuh-modulesd',
    'wazuh-syscheckd',
    'nginx',
    'bash',
    'dbus-daemon',
  ],
  windows: [
    'System',
    'smss.exe',
    'csrss.exe',
    'wininit.exe',
    'services.exe',
    'lsass.exe',
    'svchost.exe',
    'wazuh-agent.exe',
    'explorer.exe',
    'MsMpEng.exe',
  ],
  darwin: ['launchd', 'kernel_task', 'WindowServer', 'wazuh-agentd', 'mds', 'sshd', 'Finder'],
};

const LISTENERS: ReadonlyArray<readonly [number, string, string]> = [
  [22, 'tcp', 'sshd'],
  [80, 'tcp', 'nginx'],
  [443, 'tcp', 'nginx'],
  [123, 'udp', 'chronyd'],
  [3389, 'tcp', 'svchost.exe'],
  [5432, 'tcp', 'postgres'],
  [53, 'udp', 'systemd-resolve'],
];

function scan(agent: InventoryAgent, salt: number): { id: number; time: string } {
  return {
    id: hash32(agent.n, salt, 77) % 1_000_000_000,
    time: new Date(agent.scannedAt * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}

function agentId(n: number): string {
  return n < 100 ? String(n).padStart(3, '0') : String(n);
}

export function hardware(seed: number, agent: InventoryAgent): Row[] {
  if (!agent.os) return [];
  const total = 2 ** (21 + (hash32(seed, agent.n, 31) % 4)); // 2–16 GiB in KiB
  const usage = 20 + (hash32(seed, agent.n, 32) % 70);
  return [
    {
      agent_id: agentId(agent.n),
      board_serial: osFamily(agent.os) === 'darwin' ? 'C02XL0GZJGH6' : '',
      cpu: {
        cores: 2 ** (1 + (hash32(seed, agent.n, 33) % 4)),
        mhz: 2000 + (hash32(seed, agent.n, 34) % 1500),
        name: pick(CPUS[osFamily(agent.os)], seed, agent.n, 35),
      },
      ram: { free: Math.round((total * (100 - usage)) / 100), total, usage },
      scan: scan(agent, 1),
    },
  ];
}

export function operatingSystem(agent: InventoryAgent): Row[] {
  if (!agent.os) return [];
  const os = agent.os;
  const [sysname, , release] = os.uname.split(' |');
  return [
    {
      agent_id: agentId(agent.n),
      architecture: os.arch,
      hostname: agent.name,
      os: {
        codename: os.codename,
        major: os.major,
        minor: os.minor,
        name: os.name,
        platform: os.platform,
        version: os.version,
      },
      release: release ?? os.build ?? os.version,
      scan: scan(agent, 2),
      sysname: osFamily(os) === 'windows' ? 'Windows' : sysname,
      version: os.version,
    },
  ];
}

export function networkAddresses(seed: number, agent: InventoryAgent): Row[] {
  if (!agent.os) return [];
  const family = osFamily(agent.os);
  const iface = family === 'windows' ? 'Ethernet' : family === 'darwin' ? 'en0' : 'eth0';
  const scanId = scan(agent, 3).id;
  const ip = /^\d+\.\d+\.\d+\.\d+$/.test(agent.ip) ? agent.ip : '10.0.0.10';
  const mac = (hash32(seed, agent.n, 36) & 0xffff).toString(16).padStart(4, '0');
  return [
    {
      agent_id: agentId(agent.n),
      iface,
      proto: 'ipv4',
      address: ip,
      netmask: '255.255.0.0',
      broadcast: ip.replace(/\.\d+\.\d+$/, '.255.255'),
      scan_id: scanId,
    },
    {
      agent_id: agentId(agent.n),
      iface,
      proto: 'ipv6',
      address: `fe80::${mac}:ff:fe00:${(agent.n & 0xffff).toString(16)}`,
      netmask: 'ffff:ffff:ffff:ffff::',
      scan_id: scanId,
    },
  ];
}

export function packages(seed: number, agent: InventoryAgent): Row[] {
  if (!agent.os) return [];
  const family = osFamily(agent.os);
  const format = family === 'windows' ? 'win' : family === 'darwin' ? 'pkg' : debianLike(agent.os);
  return PACKAGES[family].map(([name, description], index) => ({
    agent_id: agentId(agent.n),
    name,
    description,
    architecture: family === 'windows' ? 'x86_64' : agent.os?.arch,
    format,
    vendor: family === 'windows' ? 'Microsoft Corporation' : `${agent.os?.name} maintainers`,
    version: `${1 + (hash32(seed, index, 37) % 9)}.${hash32(seed, agent.n + index, 38) % 20}.${hash32(seed, index, 39) % 10}`,
    size: 1024 * (10 + (hash32(seed, agent.n + index, 40) % 90_000)),
    section: family === 'linux' ? 'admin' : undefined,
    priority: family === 'linux' ? 'optional' : undefined,
    scan: scan(agent, 4),
  }));
}

function debianLike(os: OsInfo): 'deb' | 'rpm' {
  return ['ubuntu', 'debian'].includes(os.platform) ? 'deb' : 'rpm';
}

export function ports(seed: number, agent: InventoryAgent): Row[] {
  if (!agent.os) return [];
  const family = osFamily(agent.os);
  const listeners = LISTENERS.filter(
    ([, , process]) => (process.endsWith('.exe') ? family === 'windows' : family !== 'windows'),
  ).filter((_, index) => index === 0 || unit(seed, agent.n, 41 + index) < 0.6);
  return [
    ...listeners.map(([port, protocol, process], index) => ({
      agent_id: agentId(agent.n),
      protocol,
      local: { ip: '0.0.0.0', port },
      remote: { ip: '0.0.0.0', port: 0 },
      state: protocol === 'tcp' ? 'listening' : undefined,
      pid: 100 + index * 37,
      process,
      inode: hash32(seed, agent.n, 50 + index) % 10_000_000,
      tx_queue: 0,
      rx_queue: 0,
      scan: scan(agent, 5),
    })),
    {
      agent_id: agentId(agent.n),
      protocol: 'tcp',
      local: { ip: agent.ip, port: 40_000 + (hash32(seed, agent.n, 60) % 20_000) },
      remote: { ip: '10.0.0.1', port: 1514 },
      state: 'established',
      pid: 90,
      process: family === 'windows' ? 'wazuh-agent.exe' : 'wazuh-agentd',
      inode: hash32(seed, agent.n, 61) % 10_000_000,
      tx_queue: 0,
      rx_queue: 0,
      scan: scan(agent, 5),
    },
  ];
}

export function processes(seed: number, agent: InventoryAgent): Row[] {
  if (!agent.os) return [];
  const family = osFamily(agent.os);
  const user = family === 'windows' ? 'SYSTEM' : 'root';
  return PROCESSES[family].map((name, index) => ({
    agent_id: agentId(agent.n),
    pid: String(index === 0 ? 1 : 100 + index * 37),
    ppid: index === 0 ? 0 : 1,
    name,
    cmd: family === 'windows' ? `C:\\Windows\\System32\\${name}` : `/usr/sbin/${name}`,
    state: family === 'windows' ? undefined : 'S',
    euser: user,
    ruser: user,
    suser: user,
    egroup: family === 'windows' ? undefined : 'root',
    nlwp: 1 + (hash32(seed, agent.n + index, 70) % 12),
    priority: 20,
    nice: 0,
    size: 1000 + (hash32(seed, agent.n + index, 71) % 100_000),
    resident: 500 + (hash32(seed, agent.n + index, 72) % 50_000),
    start_time: agent.scannedAt - 3600 * (1 + index),
    scan: scan(agent, 6),
  }));
}

/** Components and the configurations each one has on an agent, as `GET /agents/{id}/config` serves them. */
export const AGENT_CONFIGURATIONS: Record<string, readonly string[]> = {
  agent: ['client', 'buffer', 'labels', 'internal'],
  logcollector: ['localfile', 'socket', 'internal'],
  syscheck: ['syscheck', 'rootcheck', 'internal'],
  wmodules: ['wmodules'],
  com: ['active-response', 'logging', 'internal'],
};

/** The agent's active configuration of one component section. */
export function activeConfiguration(
  agent: InventoryAgent,
  component: string,
  configuration: string,
): Row {
  const windows = agent.os !== undefined && osFamily(agent.os) === 'windows';
  switch (`${component}/${configuration}`) {
    case 'agent/client':
      return {
        client: {
          server: [{ address: 'wazuh.manager', port: 1514, protocol: 'tcp', retry_interval: 10 }],
          config_profile: agent.os ? [agent.os.platform] : [],
          notify_time: 10,
          'time-reconnect': 60,
          crypto_method: 'aes',
          auto_restart: 'yes',
        },
      };
    case 'agent/buffer':
      return { buffer: { disabled: 'no', queue_size: 5000, events_per_second: 500 } };
    case 'agent/labels':
      return { labels: [] };
    case 'logcollector/localfile':
      return {
        localfile: windows
          ? [{ logformat: 'eventchannel', location: 'Security', target: ['agent'] }]
          : [
              { logformat: 'syslog', location: '/var/log/auth.log', target: ['agent'] },
              { logformat: 'syslog', location: '/var/log/syslog', target: ['agent'] },
              { logformat: 'command', command: 'df -P', frequency: 360, target: ['agent'] },
            ],
      };
    case 'logcollector/socket':
      return { target: [] };
    case 'syscheck/syscheck':
      return {
        syscheck: {
          disabled: 'no',
          frequency: 43200,
          scan_on_start: 'yes',
          directories: windows
            ? [{ dir: 'c:\\windows\\system32', recursion_level: 256, opts: ['check_all'] }]
            : [
                { dir: '/etc', recursion_level: 256, opts: ['check_all'] },
                { dir: '/usr/bin', recursion_level: 256, opts: ['check_all'] },
              ],
          ignore: windows ? [] : ['/etc/mtab', '/etc/hosts.deny'],
        },
      };
    case 'syscheck/rootcheck':
      return { rootcheck: { disabled: windows ? 'yes' : 'no', frequency: 43200 } };
    case 'wmodules/wmodules':
      return {
        wmodules: [
          { syscollector: { disabled: 'no', interval: 3600, scan_on_start: 'yes' } },
          { sca: { enabled: 'yes', scan_on_start: 'yes', interval: 43200 } },
        ],
      };
    case 'com/active-response':
      return { 'active-response': { disabled: 'no', ca_store: [] } };
    case 'com/logging':
      return { logging: { plain: 'yes', json: 'no' } };
    default:
      return { internal: { [component]: { debug: 0 } } };
  }
}
