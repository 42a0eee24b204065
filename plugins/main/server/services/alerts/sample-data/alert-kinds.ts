/**
 * The kinds of sample alerts, each drawing the rule, decoder, location and data of one alert the
 * way a Wazuh manager writes them (rule ids, groups and compliance tags follow the Wazuh ruleset's
 * conventions; the texts are this dashboard's own).
 */
import type { SampleRandom } from './random';

interface SampleRule {
  id: string;
  level: number;
  description: string;
  groups: string[];
  pci_dss?: string[];
  gdpr?: string[];
  hipaa?: string[];
  nist_800_53?: string[];
  tsc?: string[];
  gpg13?: string[];
  mitre?: { id: string[]; tactic: string[]; technique: string[] };
}

/** What a kind adds to the base alert (agent, manager, time and id come from the generator). */
interface AlertBody {
  rule: SampleRule;
  decoder: { name: string; parent?: string };
  location: string;
  full_log?: string;
  predecoder?: Record<string, string>;
  data?: Record<string, unknown>;
  syscheck?: Record<string, unknown>;
}

export interface AgentLike {
  id: string;
  name: string;
  ip: string;
}

export type AlertKind = (random: SampleRandom, agent: AgentLike, time: Date) => AlertBody;

const USERS = [
  'root',
  'admin',
  'ubuntu',
  'ec2-user',
  'deploy',
  'jenkins',
  'postgres',
  'alice',
  'bob',
];
/** `Nov 26 19:02:54`, as syslog lines start. */
function syslogTime(time: Date): string {
  const utc = time.toUTCString();
  return `${utc.slice(8, 11)} ${utc.slice(5, 7)} ${utc.slice(17, 25)}`;
}

const AUTH_COMPLIANCE = {
  pci_dss: ['10.2.4', '10.2.5'],
  gdpr: ['IV_35.7.d', 'IV_32.2'],
  hipaa: ['164.312.b'],
  nist_800_53: ['AU.14', 'AC.7'],
  tsc: ['CC6.1', 'CC6.8', 'CC7.2', 'CC7.3'],
  gpg13: ['7.1'],
};

const MITRE_BRUTE_FORCE = {
  id: ['T1110'],
  tactic: ['Credential Access'],
  technique: ['Brute Force'],
};
const MITRE_VALID_ACCOUNTS = {
  id: ['T1078'],
  tactic: ['Defense Evasion', 'Persistence', 'Privilege Escalation', 'Initial Access'],
  technique: ['Valid Accounts'],
};

/** Logins that worked and failed: PAM, sshd, sudo, Windows logons. */
export const authentication: AlertKind = (random, agent, time) => {
  const user = random.pick(USERS);
  const srcip = random.ip();
  const failed = random.next() < 0.6;
  if (random.next() < 0.5) {
    const rule: SampleRule = failed
      ? {
          id: '5503',
          level: 5,
          description: 'PAM: user login failed.',
          groups: ['pam', 'syslog', 'authentication_failed'],
          ...AUTH_COMPLIANCE,
          mitre: MITRE_BRUTE_FORCE,
        }
      : {
          id: '5501',
          level: 3,
          description: 'PAM: login session opened.',
          groups: ['pam', 'syslog', 'authentication_success'],
          ...AUTH_COMPLIANCE,
          mitre: MITRE_VALID_ACCOUNTS,
        };
    return {
      rule,
      decoder: { name: 'pam' },
      location: '/var/log/secure',
      predecoder: { program_name: 'login', timestamp: syslogTime(time), hostname: agent.name },
      data: { srcuser: user, dstuser: user, uid: String(random.int(0, 1500)) },
      full_log: `${syslogTime(time)} ${agent.name} login: pam_unix(login:${failed ? 'auth' : 'session'}): ${failed ? 'authentication failure' : 'session opened'} for user ${user}`,
    };
  }
  const rule: SampleRule = failed
    ? {
        id: '60122',
        level: 5,
        description: 'Windows: logon failure, unknown user or bad password.',
        groups: ['windows', 'windows_security', 'authentication_failed'],
        ...AUTH_COMPLIANCE,
        mitre: MITRE_BRUTE_FORCE,
      }
    : {
        id: '60106',
        level: 3,
        description: 'Windows: logon success.',
        groups: ['windows', 'windows_security', 'authentication_success'],
        ...AUTH_COMPLIANCE,
        mitre: MITRE_VALID_ACCOUNTS,
      };
  return {
    rule,
    decoder: { name: 'windows_eventchannel' },
    location: 'EventChannel',
    data: {
      win: {
        system: { eventID: failed ? '4625' : '4624', channel: 'Security', computer: agent.name },
        eventdata: {
          targetUserName: user,
          ipAddress: srcip,
          logonType: String(random.pick([2, 3, 10])),
        },
      },
    },
  };
};

