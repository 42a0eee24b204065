/**
 * The generated ruleset: a few hundred detection rules in files named like a real manager's, and the
 * decoders that feed them. Built once per simulator from its seed (a few hundred small objects).
 */
import { sequence } from './random';

export interface RuleItem {
  filename: string;
  relative_dirname: string;
  id: number;
  level: number;
  status: 'enabled' | 'disabled';
  details: Record<string, unknown>;
  pci_dss: string[];
  gpg13: string[];
  gdpr: string[];
  hipaa: string[];
  nist_800_53: string[];
  tsc: string[];
  mitre: string[];
  groups: string[];
  description: string;
}

export interface RulesetFileItem {
  filename: string;
  relative_dirname: string;
  status: 'enabled' | 'disabled';
}

export interface DecoderItem {
  filename: string;
  relative_dirname: string;
  status: 'enabled' | 'disabled';
  name: string;
  position: number;
  details: Record<string, unknown>;
}

/** A rule's real id and conditions, where the ruleset test must match real log lines. */
interface RuleOptions {
  id: number;
  /** The `<match>` pattern (alternatives split by `|`). */
  match?: string;
  /** Parent rules, comma-separated; the file's first rule by default. */
  ifSid?: string;
}

interface RuleFileSpec {
  file: string;
  firstId: number;
  groups: string[];
  /** What the rules of the file detect; each becomes one rule, with a level hint. */
  events: Array<[description: string, level: number, options?: RuleOptions]>;
  program?: string;
  disabled?: boolean;
}

