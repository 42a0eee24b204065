/**
 * Security configuration assessment: benchmark policies by operating system, each with a fixed list of
 * checks, and per-agent results computed from (seed, agent, check) so a million agents need no storage.
 */
import type { OsInfo } from './catalogues';
import { hash32, hex } from './random';

type CheckResult = 'passed' | 'failed' | 'not applicable';

export interface ScaCheck {
  policy_id: string;
  id: number;
  title: string;
  description: string;
  rationale: string;
  remediation: string;
  command?: string;
  file?: string;
  directory?: string;
  process?: string;
  registry?: string;
  references: string;
  condition: 'all' | 'any' | 'none';
  compliance: Array<{ key: string; value: string }>;
  rules: Array<{ type: string; rule: string }>;
}

export interface ScaCheckItem extends ScaCheck {
  result: CheckResult;
  reason?: string;
}

export interface ScaPolicyItem {
  policy_id: string;
  name: string;
  description: string;
  references: string;
  pass: number;
  fail: number;
  invalid: number;
  total_checks: number;
  score: number;
  hash_file: string;
  start_scan: string;
  end_scan: string;
}

interface PolicySpec {
  id: string;
  name: string;
  family: 'linux' | 'windows' | 'darwin';
  firstCheckId: number;
}

const POLICIES: Record<string, PolicySpec> = {
  'ubuntu:22': { id: 'cis_ubuntu22-04', name: 'CIS Ubuntu Linux 22.04 LTS Benchmark v1.0.0', family: 'linux', firstCheckId: 28500 },
  'ubuntu:24': { id: 'cis_ubuntu24-04', name: 'CIS Ubuntu Linux 24.04 LTS Benchmark v1.0.0', family: 'linux', firstCheckId: 35500 },
  'ubuntu:20': { id: 'cis_ubuntu20-04', name: 'CIS Ubuntu Linux 20.04 LTS Benchmark v2.0.1', family: 'linux', firstCheckId: 19000 },
  'debian:12': { id: 'cis_debian12', name: 'CIS Debian Linux 12 Benchmark v1.0.1', family: 'linux', firstCheckId: 33000 },
  'rhel:9': { id: 'cis_rhel9_linux', name: 'CIS Red Hat Enterprise Linux 9 Benchmark v2.0.0', family: 'linux', firstCheckId: 31000 },
  'centos:7': { id: 'cis_centos7_linux', name: 'CIS CentOS Linux 7 Benchmark v3.1.2', family: 'linux', firstCheckId: 6500 },
  'amzn:2023': { id: 'cis_amazon_linux_2023', name: 'CIS Amazon Linux 2023 Benchmark v1.0.0', family: 'linux', firstCheckId: 34000 },
  'windows:2022': { id: 'cis_win2022', name: 'CIS Microsoft Windows Server 2022 Benchmark v2.0.0', family: 'windows', firstCheckId: 27000 },
  'windows:2019': { id: 'cis_win2019', name: 'CIS Microsoft Windows Server 2019 Benchmark v2.0.0', family: 'windows', firstCheckId: 15500 },
  'windows:11': { id: 'cis_win11_enterprise', name: 'CIS Microsoft Windows 11 Enterprise Benchmark v1.0.0', family: 'windows', firstCheckId: 26000 },
  'darwin:14': { id: 'cis_apple_macOS_14.x', name: 'CIS Apple macOS 14.0 Sonoma Benchmark v1.0.0', family: 'darwin', firstCheckId: 30000 },
};

const UNIX_AUDIT: PolicySpec = { id: 'sca_unix_audit', name: 'System audit for Unix based systems', family: 'linux', firstCheckId: 3000 };

type CheckTemplate = [title: string, kind: 'command' | 'file' | 'directory' | 'process' | 'registry', target: string, rule: string];

