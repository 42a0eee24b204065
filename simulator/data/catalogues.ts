/**
 * Fixed vocabularies the generated data set draws from: operating systems, agent versions, host roles
 * and agent groups. Realistic enough for dashboards to look like a real estate of hosts.
 */

export interface OsInfo {
  arch: string;
  build?: string;
  codename?: string;
  major: string;
  minor?: string;
  name: string;
  platform: string;
  version: string;
  /** Kernel string; `{host}` is replaced with the agent name. */
  uname: string;
}

export const OPERATING_SYSTEMS: ReadonlyArray<readonly [OsInfo, number]> = [
  [{ arch: 'x86_64', codename: 'jammy', major: '22', minor: '04', name: 'Ubuntu', platform: 'ubuntu', version: '22.04.4 LTS', uname: 'Linux |{host} |5.15.0-97-generic |#107-Ubuntu SMP |x86_64' }, 22],
  [{ arch: 'x86_64', codename: 'noble', major: '24', minor: '04', name: 'Ubuntu', platform: 'ubuntu', version: '24.04.1 LTS', uname: 'Linux |{host} |6.8.0-45-generic |#45-Ubuntu SMP |x86_64' }, 14],
  [{ arch: 'x86_64', codename: 'focal', major: '20', minor: '04', name: 'Ubuntu', platform: 'ubuntu', version: '20.04.6 LTS', uname: 'Linux |{host} |5.4.0-190-generic |#210-Ubuntu SMP |x86_64' }, 8],
  [{ arch: 'x86_64', codename: 'bookworm', major: '12', name: 'Debian GNU/Linux', platform: 'debian', version: '12', uname: 'Linux |{host} |6.1.0-25-amd64 |#1 SMP PREEMPT_DYNAMIC Debian 6.1.106-3 |x86_64' }, 8],
  [{ arch: 'x86_64', codename: 'Plow', major: '9', minor: '4', name: 'Red Hat Enterprise Linux', platform: 'rhel', version: '9.4', uname: 'Linux |{host} |5.14.0-427.13.1.el9_4.x86_64 |#1 SMP PREEMPT_DYNAMIC |x86_64' }, 9],
  [{ arch: 'x86_64', codename: 'Core', major: '7', name: 'CentOS Linux', platform: 'centos', version: '7.9', uname: 'Linux |{host} |3.10.0-1160.119.1.el7.x86_64 |#1 SMP |x86_64' }, 4],
  [{ arch: 'aarch64', major: '2023', name: 'Amazon Linux', platform: 'amzn', version: '2023', uname: 'Linux |{host} |6.1.109-118.189.amzn2023.aarch64 |#1 SMP |aarch64' }, 5],
  [{ arch: 'x86_64', build: '20348.2700', major: '10', minor: '0', name: 'Microsoft Windows Server 2022 Datacenter', platform: 'windows', version: '10.0.20348.2700', uname: 'Microsoft Windows Server 2022 Datacenter' }, 10],
  [{ arch: 'x86_64', build: '17763.6293', major: '10', minor: '0', name: 'Microsoft Windows Server 2019 Standard', platform: 'windows', version: '10.0.17763.6293', uname: 'Microsoft Windows Server 2019 Standard' }, 6],
  [{ arch: 'x86_64', build: '22631.4169', major: '10', minor: '0', name: 'Microsoft Windows 11 Pro', platform: 'windows', version: '10.0.22631.4169', uname: 'Microsoft Windows 11 Pro' }, 8],
  [{ arch: 'arm64', codename: 'Sonoma', major: '14', minor: '6', name: 'macOS', platform: 'darwin', version: '14.6.1', uname: 'Darwin |{host} |23.6.0 |Darwin Kernel Version 23.6.0 |arm64' }, 6],
];

export const MANAGER_OS: OsInfo = OPERATING_SYSTEMS[0][0];

export const AGENT_VERSIONS: ReadonlyArray<readonly [string, number]> = [
  ['Wazuh v4.14.7', 45],
  ['Wazuh v4.14.6', 15],
  ['Wazuh v4.13.1', 15],
  ['Wazuh v4.12.0', 10],
  ['Wazuh v4.9.2', 10],
  ['Wazuh v4.7.5', 5],
];

export const MANAGER_VERSION = 'Wazuh v4.14.7';
export const MANAGER_HOST = 'wazuh.manager';

/** Host roles by platform family: they name the agents and choose their groups. */
export const ROLES_BY_FAMILY: Record<'linux' | 'windows' | 'darwin', ReadonlyArray<{ role: string; groups: string[] }>> = {
  linux: [
    { role: 'web', groups: ['default', 'linux', 'web'] },
    { role: 'db', groups: ['default', 'linux', 'database'] },
    { role: 'app', groups: ['default', 'linux'] },
    { role: 'mail', groups: ['default', 'linux', 'dmz'] },
    { role: 'proxy', groups: ['default', 'linux', 'dmz', 'web'] },
    { role: 'k8s-node', groups: ['default', 'linux', 'kubernetes'] },
    { role: 'build', groups: ['default', 'linux'] },
    { role: 'pay', groups: ['default', 'linux', 'pci'] },
  ],
  windows: [
    { role: 'dc', groups: ['default', 'windows', 'domain-controllers'] },
    { role: 'sql', groups: ['default', 'windows', 'database'] },
    { role: 'win-srv', groups: ['default', 'windows'] },
    { role: 'ws', groups: ['default', 'windows', 'workstations'] },
  ],
  darwin: [{ role: 'mac', groups: ['default', 'macos', 'workstations'] }],
};

export const AGENT_GROUPS = [
  'database',
  'default',
  'dmz',
  'domain-controllers',
  'kubernetes',
  'linux',
  'macos',
  'pci',
  'web',
  'windows',
  'workstations',
] as const;

export function osFamily(os: OsInfo): 'linux' | 'windows' | 'darwin' {
  return os.platform === 'windows' ? 'windows' : os.platform === 'darwin' ? 'darwin' : 'linux';
}