/** sshd: accepted keys, invalid users, repeated failures from one address. */
export const ssh: AlertKind = (random, agent, time) => {
  const user = random.pick(USERS);
  const srcip = random.ip();
  const port = String(random.int(30000, 65000));
  const choice = random.int(0, 3);
  const rules: SampleRule[] = [
    {
      id: '5715',
      level: 3,
      description: 'sshd: authentication success.',
      groups: ['syslog', 'sshd', 'authentication_success'],
      ...AUTH_COMPLIANCE,
      mitre: MITRE_VALID_ACCOUNTS,
    },
    {
      id: '5710',
      level: 5,
      description: 'sshd: attempt to log in with a user that does not exist.',
      groups: ['syslog', 'sshd', 'invalid_login', 'authentication_failed'],
      ...AUTH_COMPLIANCE,
      mitre: MITRE_BRUTE_FORCE,
    },
    {
      id: '5760',
      level: 5,
      description: 'sshd: authentication failed.',
      groups: ['syslog', 'sshd', 'authentication_failed'],
      ...AUTH_COMPLIANCE,
      mitre: MITRE_BRUTE_FORCE,
    },
    {
      id: '5712',
      level: 10,
      description: 'sshd: brute force attempt, many failed logins from one address.',
      groups: ['syslog', 'sshd', 'authentication_failures'],
      ...AUTH_COMPLIANCE,
      mitre: MITRE_BRUTE_FORCE,
    },
  ];
  const rule = rules[choice];
  const verb = [
    'Accepted publickey for',
    'Invalid user',
    'Failed password for',
    'Failed password for invalid user',
  ][choice];
  return {
    rule,
    decoder: { name: 'sshd', parent: 'sshd' },
    location: '/var/log/auth.log',
    predecoder: { program_name: 'sshd', timestamp: syslogTime(time), hostname: agent.name },
    data: { srcip, srcport: port, srcuser: user, dstuser: user },
    full_log: `${syslogTime(time)} ${agent.name} sshd[${random.int(1000, 60000)}]: ${verb} ${user} from ${srcip} port ${port} ssh2`,
  };
};

const WATCHED_FILES = [
  '/etc/passwd',
  '/etc/shadow',
  '/etc/hosts',
  '/etc/ssh/sshd_config',
  '/usr/bin/curl',
  '/usr/sbin/sshd',
  '/var/www/html/index.php',
  '/etc/sudoers',
  'c:\\windows\\system32\\drivers\\etc\\hosts',
];
const FIM_COMPLIANCE = {
  pci_dss: ['11.5'],
  gdpr: ['II_5.1.f'],
  hipaa: ['164.312.c.1', '164.312.c.2'],
  nist_800_53: ['SI.7'],
  tsc: ['PI1.4', 'PI1.5', 'CC6.1', 'CC6.8', 'CC7.2', 'CC7.3'],
  gpg13: ['4.11'],
};