const TEMPLATES: Record<PolicySpec['family'], CheckTemplate[]> = {
  linux: [
    ['Ensure mounting of cramfs filesystems is disabled.', 'command', 'modprobe -n -v cramfs', 'c:modprobe -n -v cramfs -> r:^install /bin/true'],
    ['Ensure /tmp is a separate partition.', 'command', 'findmnt -n /tmp', 'c:findmnt -n /tmp -> r:\\s*/tmp\\s'],
    ['Ensure nodev option is set on /tmp partition.', 'command', 'findmnt -n /tmp', 'c:findmnt -n /tmp -> r:nodev'],
    ['Ensure AIDE is installed.', 'command', 'dpkg -s aide', 'c:dpkg -s aide -> r:Status: install ok installed'],
    ['Ensure bootloader password is set.', 'file', '/boot/grub/grub.cfg', 'f:/boot/grub/grub.cfg -> r:^\\s*password'],
    ['Ensure address space layout randomization is enabled.', 'command', 'sysctl kernel.randomize_va_space', 'c:sysctl kernel.randomize_va_space -> r:= 2'],
    ['Ensure core dumps are restricted.', 'file', '/etc/security/limits.conf', 'f:/etc/security/limits.conf -> r:hard\\s+core\\s+0'],
    ['Ensure AppArmor is enabled in the bootloader configuration.', 'file', '/boot/grub/grub.cfg', 'f:/boot/grub/grub.cfg -> r:apparmor=1'],
    ['Ensure message of the day is configured properly.', 'file', '/etc/motd', 'f:/etc/motd -> !r:\\\\v|\\\\r|\\\\m|\\\\s'],
    ['Ensure time synchronization is in use.', 'process', 'chronyd', 'p:chronyd'],
    ['Ensure X Window System is not installed.', 'command', 'dpkg -l xserver-xorg*', 'c:dpkg -l xserver-xorg* -> !r:^ii'],
    ['Ensure Avahi Server is not installed.', 'command', 'dpkg -s avahi-daemon', 'c:dpkg -s avahi-daemon -> !r:install ok installed'],
    ['Ensure CUPS is not installed.', 'command', 'dpkg -s cups', 'c:dpkg -s cups -> !r:install ok installed'],
    ['Ensure rsync service is not installed.', 'command', 'dpkg -s rsync', 'c:dpkg -s rsync -> !r:install ok installed'],
    ['Ensure IP forwarding is disabled.', 'command', 'sysctl net.ipv4.ip_forward', 'c:sysctl net.ipv4.ip_forward -> r:= 0'],
    ['Ensure packet redirect sending is disabled.', 'command', 'sysctl net.ipv4.conf.all.send_redirects', 'c:sysctl net.ipv4.conf.all.send_redirects -> r:= 0'],
    ['Ensure source routed packets are not accepted.', 'command', 'sysctl net.ipv4.conf.all.accept_source_route', 'c:sysctl net.ipv4.conf.all.accept_source_route -> r:= 0'],
    ['Ensure a firewall package is installed.', 'command', 'dpkg -s ufw', 'c:dpkg -s ufw -> r:install ok installed'],
    ['Ensure auditd is installed.', 'command', 'dpkg -s auditd', 'c:dpkg -s auditd -> r:install ok installed'],
    ['Ensure auditd service is enabled.', 'command', 'systemctl is-enabled auditd', 'c:systemctl is-enabled auditd -> r:^enabled'],
    ['Ensure audit log storage size is configured.', 'file', '/etc/audit/auditd.conf', 'f:/etc/audit/auditd.conf -> r:^max_log_file\\s*=\\s*\\d+'],
    ['Ensure permissions on /etc/crontab are configured.', 'command', 'stat /etc/crontab', 'c:stat /etc/crontab -> r:Access:\\s*\\(0600'],
    ['Ensure permissions on /etc/ssh/sshd_config are configured.', 'command', 'stat /etc/ssh/sshd_config', 'c:stat /etc/ssh/sshd_config -> r:Access:\\s*\\(0600'],
    ['Ensure SSH root login is disabled.', 'file', '/etc/ssh/sshd_config', 'f:/etc/ssh/sshd_config -> r:^\\s*PermitRootLogin\\s+no'],
    ['Ensure SSH PermitEmptyPasswords is disabled.', 'file', '/etc/ssh/sshd_config', 'f:/etc/ssh/sshd_config -> r:^\\s*PermitEmptyPasswords\\s+no'],
    ['Ensure SSH MaxAuthTries is set to 4 or less.', 'file', '/etc/ssh/sshd_config', 'f:/etc/ssh/sshd_config -> n:^\\s*MaxAuthTries\\s+(\\d+) compare <= 4'],
    ['Ensure SSH Idle Timeout Interval is configured.', 'file', '/etc/ssh/sshd_config', 'f:/etc/ssh/sshd_config -> r:^\\s*ClientAliveInterval\\s+\\d+'],
    ['Ensure password creation requirements are configured.', 'file', '/etc/security/pwquality.conf', 'f:/etc/security/pwquality.conf -> r:^\\s*minlen\\s*=\\s*1[4-9]'],
    ['Ensure password expiration is 365 days or less.', 'file', '/etc/login.defs', 'f:/etc/login.defs -> n:^\\s*PASS_MAX_DAYS\\s+(\\d+) compare <= 365'],
    ['Ensure default user umask is 027 or more restrictive.', 'file', '/etc/profile', 'f:/etc/profile -> r:umask\\s+0?27'],
    ['Ensure permissions on /etc/passwd are configured.', 'command', 'stat /etc/passwd', 'c:stat /etc/passwd -> r:Access:\\s*\\(0644'],
    ['Ensure permissions on /etc/shadow are configured.', 'command', 'stat /etc/shadow', 'c:stat /etc/shadow -> r:Access:\\s*\\(0640'],
    ['Ensure no world writable files exist.', 'directory', '/', 'd:/ -> r:^\\.+ -> !p:o+w'],
    ['Ensure root is the only UID 0 account.', 'file', '/etc/passwd', 'f:/etc/passwd -> !r:^\\w+:\\w+:0: && !r:^root:'],
  ],
  windows: [
    ["Ensure 'Enforce password history' is set to '24 or more password(s)'.", 'command', 'net.exe accounts', 'c:net.exe accounts -> n:Length of password history maintained:\\s+(\\d+) compare >= 24'],
    ["Ensure 'Maximum password age' is set to '365 or fewer days, but not 0'.", 'command', 'net.exe accounts', 'c:net.exe accounts -> n:Maximum password age \\(days\\):\\s+(\\d+) compare <= 365'],
    ["Ensure 'Minimum password length' is set to '14 or more character(s)'.", 'command', 'net.exe accounts', 'c:net.exe accounts -> n:Minimum password length:\\s+(\\d+) compare >= 14'],
    ["Ensure 'Account lockout threshold' is set to '5 or fewer invalid logon attempt(s), but not 0'.", 'command', 'net.exe accounts', 'c:net.exe accounts -> n:Lockout threshold:\\s+(\\d+) compare <= 5'],
    ["Ensure 'Accounts: Guest account status' is set to 'Disabled'.", 'command', 'net.exe user guest', 'c:net.exe user guest -> r:Account active\\s+No'],
    ["Ensure 'Interactive logon: Do not display last user name' is set to 'Enabled'.", 'registry', 'HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Policies\\System', 'r:HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Policies\\System -> DontDisplayLastUserName -> 1'],
    ["Ensure 'Network security: LAN Manager authentication level' is set to 'Send NTLMv2 response only'.", 'registry', 'HKEY_LOCAL_MACHINE\\SYSTEM\\CurrentControlSet\\Control\\Lsa', 'r:HKEY_LOCAL_MACHINE\\SYSTEM\\CurrentControlSet\\Control\\Lsa -> LmCompatibilityLevel -> 5'],
    ["Ensure 'Windows Firewall: Domain: Firewall state' is set to 'On'.", 'registry', 'HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Microsoft\\WindowsFirewall\\DomainProfile', 'r:HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Microsoft\\WindowsFirewall\\DomainProfile -> EnableFirewall -> 1'],
    ["Ensure 'Windows Firewall: Public: Firewall state' is set to 'On'.", 'registry', 'HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Microsoft\\WindowsFirewall\\PublicProfile', 'r:HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Microsoft\\WindowsFirewall\\PublicProfile -> EnableFirewall -> 1'],
    ["Ensure 'Audit Credential Validation' is set to 'Success and Failure'.", 'command', 'auditpol.exe /get /subcategory:"Credential Validation"', 'c:auditpol.exe /get /subcategory:"Credential Validation" -> r:Success and Failure'],
    ["Ensure 'Audit Logon' is set to 'Success and Failure'.", 'command', 'auditpol.exe /get /subcategory:"Logon"', 'c:auditpol.exe /get /subcategory:"Logon" -> r:Success and Failure'],
    ["Ensure 'Turn off Autoplay' is set to 'Enabled: All drives'.", 'registry', 'HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Policies\\Explorer', 'r:HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Policies\\Explorer -> NoDriveTypeAutoRun -> 255'],
    ["Ensure 'SMB v1 client driver' is set to 'Enabled: Disable driver'.", 'registry', 'HKEY_LOCAL_MACHINE\\SYSTEM\\CurrentControlSet\\Services\\mrxsmb10', 'r:HKEY_LOCAL_MACHINE\\SYSTEM\\CurrentControlSet\\Services\\mrxsmb10 -> Start -> 4'],
    ["Ensure 'Allow Basic authentication' is set to 'Disabled' for WinRM.", 'registry', 'HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Microsoft\\Windows\\WinRM\\Client', 'r:HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Microsoft\\Windows\\WinRM\\Client -> AllowBasic -> 0'],
    ["Ensure 'Remote Registry' service is disabled.", 'process', 'RemoteRegistry', 'p:RemoteRegistry'],
    ["Ensure 'Print Spooler' service is disabled on domain controllers.", 'process', 'spoolsv.exe', 'p:spoolsv.exe'],
  ],
  darwin: [
    ['Ensure all Apple-provided software is current.', 'command', 'softwareupdate -l', 'c:softwareupdate -l -> r:No new software available'],
    ['Ensure FileVault is enabled.', 'command', 'fdesetup status', 'c:fdesetup status -> r:FileVault is On'],
    ['Ensure Gatekeeper is enabled.', 'command', 'spctl --status', 'c:spctl --status -> r:assessments enabled'],
    ['Ensure the firewall is enabled.', 'command', '/usr/libexec/ApplicationFirewall/socketfilterfw --getglobalstate', 'c:/usr/libexec/ApplicationFirewall/socketfilterfw --getglobalstate -> r:enabled'],
    ['Ensure Remote Login is disabled.', 'command', 'systemsetup -getremotelogin', 'c:systemsetup -getremotelogin -> r:Off'],
    ['Ensure Screen Sharing is disabled.', 'process', 'screensharingd', 'p:screensharingd'],
    ['Ensure System Integrity Protection status is enabled.', 'command', 'csrutil status', 'c:csrutil status -> r:enabled'],
    ['Ensure an inactivity interval of 20 minutes or less for the screen saver is enabled.', 'file', '/Library/Preferences/com.apple.screensaver.plist', 'f:/Library/Preferences/com.apple.screensaver.plist -> r:idleTime'],
    ['Ensure a password is required to wake the computer from sleep or screen saver.', 'command', 'sysadminctl -screenLock status', 'c:sysadminctl -screenLock status -> r:immediate'],
    ['Ensure guest account is disabled.', 'file', '/Library/Preferences/com.apple.loginwindow.plist', 'f:/Library/Preferences/com.apple.loginwindow.plist -> r:GuestEnabled.+false'],
  ],
};

