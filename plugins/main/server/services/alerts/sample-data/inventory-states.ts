/**
 * Sample system inventory shaped like a Wazuh 4.x manager's `wazuh-states-inventory-<type>-*`
 * indices: for each agent one operating system and one hardware document, and its packages, KBs,
 * browser extensions, interfaces, addresses, protocols, sockets, processes, users, groups and
 * services. Unlike the original's samples, every document of an agent tells one story (a Windows
 * agent has Windows packages, KBs and services), `agent.id` belongs to `agent.name`, and every
 * document carries the manager pin. The same seed gives the same inventory.
 */
import type { InventoryType } from '@main/common/alerts/datasets';
import type { AgentLike } from './alert-kinds';
import { SampleRandom } from './random';

const SCHEMA_VERSION = '1.0.0';
const AGENT_VERSION = 'v4.14.0';
const HOUR_MS = 3_600_000;

export interface InventoryStatesContext {
  agents: readonly AgentLike[];
  /** `wazuh.cluster.name`: the manager pin's value (the cluster's name, else the manager's). */
  clusterName: string;
  clusterNode: string;
  now: number;
  seed: number;
}

export interface InventoryState {
  type: InventoryType;
  /** One per agent and item, so writing twice does not duplicate. */
  id: string;
  source: Record<string, unknown>;
}

interface System {
  family: 'linux' | 'windows';
  name: string;
  platform: string;
  version: string;
  full: string;
  kernel: string;
  packageType: string;
  vendor: string;
  packages: readonly string[];
  processes: readonly string[];
  services: readonly string[];
  shell: string;
}

const SYSTEMS: readonly System[] = [
  {
    family: 'linux',
    name: 'Ubuntu',
    platform: 'ubuntu',
    version: '22.04.4',
    full: 'Ubuntu 22.04.4 LTS (Jammy Jellyfish)',
    kernel: '5.15.0-101-generic',
    packageType: 'deb',
    vendor: 'Ubuntu Developers',
    packages: ['openssl', 'curl', 'sudo', 'bash', 'openssh-server', 'python3', 'nginx', 'vim'],
    processes: ['systemd', 'sshd', 'cron', 'rsyslogd', 'wazuh-agentd', 'nginx'],
    services: ['sshd', 'cron', 'rsyslog', 'nginx'],
    shell: '/bin/bash',
  },
  {
    family: 'linux',
    name: 'Red Hat Enterprise Linux',
    platform: 'rhel',
    version: '9.3',
    full: 'Red Hat Enterprise Linux 9.3 (Plow)',
    kernel: '5.14.0-362.8.1.el9_3.x86_64',
    packageType: 'rpm',
    vendor: 'Red Hat, Inc.',
    packages: ['openssl-libs', 'glibc', 'kernel', 'bash', 'openssh-server', 'sudo', 'less'],
    processes: ['systemd', 'sshd', 'crond', 'rsyslogd', 'wazuh-agentd', 'postgres'],
    services: ['sshd', 'crond', 'rsyslog', 'postgresql'],
    shell: '/bin/bash',
  },
  {
    family: 'windows',
    name: 'Microsoft Windows Server 2022 Datacenter',
    platform: 'windows',
    version: '10.0.20348',
    full: 'Microsoft Windows Server 2022 Datacenter 10.0.20348',
    kernel: '10.0.20348',
    packageType: 'win',
    vendor: 'Microsoft Corporation',
    packages: ['Microsoft Edge', '7-Zip 23.01 (x64)', 'Notepad++ (64-bit x64)', 'Wazuh Agent'],
    processes: ['System', 'lsass.exe', 'services.exe', 'svchost.exe', 'wazuh-agent.exe'],
    services: ['wuauserv', 'EventLog', 'WinRM', 'WazuhSvc'],
    shell: 'C:\\Windows\\System32\\cmd.exe',
  },
];

const CPUS = ['Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz', 'AMD EPYC 7763 64-Core Processor'];
const EXTENSIONS = [
  ['uBlock Origin', 'Raymond Hill'],
  ['Bitwarden Password Manager', 'Bitwarden Inc.'],
  ['Google Translate', 'Google'],
] as const;
/** Listening ports (destination port 0) of each family, then one outgoing connection. */
const LISTENERS: Record<System['family'], ReadonlyArray<readonly [number, string, string]>> = {
  linux: [
    [22, 'TCP', 'sshd'],
    [443, 'TCP', 'nginx'],
    [123, 'UDP', 'chronyd'],
  ],
  windows: [
    [3389, 'TCP', 'svchost.exe'],
    [5985, 'TCP', 'System'],
  ],
};

function version(random: SampleRandom): string {
  return `${random.int(1, 9)}.${random.int(0, 20)}.${random.int(0, 9)}`;
}