/** Integrity monitoring: files added, modified and deleted, with their checksums and owners. */
export const syscheck: AlertKind = (random, _agent, time) => {
  const path = random.pick(WATCHED_FILES);
  const event = random.pick(['modified', 'modified', 'added', 'deleted'] as const);
  const rules = {
    modified: { id: '550', level: 7, description: 'Integrity checksum changed.' },
    added: { id: '554', level: 5, description: 'File added to the system.' },
    deleted: { id: '553', level: 7, description: 'File deleted.' },
  };
  const owner = random.pick(['root', 'www-data', 'alice']);
  const mode = random.pick(['realtime', 'scheduled', 'whodata']);
  const sizeAfter = random.int(200, 90_000);
  const mtime = new Date(time.getTime() - random.int(0, 600_000)).toISOString();
  const after = {
    sha1_after: random.hex(40),
    md5_after: random.hex(32),
    sha256_after: random.hex(64),
    size_after: sizeAfter,
    uname_after: owner,
    gname_after: owner,
    uid_after: owner === 'root' ? '0' : String(random.int(33, 1500)),
    gid_after: owner === 'root' ? '0' : String(random.int(33, 1500)),
    perm_after: random.pick(['rw-r--r--', 'rwxr-xr-x', 'rw-------']),
    inode_after: random.int(10_000, 9_000_000),
    mtime_after: mtime,
  };
  const before = {
    sha1_before: random.hex(40),
    md5_before: random.hex(32),
    sha256_before: random.hex(64),
    size_before: Math.max(1, sizeAfter + random.int(-500, 500)),
    uname_before: owner,
    gname_before: owner,
    perm_before: after.perm_after,
    mtime_before: new Date(time.getTime() - random.int(86_400_000, 864_000_000)).toISOString(),
  };
  return {
    rule: {
      ...rules[event],
      groups: ['ossec', 'syscheck', 'syscheck_entry_' + event, 'syscheck_file'],
      ...FIM_COMPLIANCE,
      ...(event !== 'added' && {
        mitre: { id: ['T1565.001'], tactic: ['Impact'], technique: ['Stored Data Manipulation'] },
      }),
    },
    decoder: { name: 'syscheck_integrity_changed' },
    location: 'syscheck',
    syscheck: {
      path,
      event,
      mode,
      ...(event === 'deleted' ? before : event === 'added' ? after : { ...before, ...after }),
      ...(event === 'modified' && {
        changed_attributes: ['size', 'mtime', 'md5', 'sha1', 'sha256'],
      }),
    },
    full_log: `File '${path}' ${event}\nMode: ${mode}\n`,
  };
};

/** Cloud audit logs: AWS CloudTrail and GuardDuty, Google Cloud, Office 365, GitHub. */
export const aws: AlertKind = (random) => {
  const finding = random.next() < 0.4;
  const region = random.pick(['us-east-1', 'eu-west-1', 'ap-southeast-2']);
  return {
    rule: finding
      ? {
          id: '80302',
          level: random.pick([8, 10, 12]),
          description:
            'AWS GuardDuty: an EC2 instance is probing a port on a large number of hosts.',
          groups: ['amazon', 'aws', 'aws_guardduty'],
          pci_dss: ['10.6.1'],
          gdpr: ['IV_35.7.d'],
          hipaa: ['164.312.b'],
          nist_800_53: ['AU.6'],
          tsc: ['CC7.2', 'CC7.3'],
        }
      : {
          id: '80202',
          level: 3,
          description: 'AWS CloudTrail: a console login.',
          groups: ['amazon', 'aws', 'aws_cloudtrail'],
          pci_dss: ['10.6.1', '10.2.5'],
          gdpr: ['IV_35.7.d'],
          hipaa: ['164.312.b'],
          nist_800_53: ['AU.6', 'AC.7'],
          tsc: ['CC7.2', 'CC7.3', 'CC6.1'],
        },
    decoder: { name: 'json' },
    location: 'Wazuh-AWS',
    data: {
      integration: 'aws',
      aws: {
        source: finding ? 'guardduty' : 'cloudtrail',
        region,
        accountId: String(random.int(100_000_000_000, 999_999_999_999)),
        ...(finding
          ? { severity: String(random.int(2, 8)), type: 'Recon:EC2/Portscan' }
          : {
              eventName: 'ConsoleLogin',
              eventSource: 'signin.amazonaws.com',
              sourceIPAddress: random.ip(),
            }),
      },
    },
  };
};