const RULE_FILES: RuleFileSpec[] = [
  {
    file: '0015-ossec_rules.xml',
    firstId: 500,
    groups: ['ossec'],
    events: [
      ['Manager started', 3],
      ['Agent started', 3],
      ['Agent disconnected', 3],
      ['Agent event queue is full, events may be lost', 7],
      ['Integrity checksum of a monitored file changed', 7],
      ['New file added to the monitored system', 5],
      ['File deleted from the monitored system', 7],
      ['Listened ports status changed', 7],
      ['Host-based anomaly detection event', 7],
      ['Agent buffer is flooded', 9],
    ],
  },
  {
    file: '0020-syslog_rules.xml',
    firstId: 1001,
    groups: ['syslog', 'errors'],
    events: [
      ['File system full', 9],
      ['Memory allocation failure', 10],
      ['Segmentation fault in a running process', 8],
      ['Kernel out of memory killer invoked', 10],
      ['Hardware error reported by the kernel', 12],
      ['System rebooted', 5],
      ['Time of the system changed', 4],
      ['Process crashed and dumped core', 8],
    ],
  },
  {
    file: '0040-auditd_rules.xml',
    firstId: 80700,
    groups: ['audit'],
    events: [
      ['Audit: configuration changed', 3],
      ['Audit: watched file accessed', 3],
      ['Audit: watched directory written', 5],
      ['Audit: command run with elevated privileges', 5],
      ['Audit: SELinux permission denied', 6],
      ['Audit: user account created', 8],
      ['Audit: user account removed', 8],
    ],
  },
  {
    file: '0085-pam_rules.xml',
    firstId: 5501,
    groups: ['pam', 'syslog'],
    program: 'pam',
    events: [
      ['PAM: login session opened', 3],
      ['PAM: login session closed', 3],
      ['PAM: user login failed', 5],
      ['PAM: multiple failed logins in a short period', 10],
      ['PAM: account locked after failed attempts', 8],
    ],
  },
  {
    file: '0095-sshd_rules.xml',
    firstId: 5700,
    groups: ['syslog', 'sshd'],
    program: 'sshd',
    events: [
      ['sshd: messages grouped', 0, { id: 5700 }],
      [
        'sshd: possible attack on the SSH server',
        8,
        { id: 5701, match: 'Bad protocol version identification' },
      ],
      [
        'sshd: reverse lookup of the client failed',
        4,
        { id: 5702, match: 'reverse mapping checking getaddrinfo|REVERSE MAPPING' },
      ],
      [
        'sshd: insecure connection attempt (scan)',
        6,
        { id: 5706, match: 'Did not receive identification string from' },
      ],
      [
        'sshd: attempt to login using a non-existent user',
        5,
        { id: 5710, match: 'illegal user|invalid user' },
      ],
      ['sshd: brute force trying to get access to the system', 10, { id: 5712 }],
      ['sshd: corrupted bytes on SSH packet', 8, { id: 5713, match: 'Corrupted check bytes on' }],
      ['sshd: authentication success', 3, { id: 5715, match: '^Accepted|authenticated.$' }],
      [
        'sshd: authentication failed',
        5,
        { id: 5716, match: '^Failed|^error: PAM: Authentication' },
      ],
      ['sshd: root login refused', 8, { id: 5736, match: 'ROOT LOGIN REFUSED' }],
      ['sshd: connection closed by the client', 2, { id: 5741, match: 'Connection closed by' }],
      [
        'sshd: authentication failed with a password',
        5,
        { id: 5760, match: 'Failed password|Failed keyboard|authentication error', ifSid: '5700,5716' },
      ],
    ],
  },
  {
    file: '0100-sudo_rules.xml',
    firstId: 5400,
    groups: ['syslog', 'sudo'],
    program: 'sudo',
    events: [
      ['sudo: command run as root', 3],
      ['sudo: first time a user ran sudo', 4],
      ['sudo: three failed attempts to run sudo', 10],
      ['sudo: user not in sudoers file', 5],
    ],
  },
  {
    file: '0215-policy_rules.xml',
    firstId: 17101,
    groups: ['policy_violation'],
    events: [
      ['Login outside of business hours', 9],
      ['Login during the weekend', 9],
      ['Administrator account used outside of business hours', 10],
    ],
  },
  {
    file: '0220-msauth_rules.xml',
    firstId: 18100,
    groups: ['windows', 'authentication'],
    events: [
      ['Windows: logon success', 3],
      ['Windows: logon failure, unknown user or bad password', 5],
      ['Windows: account locked out', 8],
      ['Windows: explicit credentials used for logon', 4],
      ['Windows: special privileges assigned to a new logon', 3],
      ['Windows: user account created', 8],
      ['Windows: user account enabled', 8],
      ['Windows: password reset attempted', 8],
      ['Windows: security log cleared', 9],
      ['Windows: multiple logon failures', 10],
    ],
  },
  {
    file: '0230-ms_se_rules.xml',
    firstId: 18200,
    groups: ['windows', 'system'],
    events: [
      ['Windows: service installed', 5],
      ['Windows: service stopped unexpectedly', 5],
      ['Windows: audit policy changed', 8],
      ['Windows: system time changed', 4],
      ['Windows: scheduled task created', 5],
    ],
  },
  {
    file: '0245-web_rules.xml',
    firstId: 31100,
    groups: ['web', 'accesslog'],
    events: [
      ['Web server 400 error code', 5],
      ['Web server 500 error code (internal error)', 5],
      ['Common web attack', 6],
      ['SQL injection attempt', 7],
      ['XSS (cross-site scripting) attempt', 6],
      ['Path traversal attempt', 6],
      ['Multiple web server 400 error codes from the same source', 10],
      ['Shellshock attack attempt', 15],
      ['Access to a known web shell path', 12],
    ],
  },
  {
    file: '0250-apache_rules.xml',
    firstId: 30100,
    groups: ['apache', 'web'],
    program: 'apache',
    events: [
      ['Apache: error message', 4],
      ['Apache: attempt to access a forbidden directory', 5],
      ['Apache: invalid URI (bad client request)', 5],
      ['Apache: server restarted', 3],
    ],
  },
  {
    file: '0260-nginx_rules.xml',
    firstId: 31300,
    groups: ['nginx', 'web'],
    program: 'nginx',
    events: [
      ['Nginx: error message', 4],
      ['Nginx: client denied by configuration', 5],
      ['Nginx: upstream timed out', 5],
      ['Nginx: critical error', 8],
    ],
  },
  {
    file: '0280-attack_rules.xml',
    firstId: 40101,
    groups: ['attack'],
    events: [
      ['System user successfully logged in to the system', 12],
      ['Possible buffer overflow attempt', 12],
      ['Port scan from a single source', 10],
      ['Host information leak', 8],
    ],
  },
  {
    file: '0310-mysql_rules.xml',
    firstId: 50100,
    groups: ['mysql_log'],
    program: 'mysqld',
    events: [
      ['MySQL: authentication failure', 9],
      ['MySQL: database startup', 3],
      ['MySQL: database shutdown', 5],
      ['MySQL: fatal error', 10],
    ],
  },
  {
    file: '0320-postgresql_rules.xml',
    firstId: 50500,
    groups: ['postgresql_log'],
    program: 'postgres',
    events: [
      ['PostgreSQL: authentication failed', 5],
      ['PostgreSQL: database shut down', 5],
      ['PostgreSQL: query error', 4],
    ],
  },
  {
    file: '0350-firewall_rules.xml',
    firstId: 4100,
    groups: ['firewall'],
    events: [
      ['Firewall: connection dropped', 3],
      ['Firewall: multiple drops from the same source', 10],
      ['Firewall: rule set changed', 8],
    ],
  },
  {
    file: '0420-docker_rules.xml',
    firstId: 87900,
    groups: ['docker'],
    events: [
      ['Docker: container started', 3],
      ['Docker: container stopped', 3],
      ['Docker: container created with privileged mode', 10],
      ['Docker: image pulled', 3],
      ['Docker: container exec session started', 6],
    ],
  },
  {
    file: '0500-rootcheck_rules.xml',
    firstId: 531,
    groups: ['rootcheck'],
    events: [
      ['Host-based anomaly: trojaned file detected', 12],
      ['Host-based anomaly: hidden process found', 10],
      ['Host-based anomaly: suspicious port open', 7],
    ],
  },
  {
    file: '0520-vulnerability-detector_rules.xml',
    firstId: 23501,
    groups: ['vulnerability-detector'],
    events: [
      ['Vulnerability with low severity detected', 3],
      ['Vulnerability with medium severity detected', 7],
      ['Vulnerability with high severity detected', 10],
      ['Vulnerability with critical severity detected', 13],
      ['Vulnerability solved', 3],
    ],
  },
  {
    file: '0530-sca_rules.xml',
    firstId: 19000,
    groups: ['sca'],
    events: [
      ['SCA: policy scan started', 3],
      ['SCA: policy scan finished with a score below the threshold', 7],
      ['SCA: check passed', 3],
      ['SCA: check failed', 7],
      ['SCA: check status changed', 5],
    ],
  },
  {
    file: '0570-sysmon_rules.xml',
    firstId: 61600,
    groups: ['windows', 'sysmon'],
    events: [
      ['Sysmon: process creation', 3],
      ['Sysmon: network connection', 3],
      ['Sysmon: driver loaded', 4],
      ['Sysmon: image loaded by a suspicious process', 8],
      ['Sysmon: remote thread created', 10],
      ['Sysmon: raw disk access', 9],
      ['Sysmon: process accessed lsass memory', 12],
    ],
  },
  {
    file: '0580-aws_rules.xml',
    firstId: 80200,
    groups: ['aws'],
    events: [
      ['AWS: console login success', 3],
      ['AWS: console login failure', 5],
      ['AWS: root account used', 10],
      ['AWS: security group changed', 8],
      ['AWS: bucket policy changed', 8],
    ],
  },
  {
    file: '0600-office365_rules.xml',
    firstId: 91500,
    groups: ['office365'],
    disabled: true,
    events: [
      ['Office 365: user logged in', 3],
      ['Office 365: mailbox forwarding rule created', 9],
      ['Office 365: admin role assigned', 10],
    ],
  },
  {
    file: 'local_rules.xml',
    firstId: 100001,
    groups: ['local'],
    events: [
      ['Local: failed login on the payment gateway', 10],
      ['Local: configuration file of the payment service changed', 12],
    ],
  },
];