const UNIX_AUDIT_TEMPLATES: CheckTemplate[] = [
  ['Ensure SSH service is not listening on the default port.', 'file', '/etc/ssh/sshd_config', 'f:/etc/ssh/sshd_config -> !r:^\\s*Port\\s+22$'],
  ['Ensure SSH protocol 2 is used.', 'file', '/etc/ssh/sshd_config', 'f:/etc/ssh/sshd_config -> !r:^\\s*Protocol\\s+1'],
  ['Ensure no accounts have an empty password.', 'file', '/etc/shadow', 'f:/etc/shadow -> !r:^\\w+::'],
  ['Ensure the tmp directory is not world executable.', 'command', 'mount', 'c:mount -> r:\\s/tmp\\s.+noexec'],
  ['Ensure no netcat binary is present.', 'file', '/usr/bin/nc', 'not f:/usr/bin/nc'],
  ['Ensure web server directory listing is off.', 'directory', '/etc/apache2', 'd:/etc/apache2 -> .conf -> !r:Options\\s+Indexes'],
];

const COMPLIANCE_KEYS = ['cis', 'cis_csc_v8', 'cis_csc_v7', 'pci_dss_v4.0', 'nist_sp_800-53', 'iso_27001-2013', 'hipaa', 'soc_2'];

