/**
 * A small, real subset of the MITRE ATT&CK (Enterprise) catalogue as the managed API's MITRE
 * database serves it: the fourteen tactics and about fifty common techniques and sub-techniques,
 * with their real ids, names and tactics. Descriptions are short summaries written for this stand-in, not MITRE's text.
 * The internal ids (`x-mitre-tactic--…`, `attack-pattern--…`) are derived from the ATT&CK ids so
 * tactics and techniques can point at each other; they are not MITRE's own STIX ids.
 */
import { createHash } from 'node:crypto';

interface MitreReference {
  source: string;
  url: string;
  description: string;
}

export interface MitreTactic {
  id: string;
  name: string;
  description: string;
  short_name: string;
  external_id: string;
  source: string;
  url: string;
  created_time: string;
  modified_time: string;
  references: MitreReference[];
  /** Internal ids of its techniques. */
  techniques: string[];
}

export interface MitreTechnique {
  id: string;
  name: string;
  description: string;
  external_id: string;
  source: string;
  url: string;
  mitre_version: string;
  mitre_detection: string;
  network_requirements: number;
  remote_support: number;
  deprecated: number;
  created_time: string;
  modified_time: string;
  /** Internal ids of its tactics. */
  tactics: string[];
  mitigations: string[];
  software: string[];
  groups: string[];
  references: MitreReference[];
}

/** What the database says about itself (`GET /mitre/metadata`). */
export const MITRE_METADATA = [
  { key: 'db_version', value: '1' },
  { key: 'mitre_version', value: '16.1' },
];