const PCI = ['10.2.4', '10.2.5', '10.6.1', '11.4', '11.5', '2.2', '6.5', '8.1.5'];
const GPG13 = ['4.1', '4.3', '7.1', '7.8', '10.1'];
const GDPR = ['IV_35.7.d', 'IV_32.2', 'II_5.1.f', 'IV_30.1.g'];
const HIPAA = ['164.312.b', '164.312.c.1', '164.312.d'];
const NIST = ['AU.14', 'AC.7', 'AU.6', 'SI.4', 'CM.3', 'SC.7'];
const TSC = ['CC6.1', 'CC6.8', 'CC7.2', 'CC7.3', 'CC8.1'];
const MITRE = ['T1110', 'T1078', 'T1190', 'T1059', 'T1098', 'T1136', 'T1070', 'T1021', 'T1548'];

export interface Ruleset {
  rules: RuleItem[];
  ruleFiles: RulesetFileItem[];
  decoders: DecoderItem[];
  decoderFiles: RulesetFileItem[];
}

function some(random: () => number, list: readonly string[], chance: number): string[] {
  if (random() >= chance) return [];
  const first = Math.floor(random() * list.length);
  return random() < 0.5 ? [list[first]] : [list[first], list[(first + 1) % list.length]];
}

function dirname(file: string, kind: 'rules' | 'decoders'): string {
  return file.startsWith('local_') ? `etc/${kind}` : `ruleset/${kind}`;
}