export const gcp: AlertKind = (random) => ({
  rule: {
    id: '65007',
    level: random.pick([3, 5, 12]),
    description: 'GCP: a DNS query to a domain on a threat list.',
    groups: ['gcp'],
    pci_dss: ['10.6.1'],
    gdpr: ['IV_35.7.d'],
    hipaa: ['164.312.b'],
    nist_800_53: ['AU.6'],
    tsc: ['CC7.2'],
  },
  decoder: { name: 'json' },
  location: 'Wazuh-GCloud',
  data: {
    integration: 'gcp',
    gcp: {
      jsonPayload: {
        queryName: random.pick(['evil.example.', 'update.example.net.', 'c2.example.org.']),
        queryType: 'A',
        responseCode: random.pick(['NOERROR', 'NXDOMAIN']),
        sourceIP: random.ip(),
      },
      resource: {
        type: 'dns_query',
        labels: { project_id: random.pick(['prod-42', 'staging-7']) },
      },
      severity: random.pick(['INFO', 'NOTICE', 'WARNING']),
    },
  },
});

export const office365: AlertKind = (random) => {
  const failed = random.next() < 0.5;
  return {
    rule: {
      id: failed ? '91545' : '91544',
      level: failed ? 5 : 3,
      description: failed
        ? 'Office 365: a user failed to log in.'
        : 'Office 365: a user logged in.',
      groups: ['office365', failed ? 'authentication_failed' : 'authentication_success'],
      pci_dss: ['10.2.4'],
      gdpr: ['IV_32.2'],
      hipaa: ['164.312.b'],
      nist_800_53: ['AC.7'],
      tsc: ['CC6.8'],
    },
    decoder: { name: 'json' },
    location: 'office365',
    data: {
      integration: 'office365',
      office365: {
        Operation: failed ? 'UserLoginFailed' : 'UserLoggedIn',
        UserId: `${random.pick(USERS)}@example.com`,
        ClientIP: random.ip(),
        Workload: 'AzureActiveDirectory',
        Subscription: 'Audit.AzureActiveDirectory',
      },
    },
  };
};

export const github: AlertKind = (random) => {
  const action = random.pick([
    'repo.create',
    'org.add_member',
    'protected_branch.destroy',
    'git.clone',
  ]);
  return {
    rule: {
      id: action === 'protected_branch.destroy' ? '91250' : '91200',
      level: action === 'protected_branch.destroy' ? 10 : 3,
      description: `GitHub: ${action === 'protected_branch.destroy' ? 'a branch protection rule was removed' : `audit event ${action}`}.`,
      groups: ['github'],
      nist_800_53: ['CM.5'],
      tsc: ['CC8.1'],
    },
    decoder: { name: 'json' },
    location: 'github',
    data: {
      integration: 'github',
      github: {
        action,
        actor: random.pick(USERS),
        org: 'example-org',
        repo: `example-org/${random.pick(['api', 'web', 'infra'])}`,
        actor_location: { country_code: random.pick(['US', 'ES', 'DE', 'JP']) },
      },
    },
  };
};

/** Rootkit and policy checks. */
export const rootcheck: AlertKind = (random) => {
  const hidden = random.next() < 0.3;
  const title = hidden
    ? 'Process hidden from ps (possible rootkit).'
    : random.pick([
        'Ensure SSH root login is disabled.',
        'File /tmp is not on its own partition.',
        'Trojaned version of file /bin/passwd detected.',
      ]);
  return {
    rule: {
      id: hidden ? '521' : '510',
      level: hidden ? 11 : 7,
      description: hidden
        ? 'Possible kernel level rootkit.'
        : 'Host-based anomaly detection event (rootcheck).',
      groups: ['ossec', 'rootcheck'],
      pci_dss: ['10.6.1'],
      gdpr: ['IV_35.7.d'],
      hipaa: ['164.312.b'],
      nist_800_53: ['AU.6'],
      tsc: ['CC7.2', 'CC7.3'],
    },
    decoder: { name: 'rootcheck' },
    location: 'rootcheck',
    data: { title, ...(hidden && { process: String(random.int(300, 40_000)) }) },
    full_log: title,
  };
};