function buildChecks(policy: PolicySpec, templates: CheckTemplate[]): ScaCheck[] {
  return templates.map(([title, kind, target, rule], index) => {
    const subject = title.replace(/^Ensure /, '').replace(/\.$/, '');
    const check: ScaCheck = {
      policy_id: policy.id,
      id: policy.firstCheckId + index,
      title,
      description: `Checks that ${subject.charAt(0).toLowerCase()}${subject.slice(1)}.`,
      rationale: `Hosts where this setting is missing are easier to compromise or harder to investigate after an incident.`,
      remediation: `Apply the setting described by "${title}" and run the scan again.`,
      references: 'https://www.cisecurity.org/cis-benchmarks/',
      condition: rule.includes('!') ? 'none' : index % 5 === 0 ? 'any' : 'all',
      compliance: [
        { key: 'cis', value: `${1 + Math.floor(index / 6)}.${1 + (index % 6)}.${1 + (index % 3)}` },
        { key: COMPLIANCE_KEYS[1 + (index % (COMPLIANCE_KEYS.length - 1))], value: `${2 + (index % 9)}.${1 + (index % 4)}` },
      ],
      rules: [{ type: kind === 'registry' ? 'registry' : kind, rule }],
    };
    check[kind] = target;
    return check;
  });
}