function buildRules(random: () => number): RuleItem[] {
  return RULE_FILES.flatMap((spec) =>
    spec.events.map(([description, level, options], index) => {
      const id = options?.id ?? spec.firstId + index * 2;
      const details: Record<string, unknown> =
        index === 0 ? {} : { if_sid: options?.ifSid ?? String(spec.firstId) };
      if (spec.program && index === 0) details.decoded_as = spec.program;
      if (index > 0)
        details.match = {
          pattern: options?.match ?? description.split(': ').pop()?.toLowerCase() ?? description,
        };
      if (level >= 10 && index > 0) Object.assign(details, { frequency: '8', timeframe: '120' });
      return {
        filename: spec.file,
        relative_dirname: dirname(spec.file, 'rules'),
        id,
        level,
        status: spec.disabled ? 'disabled' : 'enabled',
        details,
        pci_dss: some(random, PCI, 0.5),
        gpg13: some(random, GPG13, 0.3),
        gdpr: some(random, GDPR, 0.4),
        hipaa: some(random, HIPAA, 0.35),
        nist_800_53: some(random, NIST, 0.5),
        tsc: some(random, TSC, 0.45),
        mitre: level >= 5 ? some(random, MITRE, 0.6) : [],
        groups: [...spec.groups, ...(level >= 10 ? ['attack'] : level >= 5 && /fail/i.test(description) ? ['authentication_failed'] : [])],
        description,
      };
    }),
  );
}

/** Additional numbered rules per file so the ruleset reaches a realistic size (a few hundred). */
function buildVariants(random: () => number, base: RuleItem[]): RuleItem[] {
  const variants: RuleItem[] = [];
  for (const rule of base) {
    if (rule.level === 0) continue;
    const copies = 1 + Math.floor(random() * 3);
    for (let copy = 1; copy <= copies; copy++) {
      variants.push({
        ...rule,
        id: rule.id + copy * 1000 + 1,
        level: Math.min(15, rule.level + copy),
        details: { if_sid: String(rule.id), same_source_ip: '', frequency: String(4 + copy * 2), timeframe: String(60 * copy) },
        description: `${rule.description} (repeated ${4 + copy * 2} times)`,
        groups: [...rule.groups.filter((group) => group !== 'attack'), 'correlation'],
      });
    }
  }
  return variants;
}

interface DecoderFileSpec {
  file: string;
  decoders: Array<{ name: string; details: Record<string, unknown> }>;
}