/** A UUID-shaped id derived from an ATT&CK id, stable across runs. */
function derivedId(prefix: string, externalId: string): string {
  const hex = createHash('sha1').update(`svc-mitre:${externalId}`).digest('hex');
  return `${prefix}--${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

type TacticSpec = [externalId: string, name: string, shortName: string, description: string];

const TACTICS: TacticSpec[] = [
  ['TA0043', 'Reconnaissance', 'reconnaissance', 'The adversary gathers information about the target, such as its people, hosts and networks, to plan later steps.'],
  ['TA0042', 'Resource Development', 'resource-development', 'The adversary builds or acquires what an operation needs: infrastructure, accounts, tools and capabilities.'],
  ['TA0001', 'Initial Access', 'initial-access', 'The adversary gets a first foothold inside the network, for example through phishing or an exposed service.'],
  ['TA0002', 'Execution', 'execution', 'The adversary runs its own code on a local or remote system.'],
  ['TA0003', 'Persistence', 'persistence', 'The adversary keeps its access across restarts, changed credentials and other interruptions.'],
  ['TA0004', 'Privilege Escalation', 'privilege-escalation', 'The adversary gains higher permissions on a system or in a network.'],
  ['TA0005', 'Defense Evasion', 'defense-evasion', 'The adversary avoids being detected, hiding its tools and activity or disabling defenses.'],
  ['TA0006', 'Credential Access', 'credential-access', 'The adversary steals account names, passwords, keys or tokens.'],
  ['TA0007', 'Discovery', 'discovery', 'The adversary learns about the systems and network it has reached before deciding how to act.'],
  ['TA0008', 'Lateral Movement', 'lateral-movement', 'The adversary moves from the systems it controls to other systems of the network.'],
  ['TA0009', 'Collection', 'collection', 'The adversary gathers the data that serves its goal, before taking it out.'],
  ['TA0011', 'Command and Control', 'command-and-control', 'The adversary communicates with the systems it controls, often imitating normal traffic.'],
  ['TA0010', 'Exfiltration', 'exfiltration', 'The adversary takes data out of the network.'],
  ['TA0040', 'Impact', 'impact', 'The adversary disrupts availability or integrity: destroying, encrypting or manipulating systems and data.'],
];

type TechniqueSpec = [externalId: string, name: string, tactics: string[], description: string];

const TECHNIQUES: TechniqueSpec[] = [
  ['T1595', 'Active Scanning', ['reconnaissance'], 'Probing victim infrastructure over the network to find hosts, open ports and weaknesses.'],
  ['T1592', 'Gather Victim Host Information', ['reconnaissance'], 'Learning about victim hosts: hardware, software, configuration and defenses.'],
  ['T1590', 'Gather Victim Network Information', ['reconnaissance'], 'Learning about victim networks: address ranges, domain names, topology.'],
  ['T1583', 'Acquire Infrastructure', ['resource-development'], 'Buying or renting servers, domains and services to use during an operation.'],
  ['T1587', 'Develop Capabilities', ['resource-development'], 'Building malware, exploits or certificates in house.'],
  ['T1588', 'Obtain Capabilities', ['resource-development'], 'Buying, downloading or stealing tools, exploits and certificates.'],
  ['T1190', 'Exploit Public-Facing Application', ['initial-access'], 'Abusing a flaw in an Internet-facing program, such as a web server or database, to get in.'],
  ['T1133', 'External Remote Services', ['initial-access', 'persistence'], 'Using VPNs, remote desktop gateways and similar services to enter and stay in a network.'],
  ['T1566', 'Phishing', ['initial-access'], 'Sending deceptive messages with malicious attachments or links to gain access.'],
  ['T1078', 'Valid Accounts', ['initial-access', 'persistence', 'privilege-escalation', 'defense-evasion'], 'Signing in with the credentials of existing accounts.'],
  ['T1059', 'Command and Scripting Interpreter', ['execution'], 'Running commands and scripts through shells and interpreters such as PowerShell, bash or Python.'],
  ['T1053', 'Scheduled Task/Job', ['execution', 'persistence', 'privilege-escalation'], 'Using cron, at or the Windows task scheduler to run code at chosen times.'],
  ['T1204', 'User Execution', ['execution'], 'Relying on a user opening a file or following a link to run malicious code.'],
  ['T1098', 'Account Manipulation', ['persistence', 'privilege-escalation'], 'Changing accounts, their credentials or their permissions to keep access.'],
  ['T1136', 'Create Account', ['persistence'], 'Creating local, domain or cloud accounts to come back later.'],
  ['T1543', 'Create or Modify System Process', ['persistence', 'privilege-escalation'], 'Installing or changing services and daemons that start with the system.'],
  ['T1547', 'Boot or Logon Autostart Execution', ['persistence', 'privilege-escalation'], 'Making programs start at boot or sign-in through autostart settings.'],
  ['T1548', 'Abuse Elevation Control Mechanism', ['privilege-escalation', 'defense-evasion'], 'Bypassing sudo, setuid or user account control to run with higher rights.'],
  ['T1068', 'Exploitation for Privilege Escalation', ['privilege-escalation'], 'Exploiting a software flaw to gain higher permissions.'],
  ['T1070', 'Indicator Removal', ['defense-evasion'], 'Deleting or altering logs, files and other traces of the intrusion.'],
  ['T1562', 'Impair Defenses', ['defense-evasion'], 'Disabling or changing security tools, logging and firewalls.'],
  ['T1222', 'File and Directory Permissions Modification', ['defense-evasion'], 'Changing file permissions or ownership to reach protected files.'],
  ['T1036', 'Masquerading', ['defense-evasion'], 'Giving malicious files and processes names or locations that look legitimate.'],
  ['T1110', 'Brute Force', ['credential-access'], 'Guessing passwords, or trying known ones, against accounts until one works.'],
  ['T1003', 'OS Credential Dumping', ['credential-access'], 'Extracting password hashes and credentials from the operating system.'],
  ['T1552', 'Unsecured Credentials', ['credential-access'], 'Finding passwords and keys stored insecurely in files, history or registries.'],
  ['T1087', 'Account Discovery', ['discovery'], 'Listing local, domain or cloud accounts.'],
  ['T1083', 'File and Directory Discovery', ['discovery'], 'Listing files and directories to find information of interest.'],
  ['T1046', 'Network Service Discovery', ['discovery'], 'Listing the services running on remote hosts, for example by port scanning.'],
  ['T1082', 'System Information Discovery', ['discovery'], 'Learning the operating system, version, hardware and configuration of a host.'],
  ['T1021', 'Remote Services', ['lateral-movement'], 'Using SSH, RDP, SMB and similar services with valid accounts to reach other hosts.'],
  ['T1570', 'Lateral Tool Transfer', ['lateral-movement'], 'Copying tools and files between systems inside the network.'],
  ['T1005', 'Data from Local System', ['collection'], 'Searching local file systems and databases for data to take.'],
  ['T1114', 'Email Collection', ['collection'], 'Reading mailboxes and mail servers for sensitive messages.'],
  ['T1071', 'Application Layer Protocol', ['command-and-control'], 'Hiding command traffic in common protocols such as HTTP, DNS or mail.'],
  ['T1105', 'Ingress Tool Transfer', ['command-and-control'], 'Bringing tools and files from outside into the compromised environment.'],
  ['T1572', 'Protocol Tunneling', ['command-and-control'], 'Wrapping traffic inside another protocol to pass filters unseen.'],
  ['T1041', 'Exfiltration Over C2 Channel', ['exfiltration'], 'Sending stolen data out over the existing command and control channel.'],
  ['T1048', 'Exfiltration Over Alternative Protocol', ['exfiltration'], 'Sending stolen data out over a protocol other than the command channel.'],
  ['T1485', 'Data Destruction', ['impact'], 'Destroying data and files to disrupt systems and services.'],
  ['T1486', 'Data Encrypted for Impact', ['impact'], 'Encrypting data to make it unavailable, as ransomware does.'],
  ['T1489', 'Service Stop', ['impact'], 'Stopping or disabling services so they are unavailable.'],
  ['T1499', 'Endpoint Denial of Service', ['impact'], 'Exhausting the resources of a host or service to make it unavailable.'],
  ['T1565', 'Data Manipulation', ['impact'], 'Inserting, deleting or changing data to influence outcomes or hide activity.'],
];

/**
 * Sub-techniques the demo's sample alerts name (the managed API's database lists sub-techniques as
 * techniques of their own, with their parent's tactics or some of them).
 */
const SUB_TECHNIQUES: TechniqueSpec[] = [
  ['T1203', 'Exploitation for Client Execution', ['execution'], 'Exploiting a flaw in a client program, such as a browser or office suite, to run code.'],
  ['T1059.004', 'Unix Shell', ['execution'], 'Running commands and scripts through a Unix shell such as sh or bash.'],
  ['T1053.003', 'Cron', ['execution', 'persistence', 'privilege-escalation'], 'Scheduling commands with cron to run them repeatedly or at start.'],
  ['T1548.003', 'Sudo and Sudo Caching', ['privilege-escalation', 'defense-evasion'], 'Abusing sudo rules or its cached credentials to run commands as another user.'],
  ['T1070.004', 'File Deletion', ['defense-evasion'], 'Deleting the files an intrusion left behind: tools, output and logs.'],
  ['T1021.004', 'SSH', ['lateral-movement'], 'Signing in to other hosts over SSH with valid accounts or keys.'],
  ['T1565.001', 'Stored Data Manipulation', ['impact'], 'Changing data at rest, in files or databases, to mislead or disrupt.'],
];

const CREATED = '2018-10-17T00:14:20.652000Z';
const MODIFIED = '2024-10-15T16:40:52.174000Z';

function attackUrl(kind: 'tactics' | 'techniques', externalId: string): string {
  return `https://attack.mitre.org/${kind}/${externalId}`;
}

