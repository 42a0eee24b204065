import {
  deployCommands,
  deployProblems,
  packageVersion,
  type DeployChoice,
} from './deploy-commands';

const base: DeployChoice = {
  system: 'deb',
  architecture: 'amd64',
  managerAddress: 'manager.example.org',
  agentName: 'web-01',
  group: 'web,linux',
  version: '4.14.7',
};

describe('deploy commands', () => {
  it('passes the enrollment password the manager asks for, quoted for the shell', () => {
    const commands = deployCommands({ ...base, password: "it's-secret" });
    expect(commands.install).toContain("WAZUH_REGISTRATION_PASSWORD='it'\\''s-secret'");
    expect(deployCommands(base).install).not.toContain('WAZUH_REGISTRATION_PASSWORD');
  });

  it('installs the DEB package with the enrollment settings, then starts the service', () => {
    const commands = deployCommands(base);
    expect(commands.install).toBe(
      "wget https://packages.wazuh.com/4.x/apt/pool/main/w/wazuh-agent/wazuh-agent_4.14.7-1_amd64.deb && sudo WAZUH_MANAGER='manager.example.org' WAZUH_AGENT_GROUP='web,linux' WAZUH_AGENT_NAME='web-01' dpkg -i ./wazuh-agent_4.14.7-1_amd64.deb",
    );
    expect(commands.start).toContain('sudo systemctl start wazuh-agent');
  });

  it('names the package of each system and architecture, and leaves out settings not given', () => {
    const rpm = deployCommands({
      ...base,
      system: 'rpm',
      architecture: 'aarch64',
      agentName: '',
      group: '',
    });
    expect(rpm.install).toBe(
      "curl -o wazuh-agent-4.14.7-1.aarch64.rpm https://packages.wazuh.com/4.x/yum/wazuh-agent-4.14.7-1.aarch64.rpm && sudo WAZUH_MANAGER='manager.example.org' rpm -ihv wazuh-agent-4.14.7-1.aarch64.rpm",
    );
    const windows = deployCommands({ ...base, system: 'windows', architecture: 'msi' });
    expect(windows.install).toContain('/4.x/windows/wazuh-agent-4.14.7-1.msi');
    expect(windows.install).toContain(
      "msiexec.exe /i $env:tmp\\wazuh-agent /q WAZUH_MANAGER='manager.example.org'",
    );
    expect(windows.start).toBe('NET START Wazuh');
    const mac = deployCommands({ ...base, system: 'macos', architecture: 'arm64' });
    expect(mac.install).toContain('/4.x/macos/wazuh-agent-4.14.7-1.arm64.pkg');
    expect(mac.install).toContain(
      `echo "WAZUH_MANAGER='manager.example.org' && WAZUH_AGENT_GROUP='web,linux' && WAZUH_AGENT_NAME='web-01'" > /tmp/wazuh_envs`,
    );
  });

  it('says what is wrong with each field, one message per field', () => {
    expect(deployProblems(base)).toEqual({});
    expect(
      deployProblems({
        ...base,
        managerAddress: 'https://x:55000',
        agentName: 'a b',
        group: 'web;rm',
      }),
    ).toEqual({
      managerAddress: 'Use a host name or an IP address, without scheme or port',
      agentName: 'Letters, digits, "_", "-", "." and "%" only (at most 128)',
      group: 'Group names: letters, digits, "_", "-" and "."; several separated by commas',
    });
    expect(deployProblems({ ...base, managerAddress: '' }).managerAddress).toBe(
      'The manager address is required',
    );
    expect(deployProblems({ ...base, managerAddress: '10.0.0.2' })).toEqual({});
  });

  it('reads the package version from the manager version', () => {
    expect(packageVersion('Wazuh v4.14.7')).toBe('4.14.7');
    expect(packageVersion(undefined)).toBeUndefined();
  });
});