function policyKey(os: OsInfo): string {
  if (os.platform === 'windows') {
    const edition = /Server (\d{4})/.exec(os.name)?.[1] ?? (/Windows (\d+)/.exec(os.name)?.[1] ?? '11');
    return `windows:${edition}`;
  }
  return `${os.platform}:${os.major}`;
}

const REASONS = [
  'Could not open file',
  'Command returned an unexpected output',
  'The registry key does not exist',
];

export class ScaCatalogue {
  private readonly checks = new Map<string, ScaCheck[]>();

  constructor(private readonly seed: number) {
    for (const policy of Object.values(POLICIES)) this.checks.set(policy.id, buildChecks(policy, TEMPLATES[policy.family]));
    this.checks.set(UNIX_AUDIT.id, buildChecks(UNIX_AUDIT, UNIX_AUDIT_TEMPLATES));
  }

  /** Policies that apply to an agent's operating system (none for agents that never reported one). */
  policiesFor(os: OsInfo | undefined): PolicySpec[] {
    if (!os) return [];
    const benchmark = POLICIES[policyKey(os)];
    const list = benchmark ? [benchmark] : [];
    if (os.platform !== 'windows') list.push(UNIX_AUDIT);
    return list;
  }

  checkResults(agent: number, policyId: string): ScaCheckItem[] {
    return (this.checks.get(policyId) ?? []).map((check) => {
      const roll = hash32(this.seed, agent, check.id) % 100;
      if (roll < 55) return { ...check, result: 'passed' };
      if (roll < 90) return { ...check, result: 'failed' };
      return { ...check, result: 'not applicable', reason: REASONS[roll % REASONS.length] };
    });
  }

  policyResults(agent: number, os: OsInfo | undefined, scannedAt: number): ScaPolicyItem[] {
    return this.policiesFor(os).map((policy) => {
      const results = this.checkResults(agent, policy.id);
      const pass = results.filter((check) => check.result === 'passed').length;
      const fail = results.filter((check) => check.result === 'failed').length;
      const start = scannedAt - (hash32(this.seed, agent, 77) % 43_200);
      return {
        policy_id: policy.id,
        name: policy.name,
        description: `Configuration assessment of ${policy.name.replace(/ Benchmark.*$/, '')} hosts against hardening recommendations.`,
        references: 'https://www.cisecurity.org/cis-benchmarks/',
        pass,
        fail,
        invalid: results.length - pass - fail,
        total_checks: results.length,
        score: pass + fail === 0 ? 0 : Math.round((pass * 100) / (pass + fail)),
        hash_file: hex(this.seed, agent, policy.firstCheckId, 64),
        start_scan: new Date(start * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
        end_scan: new Date((start + 3 + (hash32(this.seed, agent, 78) % 20)) * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      };
    });
  }
}