export interface MitreCatalogue {
  tactics: MitreTactic[];
  techniques: MitreTechnique[];
}

/** The catalogue with each tactic listing its techniques and each technique its tactics. */
export function buildMitreCatalogue(): MitreCatalogue {
  const tacticIdByShortName = new Map(
    TACTICS.map(([externalId, , shortName]) => [shortName, derivedId('x-mitre-tactic', externalId)]),
  );
  const techniques: MitreTechnique[] = [...TECHNIQUES, ...SUB_TECHNIQUES].map(([externalId, name, tactics, description]) => ({
    id: derivedId('attack-pattern', externalId),
    name,
    description,
    external_id: externalId,
    source: 'mitre-attack',
    url: attackUrl('techniques', externalId),
    mitre_version: '1.0',
    mitre_detection: `Watch for the activity "${name}" describes in process, authentication and network logs.`,
    network_requirements: 0,
    remote_support: 0,
    deprecated: 0,
    created_time: CREATED,
    modified_time: MODIFIED,
    tactics: tactics.map((shortName) => tacticIdByShortName.get(shortName) as string),
    mitigations: [],
    software: [],
    groups: [],
    references: [
      { source: 'mitre-attack', url: attackUrl('techniques', externalId), description: `${externalId} on the ATT&CK website.` },
    ],
  }));
  const tactics: MitreTactic[] = TACTICS.map(([externalId, name, shortName, description]) => {
    const id = derivedId('x-mitre-tactic', externalId);
    return {
      id,
      name,
      description,
      short_name: shortName,
      external_id: externalId,
      source: 'mitre-attack',
      url: attackUrl('tactics', externalId),
      created_time: CREATED,
      modified_time: MODIFIED,
      references: [],
      techniques: techniques.filter((technique) => technique.tactics.includes(id)).map((technique) => technique.id),
    };
  });
  return { tactics, techniques };
}