export const virustotal: AlertKind = (random, _agent, time) => {
  const positives = random.next() < 0.4 ? random.int(3, 60) : 0;
  const path = random.pick([
    '/tmp/invoice.pdf.exe',
    '/home/alice/Downloads/setup.sh',
    '/usr/local/bin/miner',
  ]);
  return {
    rule: {
      id: positives > 0 ? '87105' : '87104',
      level: positives > 0 ? 12 : 3,
      description:
        positives > 0
          ? `VirusTotal: ${path}: ${positives} engines detected this file.`
          : 'VirusTotal: no positives found.',
      groups: ['virustotal'],
      pci_dss: ['10.6.1', '11.4'],
      gdpr: ['IV_35.7.d'],
      hipaa: ['164.312.b'],
      nist_800_53: ['SI.4'],
      tsc: ['CC6.1', 'CC6.8', 'CC7.2', 'CC7.3'],
      ...(positives > 0 && {
        mitre: {
          id: ['T1203'],
          tactic: ['Execution'],
          technique: ['Exploitation for Client Execution'],
        },
      }),
    },
    decoder: { name: 'json' },
    location: 'virustotal',
    data: {
      integration: 'virustotal',
      virustotal: {
        found: '1',
        malicious: positives > 0 ? '1' : '0',
        positives: String(positives),
        total: '70',
        sha1: random.hex(40),
        scan_date: time.toISOString().slice(0, 19).replace('T', ' '),
        permalink: `https://www.virustotal.com/gui/file/${random.hex(64)}`,
        source: { file: path, md5: random.hex(32), sha1: random.hex(40) },
      },
    },
  };
};

export const yara: AlertKind = (random) => {
  const ruleName = random.pick(['Linux_Trojan_Mirai', 'Multi_Miner_XMRig', 'Webshell_PHP_Generic']);
  return {
    rule: {
      id: '108001',
      level: 12,
      description: `YARA: rule ${ruleName} matched a file.`,
      groups: ['yara'],
      pci_dss: ['11.4'],
      nist_800_53: ['SI.3'],
      tsc: ['CC6.8'],
      mitre: {
        id: ['T1105'],
        tactic: ['Command and Control'],
        technique: ['Ingress Tool Transfer'],
      },
    },
    decoder: { name: 'yara_decoder' },
    location: '/var/ossec/logs/active-responses.log',
    data: {
      YARA: {
        rule_name: ruleName,
        scanned_file: random.pick([
          '/tmp/.x/kworker',
          '/var/www/uploads/img.php',
          '/opt/app/bin/run',
        ]),
        rule_description: 'Known malware family',
        author: 'sample',
      },
    },
  };
};

const CVES = [
  { cve: 'CVE-2024-6387', package: 'openssh-server', severity: 'High', score: '8.1' },
  { cve: 'CVE-2023-4911', package: 'glibc', severity: 'High', score: '7.8' },
  { cve: 'CVE-2022-3602', package: 'openssl', severity: 'High', score: '7.5' },
  { cve: 'CVE-2021-44228', package: 'log4j', severity: 'Critical', score: '10.0' },
  { cve: 'CVE-2023-38545', package: 'curl', severity: 'Critical', score: '9.8' },
  { cve: 'CVE-2022-0778', package: 'openssl', severity: 'Medium', score: '5.9' },
  { cve: 'CVE-2020-14145', package: 'openssh-client', severity: 'Low', score: '3.7' },
];
const SEVERITY_LEVEL: Record<string, number> = { Low: 3, Medium: 7, High: 10, Critical: 13 };

