/**
 * Columns of CSV exports: the fixed agent columns and human titles for item fields, shared by the
 * server (which writes the header row) and the browser (which can show the same names).
 */

/** Columns of an agent export, in order (dotted paths reach into nested objects). */
export const AGENT_CSV_COLUMNS = [
  'id',
  'status',
  'name',
  'ip',
  'group',
  'manager',
  'node_name',
  'dateAdd',
  'version',
  'lastKeepAlive',
  'os.arch',
  'os.build',
  'os.codename',
  'os.major',
  'os.minor',
  'os.name',
  'os.platform',
  'os.uname',
  'os.version',
] as const;

/** Columns of a group files export (`/agents/groups/<group>/files`). */
export const GROUP_FILES_CSV_COLUMNS = ['filename', 'hash'] as const;

const TITLES: Record<string, string> = {
  id: 'ID',
  status: 'Status',
  name: 'Name',
  ip: 'IP address',
  registerIP: 'Registration IP',
  group: 'Group',
  groups: 'Groups',
  manager: 'Manager',
  node_name: 'Node',
  dateAdd: 'Registration date',
  version: 'Version',
  lastKeepAlive: 'Last keep alive',
  disconnection_time: 'Disconnection time',
  group_config_status: 'Group configuration status',
  configSum: 'Configuration checksum',
  mergedSum: 'Merged checksum',
  status_code: 'Status code',
  'os.arch': 'OS architecture',
  'os.build': 'OS build',
  'os.codename': 'OS codename',
  'os.major': 'OS major version',
  'os.minor': 'OS minor version',
  'os.name': 'OS name',
  'os.platform': 'OS platform',
  'os.uname': 'OS uname',
  'os.version': 'OS version',
  filename: 'File',
  relative_dirname: 'Path',
  hash: 'Checksum',
  size: 'Size',
  description: 'Description',
  level: 'Level',
  details: 'Details',
  pci_dss: 'PCI DSS',
  gpg13: 'GPG13',
  gdpr: 'GDPR',
  hipaa: 'HIPAA',
  nist_800_53: 'NIST 800-53',
  tsc: 'TSC',
  mitre: 'MITRE',
  os: 'OS',
  position: 'Position',
  policy_id: 'Policy ID',
  references: 'References',
  score: 'Score',
  pass: 'Passed',
  fail: 'Failed',
  invalid: 'Not applicable',
  total_checks: 'Total checks',
  start_scan: 'Scan start',
  end_scan: 'Scan end',
  title: 'Title',
  rationale: 'Rationale',
  remediation: 'Remediation',
  result: 'Result',
  count: 'Count',
  key: 'Key',
  value: 'Value',
};

function humanize(part: string): string {
  const text = part
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase())
    .join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Lower-cases the first letter of a title that continues another one, keeping acronyms (`ID`, `OS`). */
function continued(title: string): string {
  const first = title.split(' ')[0];
  return first === first.toUpperCase() ? title : title.charAt(0).toLowerCase() + title.slice(1);
}

/** `lastKeepAlive` → `Last keep alive`, `os.name` → `OS name`, `mitre.id` → `MITRE ID`. */
export function csvColumnTitle(column: string): string {
  const known = TITLES[column];
  if (known) return known;
  return column
    .split('.')
    .map((part, index) => {
      const title = TITLES[part] ?? humanize(part);
      return index === 0 ? title : continued(title);
    })
    .join(' ');
}
