/**
 * An agent's inventory as the manager's states indices hold it (`wazuh-states-inventory-<type>-*`,
 * `wazuh-states-vulnerabilities-*`, ECS field names), derived from the very rows the syscollector
 * routes answer for the same agent (data/inventory.ts): the same operating system, hardware,
 * addresses, packages, ports and processes, so the dashboard's fleet views and its per-agent views
 * never disagree. The types the syscollector routes do not serve (KBs, browser extensions,
 * interfaces, protocols, users, groups, services, vulnerabilities) follow from the same agent and
 * packages. Pure functions of (seed, agent), like the rest of the data.
 */
import { osFamily } from './catalogues';
import {
  hardware,
  type InventoryAgent,
  networkAddresses,
  operatingSystem,
  packages,
  ports,
  processes,
} from './inventory';
import { hash32, stringHash, unit } from './random';

/** The states index types, as the manager names its indices. */
type StatesType =
  | 'system'
  | 'hardware'
  | 'hotfixes'
  | 'interfaces'
  | 'networks'
  | 'packages'
  | 'ports'
  | 'processes'
  | 'protocols'
  | 'users'
  | 'groups'
  | 'services'
  | 'browser-extensions'
  | 'vulnerabilities';

export interface StatesDocument {
  type: StatesType;
  /** One per agent and item. */
  id: string;
  source: Record<string, unknown>;
}

/** Where the documents say they come from: the manager pin's value and the node. */
export interface StatesOrigin {
  clusterName: string;
  node: string;
}

type Row = Record<string, unknown>;

const SCHEMA_VERSION = '1.0.0';
const AGENT_VERSION = 'v4.14.0';
/** Share of an agent's packages with a known vulnerability. */
const VULNERABLE_SHARE = 0.3;

