/**
 * Install-and-enroll commands for a new agent: the package for the chosen system and architecture,
 * installed with the enrollment settings (manager address, agent name, group, password) in the
 * variables the agent's installer reads, then the command that starts it.
 */

export type DeploySystem = 'deb' | 'rpm' | 'windows' | 'macos';

export interface DeployTarget {
  id: DeploySystem;
  label: string;
  architectures: ReadonlyArray<{ id: string; label: string }>;
}

export const DEPLOY_TARGETS: readonly DeployTarget[] = [
  {
    id: 'deb',
    label: 'Linux (DEB)',
    architectures: [
      { id: 'amd64', label: 'x86_64 (amd64)' },
      { id: 'arm64', label: 'ARM64 (aarch64)' },
    ],
  },
  {
    id: 'rpm',
    label: 'Linux (RPM)',
    architectures: [
      { id: 'x86_64', label: 'x86_64 (amd64)' },
      { id: 'aarch64', label: 'ARM64 (aarch64)' },
    ],
  },
  {
    id: 'windows',
    label: 'Windows',
    architectures: [{ id: 'msi', label: 'x86_64 and x86 (MSI)' }],
  },
  {
    id: 'macos',
    label: 'macOS',
    architectures: [
      { id: 'intel64', label: 'Intel' },
      { id: 'arm64', label: 'Apple silicon' },
    ],
  },
];

export interface DeployChoice {
  system: DeploySystem;
  architecture: string;
  managerAddress: string;
  agentName?: string;
  group?: string;
  /** Agent version to install, the manager's (`4.14.7`). */
  version: string;
  /** The enrollment password, when the manager asks for one. */
  password?: string;
}

export interface DeployCommands {
  install: string;
  start: string;
  /** Where to run them. */
  shell: string;
}

const PACKAGES = 'https://packages.wazuh.com';

// A manager address is a host name or an IP (v4, or v6 without brackets).
const ADDRESS =
  /^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$|^[0-9A-Fa-f:]+$/;
// The managed API's rules for agent names; groups are names too, several separated by commas.
const AGENT_NAME = /^[\w\-.%]{1,128}$/;
const GROUPS = /^[\w\-.]{1,128}(,[\w\-.]{1,128})*$/;

/** What is wrong with each field of the choice, by field; empty when the commands can be built. */
export function deployProblems(choice: DeployChoice): Partial<Record<keyof DeployChoice, string>> {
  const problems: Partial<Record<keyof DeployChoice, string>> = {};
  if (!choice.managerAddress) problems.managerAddress = 'The manager address is required';
  else if (!ADDRESS.test(choice.managerAddress))
    problems.managerAddress = 'Use a host name or an IP address, without scheme or port';
  if (choice.agentName && !AGENT_NAME.test(choice.agentName))
    problems.agentName = 'Letters, digits, "_", "-", "." and "%" only (at most 128)';
  if (choice.group && !GROUPS.test(choice.group))
    problems.group = 'Group names: letters, digits, "_", "-" and "."; several separated by commas';
  return problems;
}

/** `4.14.7` of `Wazuh v4.14.7`. */
export function packageVersion(managerVersion: string | undefined): string | undefined {
  return /(\d+\.\d+\.\d+)/.exec(managerVersion ?? '')?.[1];
}

function settings(choice: DeployChoice): string[] {
  return [
    `WAZUH_MANAGER='${choice.managerAddress}'`,
    ...(choice.group ? [`WAZUH_AGENT_GROUP='${choice.group}'`] : []),
    ...(choice.agentName ? [`WAZUH_AGENT_NAME='${choice.agentName}'`] : []),
    ...(choice.password
      ? [`WAZUH_REGISTRATION_PASSWORD='${choice.password.replace(/'/g, "'\\''")}'`]
      : []),
  ];
}

export function deployCommands(choice: DeployChoice): DeployCommands {
  const major = `${choice.version.split('.')[0]}.x`;
  const { version, architecture } = choice;
  switch (choice.system) {
    case 'deb': {
      const file = `wazuh-agent_${version}-1_${architecture}.deb`;
      return {
        shell: 'a root shell on the host (bash)',
        install: `wget ${PACKAGES}/${major}/apt/pool/main/w/wazuh-agent/${file} && sudo ${settings(choice).join(' ')} dpkg -i ./${file}`,
        start:
          'sudo systemctl daemon-reload\nsudo systemctl enable wazuh-agent\nsudo systemctl start wazuh-agent',
      };
    }
    case 'rpm': {
      const file = `wazuh-agent-${version}-1.${architecture}.rpm`;
      return {
        shell: 'a root shell on the host (bash)',
        install: `curl -o ${file} ${PACKAGES}/${major}/yum/${file} && sudo ${settings(choice).join(' ')} rpm -ihv ${file}`,
        start:
          'sudo systemctl daemon-reload\nsudo systemctl enable wazuh-agent\nsudo systemctl start wazuh-agent',
      };
    }
    case 'windows':
      return {
        shell: 'PowerShell as an administrator',
        install: `Invoke-WebRequest -Uri ${PACKAGES}/${major}/windows/wazuh-agent-${version}-1.msi -OutFile $env:tmp\\wazuh-agent; msiexec.exe /i $env:tmp\\wazuh-agent /q ${settings(choice).join(' ')}`,
        start: 'NET START Wazuh',
      };
    case 'macos':
      return {
        shell: 'a terminal with an administrator account',
        install: `curl -so wazuh-agent.pkg ${PACKAGES}/${major}/macos/wazuh-agent-${version}-1.${architecture}.pkg && echo "${settings(choice).join(' && ')}" > /tmp/wazuh_envs && sudo installer -pkg ./wazuh-agent.pkg -target /`,
        start: 'sudo launchctl load /Library/LaunchDaemons/com.wazuh.agent.plist',
      };
  }
}