const DECODER_FILES: DecoderFileSpec[] = [
  {
    file: '0005-wazuh_decoders.xml',
    decoders: [
      { name: 'wazuh', details: { prematch: { pattern: '^wazuh: ' } } },
      { name: 'agent-buffer', details: { parent: 'wazuh', prematch: { pattern: '^Agent buffer:', offset: 'after_parent' }, regex: { pattern: "^ '(\\S+)'.", offset: 'after_prematch' }, order: 'level' } },
      { name: 'agent-upgrade', details: { parent: 'wazuh', prematch: { pattern: '^Upgrade procedure', offset: 'after_parent' }, order: 'status' } },
    ],
  },
  {
    file: '0025-apache_decoders.xml',
    decoders: [
      { name: 'apache-errorlog', details: { program_name: { pattern: '^apache2|^httpd' } } },
      { name: 'apache-errorlog', details: { parent: 'apache-errorlog', regex: { pattern: '\\[client (\\S+):(\\d+)\\]', offset: 'after_parent' }, order: 'srcip, srcport' } },
    ],
  },
  {
    file: '0100-fortigate_decoders.xml',
    decoders: [{ name: 'fortigate-firewall', details: { prematch: { pattern: '^date=\\d+-\\d+-\\d+ time=' }, order: 'action, srcip, dstip' } }],
  },
  {
    file: '0200-mysql_decoders.xml',
    decoders: [{ name: 'mysql_log', details: { prematch: { pattern: '^MySQL log:' }, regex: { pattern: 'user (\\S+)' }, order: 'srcuser' } }],
  },
  {
    file: '0240-nginx_decoders.xml',
    decoders: [
      { name: 'nginx-errorlog', details: { prematch: { pattern: '^\\d+/\\d+/\\d+ \\d+:\\d+:\\d+ \\[' } } },
      { name: 'nginx-errorlog', details: { parent: 'nginx-errorlog', regex: { pattern: 'client: (\\S+),', offset: 'after_parent' }, order: 'srcip' } },
    ],
  },
  {
    file: '0290-pam_decoders.xml',
    decoders: [
      { name: 'pam', details: { program_name: { pattern: '^pam|^\\(pam_unix\\)' } } },
      { name: 'pam-fields', details: { parent: 'pam', regex: { pattern: 'user=(\\S+)', offset: 'after_parent' }, order: 'dstuser' } },
    ],
  },
  {
    file: '0310-ssh_decoders.xml',
    decoders: [
      { name: 'sshd', details: { program_name: { pattern: '^sshd' } } },
      { name: 'sshd-success', details: { parent: 'sshd', prematch: { pattern: '^Accepted' }, regex: { pattern: '^ \\S+ for (\\S+) from (\\S+) port (\\S+)', offset: 'after_prematch' }, order: 'user, srcip, srcport' } },
      { name: 'ssh-invalid-user', details: { parent: 'sshd', prematch: { pattern: '^Invalid user|^Illegal user' }, regex: { pattern: ' from (\\S+)', offset: 'after_prematch' }, order: 'srcip' } },
      { name: 'ssh-failed', details: { parent: 'sshd', prematch: { pattern: '^Failed \\S+ ' }, regex: { pattern: '^for (\\S+) from (\\S+) port (\\d+)', offset: 'after_prematch' }, order: 'user, srcip, srcport' } },
    ],
  },
  {
    file: '0340-sudo_decoders.xml',
    decoders: [
      { name: 'sudo', details: { program_name: { pattern: '^sudo' } } },
      { name: 'sudo-fields', details: { parent: 'sudo', regex: { pattern: '^\\s*(\\S+)\\s*: TTY=(\\S+) ; PWD=(\\S+) ; USER=(\\S+) ; COMMAND=(\\.+)$' }, order: 'srcuser, tty, pwd, dstuser, command' } },
    ],
  },
  {
    file: '0380-windows_decoders.xml',
    decoders: [
      { name: 'windows_eventchannel', details: { prematch: { pattern: '^{\\s*"' }, plugin_decoder: 'JSON_Decoder' } },
      { name: 'windows', details: { type: 'windows', prematch: { pattern: '^WinEvtLog: ' } } },
    ],
  },
  {
    file: '0420-docker_decoders.xml',
    decoders: [{ name: 'docker', details: { prematch: { pattern: '^{"status":' }, plugin_decoder: 'JSON_Decoder' } }],
  },
  {
    file: 'local_decoder.xml',
    decoders: [{ name: 'payment-gateway', details: { program_name: { pattern: '^paygw' }, regex: { pattern: 'client=(\\S+) result=(\\S+)' }, order: 'srcip, status' } }],
  },
];

export function buildRuleset(seed: number): Ruleset {
  const random = sequence(seed ^ 0x2ae1);
  const base = buildRules(random);
  const byId = new Map<number, RuleItem>();
  for (const rule of [...base, ...buildVariants(random, base)]) if (!byId.has(rule.id)) byId.set(rule.id, rule);
  const rules = [...byId.values()].sort((a, b) => a.id - b.id);
  const ruleFiles = RULE_FILES.map((spec) => ({
    filename: spec.file,
    relative_dirname: dirname(spec.file, 'rules'),
    status: spec.disabled ? ('disabled' as const) : ('enabled' as const),
  })).sort((a, b) => (a.filename < b.filename ? -1 : 1));
  const decoders = DECODER_FILES.flatMap((spec) =>
    spec.decoders.map((decoder, position) => ({
      filename: spec.file,
      relative_dirname: dirname(spec.file, 'decoders'),
      status: 'enabled' as const,
      name: decoder.name,
      position,
      details: decoder.details,
    })),
  );
  const decoderFiles = DECODER_FILES.map((spec) => ({
    filename: spec.file,
    relative_dirname: dirname(spec.file, 'decoders'),
    status: 'enabled' as const,
  }));
  return { rules, ruleFiles, decoders, decoderFiles };
}