function agentId(n: number): string {
  return n < 100 ? String(n).padStart(3, '0') : String(n);
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

function mac(seed: number, agent: InventoryAgent): string {
  return Array.from({ length: 6 }, (_, byte) =>
    (hash32(seed, agent.n, 90 + byte) & 0xff).toString(16).padStart(2, '0'),
  ).join(':');
}

/** Every inventory document of the agent (none for an agent that never reported one). */
export function agentInventoryStates(
  seed: number,
  agent: InventoryAgent,
  origin: StatesOrigin,
): StatesDocument[] {
  const os = agent.os;
  if (!os) return [];
  const id = agentId(agent.n);
  const family = osFamily(os);
  const windows = family === 'windows';
  const common = {
    agent: {
      id,
      name: agent.name,
      version: AGENT_VERSION,
      host: { architecture: os.arch, ...(/^[\d.]+$/.test(agent.ip) && { ip: agent.ip }) },
    },
    wazuh: {
      cluster: { name: origin.clusterName, node: origin.node },
      schema: { version: SCHEMA_VERSION },
    },
  };
  const documents: StatesDocument[] = [];
  const add = (type: StatesType, key: string, fields: Row) =>
    documents.push({ type, id: `${id}_${key}`, source: { ...common, ...fields } });

  for (const row of operatingSystem(agent)) {
    const system = row.os as Row;
    add('system', 'os', {
      host: {
        hostname: row.hostname,
        architecture: row.architecture,
        os: {
          name: system.name,
          platform: system.platform,
          version: system.version,
          full: `${system.name} ${system.version}`,
          type: family,
          ...(system.codename !== undefined && { codename: system.codename }),
          ...(system.major !== undefined && { major: system.major }),
          ...(system.minor !== undefined && { minor: system.minor }),
          kernel: { name: row.sysname, release: row.release },
        },
      },
    });
  }
  for (const row of hardware(seed, agent)) {
    const cpu = row.cpu as Row;
    const ram = row.ram as { total: number; free: number; usage: number };
    // The syscollector answers memory in KiB; the states index holds bytes.
    add('hardware', 'hardware', {
      host: {
        cpu: { name: cpu.name, cores: cpu.cores, speed: cpu.mhz },
        memory: {
          total: ram.total * 1024,
          free: ram.free * 1024,
          used: (ram.total - ram.free) * 1024,
          usage: ram.usage / 100,
        },
        ...(row.board_serial ? { serial_number: row.board_serial } : {}),
      },
    });
  }
  const addresses = networkAddresses(seed, agent);
  for (const row of addresses)
    add('networks', `address_${row.iface}_${row.proto}`, {
      network: {
        ip: row.address,
        netmask: row.netmask,
        ...(row.broadcast !== undefined && { broadcast: row.broadcast }),
        type: row.proto,
        dhcp: false,
      },
      interface: { name: row.iface },
    });
  for (const name of new Set(addresses.map((row) => String(row.iface)))) {
    add('interfaces', `interface_${name}`, {
      interface: { name, type: 'ethernet', state: 'Active', mtu: 1500 },
      host: {
        mac: mac(seed, agent),
        network: {
          ingress: { bytes: hash32(seed, agent.n, 95) % 1e9, packets: hash32(seed, agent.n, 96) % 1e6, drops: 0, errors: 0 },
          egress: { bytes: hash32(seed, agent.n, 97) % 1e9, packets: hash32(seed, agent.n, 98) % 1e6, drops: 0, errors: 0 },
        },
      },
    });
    const ipv4 = addresses.find((row) => row.iface === name && row.proto === 'ipv4');
    add('protocols', `protocol_${name}`, {
      network: {
        type: 'ipv4',
        ...(ipv4 && { gateway: String(ipv4.address).replace(/\.\d+$/, '.1') }),
        dhcp: false,
        metric: 100,
      },
      interface: { name },
    });
  }
  const installed = packages(seed, agent);
  for (const row of installed)
    add('packages', `package_${row.name}`, {
      package: {
        name: row.name,
        version: row.version,
        vendor: row.vendor,
        type: row.format,
        architecture: row.architecture,
        description: row.description,
        size: row.size,
        ...(row.section !== undefined && { category: row.section }),
        ...(row.priority !== undefined && { priority: row.priority }),
      },
    });
  for (const row of ports(seed, agent)) {
    const local = row.local as { ip: string; port: number };
    const remote = row.remote as { ip: string; port: number };
    add('ports', `port_${row.protocol}_${local.port}`, {
      source: local,
      destination: remote,
      network: { transport: String(row.protocol).toUpperCase() },
      ...(row.state !== undefined && { interface: { state: String(row.state).toUpperCase() } }),
      process: { name: row.process, pid: row.pid },
      file: { inode: String(row.inode) },
      host: { network: { egress: { queue: row.tx_queue }, ingress: { queue: row.rx_queue } } },
    });
  }
  for (const row of processes(seed, agent))
    add('processes', `process_${row.pid}`, {
      process: {
        pid: Number(row.pid),
        parent: { pid: row.ppid },
        name: row.name,
        command_line: row.cmd,
        ...(row.state !== undefined && { state: row.state }),
        start: iso(row.start_time as number),
      },
    });
  const users = windows ? ['Administrator', 'wazuh'] : ['root', 'wazuh'];
  users.forEach((name, index) =>
    add('users', `user_${name}`, {
      user: {
        name,
        id: String(windows ? 500 + index : index * 1000),
        home: windows ? `C:\\Users\\${name}` : index === 0 ? '/root' : `/var/ossec`,
        shell: windows ? 'C:\\Windows\\System32\\cmd.exe' : index === 0 ? '/bin/bash' : '/sbin/nologin',
        groups: index === 0 ? (windows ? 'Administrators' : 'root') : 'wazuh',
        type: 'local',
      },
    }),
  );
  for (const [index, name] of (windows ? ['Administrators', 'wazuh'] : ['root', 'wazuh']).entries())
    add('groups', `group_${name}`, {
      group: { name, id: windows ? 544 + index : index * 1000, users: [users[index]] },
    });
  const services = processes(seed, agent)
    .map((row) => String(row.name))
    .filter((name) => (windows ? name.endsWith('.exe') && name !== 'explorer.exe' : name !== 'bash'));
  for (const name of services)
    add('services', `service_${name}`, {
      service: {
        id: name.replace(/\.exe$/, ''),
        name: name.replace(/\.exe$/, ''),
        state: windows ? 'RUNNING' : 'active',
        start_type: windows ? 'AUTO_START' : 'enabled',
      },
    });
  if (windows)
    for (let kb = 0; kb < 2 + (hash32(seed, agent.n, 99) % 3); kb++)
      add('hotfixes', `kb_${kb}`, {
        package: { hotfix: { name: `KB50${10_000 + (hash32(seed, agent.n, 100 + kb) % 40_000)}` } },
      });
  if (family !== 'linux')
    add('browser-extensions', 'extension_ublock', {
      browser: { name: windows ? 'Edge' : 'Chrome', profile: { name: 'Default' } },
      package: { name: 'uBlock Origin', version: '1.58.0', vendor: 'Raymond Hill', enabled: true, type: 'extension' },
    });
  for (const row of installed) {
    const name = String(row.name);
    // Whether a package has a flaw depends on the package, not the agent: a CVE hits every agent
    // with that package and version.
    if (unit(seed, stringHash(name), 110) >= VULNERABLE_SHARE) continue;
    const cveSeed = hash32(seed, stringHash(`${name}@${row.version}`), 111);
    const score = 2 + (cveSeed % 79) / 10;
    const cve = `CVE-${2021 + (cveSeed % 5)}-${1000 + (cveSeed % 48_000)}`;
    add('vulnerabilities', `${name}_${row.version}_${cve}`, {
      agent: { id, name: agent.name, version: AGENT_VERSION },
      wazuh: common.wazuh,
      host: { os: { full: `${os.name} ${os.version}`, name: os.name, platform: os.platform, type: family, version: os.version } },
      package: { name, version: row.version, type: row.format, architecture: row.architecture },
      vulnerability: {
        id: cve,
        severity: score >= 9 ? 'Critical' : score >= 7 ? 'High' : score >= 4 ? 'Medium' : 'Low',
        score: { base: score, version: '3.1' },
        description: `A flaw in ${name} ${row.version}.`,
        reference: `https://nvd.nist.gov/vuln/detail/${cve}`,
        enumeration: 'CVE',
        category: 'Packages',
        under_evaluation: false,
        detected_at: iso(agent.scannedAt),
        published_at: `${2021 + (cveSeed % 5)}-0${1 + (cveSeed % 9)}-15T00:00:00.000Z`,
        scanner: { vendor: 'Wazuh', reference: `https://cti.wazuh.com/vulnerabilities/cves/${cve}` },
      },
    });
  }
  return documents;
}