/** Vulnerability detector: a package version with a known CVE. */
export const vulnerability: AlertKind = (random) => {
  const known = random.pick(CVES);
  const solved = random.next() < 0.15;
  return {
    rule: {
      id: solved ? '23502' : '23505',
      level: solved ? 3 : SEVERITY_LEVEL[known.severity],
      description: solved
        ? `${known.cve} affecting ${known.package} was solved.`
        : `${known.cve} affects ${known.package}.`,
      groups: ['vulnerability-detector'],
      pci_dss: ['11.2.1', '11.2.3'],
      gdpr: ['IV_35.7.d'],
      hipaa: ['164.312.b'],
      nist_800_53: ['RA.5'],
      tsc: ['CC7.1', 'CC7.2'],
    },
    decoder: { name: 'json' },
    location: 'vulnerability-detector',
    data: {
      vulnerability: {
        cve: known.cve,
        title: `${known.cve} affects ${known.package}`,
        severity: known.severity,
        status: solved ? 'Solved' : 'Active',
        cvss: { cvss3: { base_score: known.score } },
        package: {
          name: known.package,
          version: `${random.int(1, 9)}.${random.int(0, 20)}.${random.int(0, 9)}`,
          architecture: random.pick(['amd64', 'x86_64', 'arm64']),
          condition: 'Package less than fixed version',
        },
        reference: `https://nvd.nist.gov/vuln/detail/${known.cve}`,
        published: '2023-01-01T00:00:00Z',
        updated: '2024-01-01T00:00:00Z',
      },
    },
  };
};

const TECHNIQUES = [
  { id: 'T1059.004', tactic: 'Execution', technique: 'Unix Shell', level: 8 },
  { id: 'T1548.003', tactic: 'Privilege Escalation', technique: 'Sudo and Sudo Caching', level: 9 },
  { id: 'T1070.004', tactic: 'Defense Evasion', technique: 'File Deletion', level: 7 },
  { id: 'T1053.003', tactic: 'Persistence', technique: 'Cron', level: 8 },
  { id: 'T1021.004', tactic: 'Lateral Movement', technique: 'SSH', level: 6 },
  { id: 'T1105', tactic: 'Command and Control', technique: 'Ingress Tool Transfer', level: 12 },
  { id: 'T1486', tactic: 'Impact', technique: 'Data Encrypted for Impact', level: 15 },
  { id: 'T1046', tactic: 'Discovery', technique: 'Network Service Discovery', level: 6 },
];

/** Alerts tagged with MITRE ATT&CK techniques. */
export const mitre: AlertKind = (random, agent) => {
  const technique = random.pick(TECHNIQUES);
  return {
    rule: {
      id: String(92000 + TECHNIQUES.indexOf(technique)),
      level: technique.level,
      description: `${technique.technique} activity seen on ${agent.name}.`,
      groups: ['audit', 'mitre'],
      mitre: { id: [technique.id], tactic: [technique.tactic], technique: [technique.technique] },
      nist_800_53: ['SI.4'],
      tsc: ['CC7.2'],
    },
    decoder: { name: 'auditd' },
    location: '/var/log/audit/audit.log',
    data: {
      audit: {
        command: random.pick(['bash', 'sudo', 'crontab', 'wget', 'nmap', 'rm']),
        exe: random.pick(['/usr/bin/bash', '/usr/bin/sudo', '/usr/bin/wget']),
        uid: String(random.int(0, 1500)),
      },
    },
  };
};

/** Docker events: containers started, stopped, run privileged. */
export const docker: AlertKind = (random) => {
  const action = random.pick(['start', 'stop', 'create', 'exec_start', 'kill']);
  const privileged = action === 'exec_start' && random.next() < 0.5;
  return {
    rule: {
      id: privileged ? '87932' : '87924',
      level: privileged ? 10 : 3,
      description: privileged
        ? 'Docker: a command ran in a privileged container.'
        : `Docker: container ${action}.`,
      groups: ['docker'],
      pci_dss: ['10.6.1'],
      nist_800_53: ['AU.6'],
      tsc: ['CC7.2'],
    },
    decoder: { name: 'json' },
    location: 'Wazuh-Docker',
    data: {
      integration: 'docker',
      docker: {
        Action: action,
        Type: 'container',
        Actor: {
          Attributes: {
            image: random.pick(['nginx:1.25', 'redis:7', 'postgres:16', 'alpine:3.19']),
            name: `app_${random.hex(6)}`,
          },
        },
      },
    },
  };
};