/** Every inventory document of one agent. */
function agentInventory(
  agent: AgentLike,
  system: System,
  random: SampleRandom,
  context: InventoryStatesContext,
): InventoryState[] {
  const common = {
    agent: {
      id: agent.id,
      name: agent.name,
      version: AGENT_VERSION,
      host: { architecture: 'x86_64', ...(agent.ip && { ip: agent.ip }) },
    },
    wazuh: {
      cluster: { name: context.clusterName, node: context.clusterNode },
      schema: { version: SCHEMA_VERSION },
    },
  };
  const states: InventoryState[] = [];
  const add = (type: InventoryType, key: string, fields: Record<string, unknown>) =>
    states.push({ type, id: `${agent.id}_${key}`, source: { ...common, ...fields } });
  const windows = system.family === 'windows';
  const iface = windows ? 'Ethernet' : 'eth0';
  const ip = agent.ip || random.ip();

  add('system', 'os', {
    host: {
      hostname: agent.name,
      architecture: 'x86_64',
      os: {
        name: system.name,
        platform: system.platform,
        version: system.version,
        full: system.full,
        type: system.family,
        kernel: { name: windows ? 'Windows_NT' : 'Linux', release: system.kernel },
      },
    },
  });
  const total = 2 ** random.int(22, 25);
  const used = Math.round(total * (random.int(20, 90) / 100));
  add('hardware', 'hardware', {
    host: {
      cpu: { name: random.pick(CPUS), cores: 2 ** random.int(1, 4), speed: random.int(2000, 3500) },
      memory: { total, used, free: total - used, usage: Math.round((used / total) * 100) / 100 },
      serial_number: random.hex(12).toUpperCase(),
    },
  });
  for (const name of system.packages)
    add('packages', `package_${name}`, {
      package: {
        name,
        version: version(random),
        vendor: system.vendor,
        type: system.packageType,
        architecture: 'x86_64',
        installed: new Date(context.now - random.int(1, 400) * 24 * HOUR_MS).toISOString(),
        size: random.int(10, 90_000) * 1024,
      },
    });
  if (windows)
    for (let kb = 0; kb < 3; kb++)
      add('hotfixes', `kb_${kb}`, {
        package: { hotfix: { name: `KB50${random.int(10_000, 49_999)}` } },
      });
  for (const [name, vendor] of EXTENSIONS.slice(0, random.int(1, EXTENSIONS.length)))
    add('browser-extensions', `extension_${name}`, {
      browser: { name: windows ? 'Edge' : 'Chrome', profile: { name: 'Default' } },
      package: {
        name,
        vendor,
        version: version(random),
        enabled: random.next() < 0.8,
        type: 'extension',
      },
    });
  add('interfaces', `interface_${iface}`, {
    interface: { name: iface, type: 'ethernet', state: 'Active', mtu: 1500 },
    host: {
      mac: Array.from({ length: 6 }, () => random.hex(2)).join(':'),
      network: {
        ingress: {
          bytes: random.int(1e6, 1e9),
          packets: random.int(1e3, 1e6),
          drops: 0,
          errors: 0,
        },
        egress: { bytes: random.int(1e6, 1e9), packets: random.int(1e3, 1e6), drops: 0, errors: 0 },
      },
    },
  });
  add('networks', `address_${iface}_ipv4`, {
    network: { ip, netmask: '255.255.0.0', type: 'ipv4', dhcp: false, metric: 100 },
    interface: { name: iface },
  });
  add('protocols', `protocol_${iface}`, {
    network: { type: 'ipv4', gateway: ip.replace(/\.\d+$/, '.1'), dhcp: false, metric: 100 },
    interface: { name: iface },
  });
  for (const [port, transport, process] of LISTENERS[system.family])
    add('ports', `port_${transport}_${port}`, {
      source: { ip: '0.0.0.0', port },
      destination: { ip: '0.0.0.0', port: 0 },
      network: { transport },
      interface: { state: 'LISTEN' },
      process: { name: process, pid: random.int(100, 9999) },
    });
  add('ports', 'port_outgoing', {
    source: { ip, port: random.int(40_000, 60_000) },
    destination: { ip: '10.0.0.1', port: 1514 },
    network: { transport: 'TCP' },
    interface: { state: 'ESTABLISHED' },
    process: { name: windows ? 'wazuh-agent.exe' : 'wazuh-agentd', pid: random.int(100, 9999) },
  });
  system.processes.forEach((name, index) =>
    add('processes', `process_${name}`, {
      process: {
        name,
        pid: index === 0 ? 1 : random.int(100, 30_000),
        parent: { pid: index === 0 ? 0 : 1 },
        command_line: windows ? `C:\\Windows\\System32\\${name}` : `/usr/sbin/${name}`,
        state: 'Running',
        start: new Date(context.now - random.int(1, 72) * HOUR_MS).toISOString(),
      },
    }),
  );
  const users = windows ? ['Administrator', 'Guest', 'wazuh'] : ['root', 'daemon', 'wazuh'];
  users.forEach((name, index) =>
    add('users', `user_${name}`, {
      user: {
        name,
        id: String(windows ? 500 + index : index === 0 ? 0 : 1000 + index),
        home: windows ? `C:\\Users\\${name}` : index === 0 ? '/root' : `/home/${name}`,
        shell: system.shell,
        groups: index === 0 ? (windows ? 'Administrators' : 'root') : 'users',
        type: 'local',
      },
    }),
  );
  const groups = windows ? ['Administrators', 'Users', 'Guests'] : ['root', 'users', 'sudo'];
  groups.forEach((name, index) =>
    add('groups', `group_${name}`, {
      group: { name, id: windows ? 544 + index : index * 100, users: users.slice(0, 3 - index) },
    }),
  );
  for (const id of system.services)
    add('services', `service_${id}`, {
      service: {
        id,
        name: id,
        state: windows ? 'RUNNING' : 'active',
        start_type: windows ? 'AUTO_START' : 'enabled',
      },
    });
  return states;
}

/** The inventory of `context.agents`, each agent on one system. */
export function generateInventoryStates(context: InventoryStatesContext): InventoryState[] {
  const random = new SampleRandom(context.seed);
  return context.agents.flatMap((agent) =>
    agentInventory(agent, random.pick(SYSTEMS), random, context),
  );
}
