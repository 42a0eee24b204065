// Every module's definition, and an agent's Security events, against one table of the original's
// facts (Wazuh dashboard v4.14.7; the comment on each entry names the alerts-facts sections it
// follows). Where the fact sheet says nothing (most KPI rows, the report tables, the cloud modules'
// panels) an entry holds this product's own choice, so that a definition changes only on purpose.
// Tested elsewhere: that each definition is a request the server accepts, through its chart
// planner (server/services/alerts/search/view-definitions.test.ts); that a report's chart ids
// never collide (server/services/reports/report-content.test.ts); the catalogue's helpers
// (index.test.ts).
import type { AlertsChartRequest, AlertsFilter } from '../alerts/api';
import { MODULES, moduleById } from './index';
import { COMPLIANCE_STANDARDS, agentSecurityEvents } from './security-events';
import type { AlertsViewDefinition, ModuleDefinition, ModuleKpi } from './types';

/**
 * A chart: `field size` (its top values) or `over time` (a date histogram of the time range), then
 * `by field size` when split, e.g. `agent.name 5 by rule.gdpr 5`.
 */
type Chart = string;

interface ViewFacts {
  id: string;
  title: string;
  filters: AlertsFilter[];
  /** The dataset the dashboard reads, when not the alerts. */
  source?: 'vulnerabilities';
  /** A title alone counts the selection; `[title, filters]` counts what also matches them. */
  kpis: Array<string | [title: string, filters: AlertsFilter[]]>;
  /** `title | kind | chart`. */
  panels: string[];
  /** The same, with a pinned agent; `UNPINNED` stands for all of `panels`. */
  agentPanels: string[];
  /** The report's tables: `title | chart`. */
  report: string[];
}

interface ModuleFacts extends ViewFacts {
  category: ModuleDefinition['category'];
  order: number;
  /** The Events table's default columns, space-separated; likewise the tabs. */
  columns: string;
  tabs: string;
  controls?: { standard: string; field: string; chart: Chart };
  framework?: { tactics: Chart; techniques: Chart };
}

const UNPINNED = 'the panels without a pinned agent';
const TOP_RULES = 'Top rules by level | rule.description 15 by rule.level 2';

/** The compliance modules share one shape: alerts whose rule maps to a requirement (§1c, §7). */
function compliance(id: string, title: string, field: string, order: number): ModuleFacts {
  return {
    id,
    title,
    category: 'security-operations',
    order,
    filters: [{ type: 'exists', field }],
    columns: `timestamp agent.name ${field} rule.description rule.level rule.id`,
    tabs: 'dashboard controls events',
    kpis: ['Total'],
    panels: [
      `Top 10 ${title} requirements over time | bar | over time by ${field} 10`,
      'Top 10 agents by alerts count | pie | agent.name 10',
      `Top requirements | donut | ${field} 10`,
      `Requirements by agent | bar | agent.name 5 by ${field} 5`,
      'Top 5 rule groups | pie | rule.groups 5',
      'Top 5 rules | pie | rule.description 5',
    ],
    agentPanels: [
      `Top 10 ${title} requirements over time | bar | over time by ${field} 10`,
      `Top requirements | donut | ${field} 10`,
      `Requirements by rule level | bar | ${field} 5 by rule.level 5`,
      'Top 5 rule groups | pie | rule.groups 5',
      'Top 5 rules | pie | rule.description 5',
    ],
    report: [
      `Top requirements and their rules | ${field} 10 by rule.description 3`,
      `Agents by requirement | agent.name 10 by ${field} 3`,
      TOP_RULES,
    ],
    controls: { standard: title, field, chart: `${field} 100 by rule.description 5` },
  };
}

const FACTS: Array<ModuleFacts | ViewFacts> = [
  // §1c (selector, tabs, order). The SCA dashboard is not in the fact sheet: its KPIs and panels
  // are this product's.
  {
    id: 'configuration-assessment',
    title: 'Configuration Assessment',
    category: 'endpoint-security',
    order: 200,
    filters: [{ type: 'is', field: 'rule.groups', value: 'sca' }],
    columns:
      'timestamp agent.name data.sca.policy data.sca.check.title data.sca.check.result rule.description rule.level rule.id',
    tabs: 'dashboard inventory events',
    kpis: [
      'Total',
      ['Passed', [{ type: 'is', field: 'data.sca.check.result', value: 'passed' }]],
      ['Failed', [{ type: 'is', field: 'data.sca.check.result', value: 'failed' }]],
      ['Not applicable', [{ type: 'is', field: 'data.sca.check.result', value: 'not applicable' }]],
    ],
    panels: [
      'Check results over time | area | over time by data.sca.check.result 3',
      'Results | donut | data.sca.check.result 3',
      'Top 5 policies | pie | data.sca.policy 5',
      'Top 5 agents | pie | agent.name 5',
      'Top checks | table | data.sca.check.title 10 by data.sca.check.result 3',
    ],
    agentPanels: [
      'Check results over time | area | over time by data.sca.check.result 3',
      'Results | donut | data.sca.check.result 3',
      'Policies by result | bar | data.sca.policy 5 by data.sca.check.result 3',
      'Top checks | table | data.sca.check.title 10 by data.sca.check.result 3',
    ],
    report: [
      'Checks by result | data.sca.check.title 15 by data.sca.check.result 3',
      'Agents by result | agent.name 10 by data.sca.check.result 3',
    ],
  },
  // §1c (rootcheck, VirusTotal, YARA), §7 (pm: top rootkits).
  {
    id: 'malware-detection',
    title: 'Malware Detection',
    category: 'endpoint-security',
    order: 201,
    filters: [
      { type: 'is_one_of', field: 'rule.groups', values: ['rootcheck', 'virustotal', 'yara'] },
    ],
    columns: 'timestamp agent.name rule.groups rule.description rule.level rule.id',
    tabs: 'dashboard events',
    kpis: [
      'Total',
      ['Rootcheck', [{ type: 'is', field: 'rule.groups', value: 'rootcheck' }]],
      ['VirusTotal', [{ type: 'is', field: 'rule.groups', value: 'virustotal' }]],
      ['YARA', [{ type: 'is', field: 'rule.groups', value: 'yara' }]],
    ],
    panels: [
      'Alerts over time | area | over time by rule.description 5',
      'Rule distribution | pie | rule.description 5',
      'Events by rule group | area | over time by rule.groups 5',
      'Top 10 agents by rule group | bar | agent.name 10 by rule.groups 5',
      'Rootcheck findings | table | data.title 5',
      'VirusTotal source files | table | data.virustotal.source.file 5',
      'YARA scanned files | table | data.YARA.scanned_file 5',
    ],
    agentPanels: [
      'Alerts over time | area | over time by rule.description 5',
      'Rule distribution | pie | rule.description 5',
      'Rule level histogram | bar | over time by rule.level 15',
      'Rootcheck findings | table | data.title 5',
      'VirusTotal source files | table | data.virustotal.source.file 5',
      'YARA scanned files | table | data.YARA.scanned_file 5',
    ],
    report: ['Top rootcheck findings | data.title 10 by agent.name 3', TOP_RULES],
  },
  // §1c, §2a (columns), §3b (panels; the original has no KPI row, and three pies of files added,
  // modified and deleted where a pinned agent's 'Files by action' table is), §7 (report).
  {
    id: 'file-integrity-monitoring',
    title: 'File Integrity Monitoring',
    category: 'endpoint-security',
    order: 202,
    filters: [{ type: 'is', field: 'rule.groups', value: 'syscheck' }],
    columns:
      'timestamp agent.name syscheck.path syscheck.event rule.description rule.level rule.id',
    tabs: 'dashboard inventory events',
    kpis: [
      'Total',
      ['Added', [{ type: 'is_one_of', field: 'syscheck.event', values: ['added', 'readded'] }]],
      ['Modified', [{ type: 'is', field: 'syscheck.event', value: 'modified' }]],
      ['Deleted', [{ type: 'is', field: 'syscheck.event', value: 'deleted' }]],
    ],
    panels: [
      'Alerts by action over time | area | over time by syscheck.event 5',
      'Top 5 agents | pie | agent.name 5',
      'Events summary | line | over time',
      'Rule distribution | pie | rule.description 5',
      'Actions | pie | syscheck.event 5',
      'Top 5 users | table | syscheck.uname_after 5 by agent.name 5',
    ],
    agentPanels: [
      'Most active users | pie | syscheck.uname_after 5',
      'Actions | pie | syscheck.event 5',
      'Events | line | over time by syscheck.event 5',
      'Files by action | table | syscheck.path 10 by syscheck.event 3',
    ],
    report: [
      'Agents with most changes | agent.name 10 by syscheck.event 4',
      'Most changed files | syscheck.path 10 by syscheck.event 3',
      TOP_RULES,
    ],
  },
  // §1c (no selector: every alert), §2a (the default columns), §3a (KPIs and panels).
  {
    id: 'threat-hunting',
    title: 'Threat Hunting',
    category: 'threat-intelligence',
    order: 300,
    filters: [],
    columns: 'timestamp agent.name rule.description rule.level rule.id',
    tabs: 'dashboard events',
    kpis: [
      'Total',
      ['Level 12 or above alerts', [{ type: 'between', field: 'rule.level', gte: 12 }]],
      [
        'Authentication failure',
        [
          {
            type: 'is_one_of',
            field: 'rule.groups',
            values: [
              'win_authentication_failed',
              'authentication_failed',
              'authentication_failures',
            ],
          },
        ],
      ],
      [
        'Authentication success',
        [{ type: 'is', field: 'rule.groups', value: 'authentication_success' }],
      ],
    ],
    panels: [
      'Top 10 alert level evolution | area | over time by rule.level 10',
      'Top 10 MITRE ATT&CK techniques | pie | rule.mitre.technique 10',
      'Top 5 agents | pie | agent.name 5',
      'Alerts evolution - Top 5 agents | bar | over time by agent.name 5',
    ],
    agentPanels: [
      'Top 10 alert groups evolution | area | over time by rule.groups 10',
      'Alerts | area | over time by rule.level 10',
      'Top 5 alerts | pie | rule.description 5',
      'Top 5 rule groups | pie | rule.groups 5',
      'Top 5 PCI DSS requirements | pie | rule.pci_dss 5',
    ],
    report: [TOP_RULES, 'Agents by alert level | agent.name 10 by rule.level 3'],
  },
  // §1c (Events: the detector's alerts), §2a (columns), §3d (the dashboard reads the states).
  {
    id: 'vulnerability-detection',
    title: 'Vulnerability Detection',
    category: 'threat-intelligence',
    order: 301,
    filters: [{ type: 'is', field: 'rule.groups', value: 'vulnerability-detector' }],
    columns:
      'timestamp agent.name data.vulnerability.cve data.vulnerability.severity data.vulnerability.package.name data.vulnerability.package.version data.vulnerability.status',
    tabs: 'dashboard inventory events',
    source: 'vulnerabilities',
    kpis: [
      ['Critical', [{ type: 'is', field: 'vulnerability.severity', value: 'Critical' }]],
      ['High', [{ type: 'is', field: 'vulnerability.severity', value: 'High' }]],
      ['Medium', [{ type: 'is', field: 'vulnerability.severity', value: 'Medium' }]],
      ['Low', [{ type: 'is', field: 'vulnerability.severity', value: 'Low' }]],
      [
        'Pending evaluation',
        [{ type: 'is', field: 'vulnerability.under_evaluation', value: true }],
      ],
    ],
    panels: [
      'Top 5 vulnerabilities | table | vulnerability.id 5',
      'Top 5 OS | table | host.os.full 5',
      'Top 5 agents | table | agent.name 5',
      'Top 5 packages | table | package.name 5',
      'Most common vulnerability score | horizontal_bar | vulnerability.score.base 10',
      'Most vulnerable OS families | horizontal_bar | host.os.type 10',
      'Severity by OS family | bar | host.os.type 5 by vulnerability.severity 4',
    ],
    agentPanels: [
      'Top 5 vulnerabilities | table | vulnerability.id 5',
      'Top 5 packages | table | package.name 5',
      'Most common vulnerability score | horizontal_bar | vulnerability.score.base 10',
      'Severities | donut | vulnerability.severity 4',
      'Packages by severity | bar | package.name 5 by vulnerability.severity 4',
    ],
    report: [
      'Top vulnerabilities by severity | vulnerability.id 10 by vulnerability.severity 1',
      'Most vulnerable agents | agent.name 10 by vulnerability.severity 4',
      'Most vulnerable packages | package.name 10 by vulnerability.severity 4',
    ],
  },
  // §1c, §2a (columns), §3c (panels; the original draws the technique-by-agent and both rule-level
  // breakdowns as nested pies; its Framework counts 1000 tactics, the catalogue has 14).
  {
    id: 'mitre-attack',
    title: 'MITRE ATT&CK',
    category: 'threat-intelligence',
    order: 302,
    filters: [{ type: 'exists', field: 'rule.mitre.id' }],
    columns:
      'timestamp agent.name rule.mitre.id rule.mitre.tactic rule.description rule.level rule.id',
    tabs: 'dashboard framework events',
    kpis: ['Total'],
    panels: [
      'Alerts evolution over time | line | over time by rule.mitre.technique 5',
      'Top tactics | pie | rule.mitre.tactic 10',
      'Attacks by technique | bar | rule.mitre.technique 5 by rule.mitre.tactic 5',
      'Top tactics by agent | area | rule.mitre.tactic 5 by agent.name 5',
      'MITRE techniques by agent | bar | agent.name 5 by rule.mitre.technique 5',
    ],
    agentPanels: [
      'Alerts evolution over time | line | over time by rule.mitre.technique 5',
      'Top tactics | pie | rule.mitre.tactic 10',
      'Rule level by attack | bar | rule.mitre.technique 5 by rule.level 5',
      'MITRE attacks by tactic | bar | rule.mitre.technique 5 by rule.mitre.tactic 5',
      'Rule level by tactic | bar | rule.mitre.tactic 5 by rule.level 5',
    ],
    report: [
      'Top techniques by tactic | rule.mitre.tactic 14 by rule.mitre.technique 5',
      TOP_RULES,
    ],
    framework: { tactics: 'rule.mitre.tactic 50', techniques: 'rule.mitre.id 1000' },
  },
  // §1c, §7 (pci, gdpr, tsc: top requirements with their rules).
  compliance('pci-dss', 'PCI DSS', 'rule.pci_dss', 401),
  // §1c, §7.
  compliance('gdpr', 'GDPR', 'rule.gdpr', 402),
  // §1c.
  compliance('hipaa', 'HIPAA', 'rule.hipaa', 403),
  // §1c.
  compliance('nist-800-53', 'NIST 800-53', 'rule.nist_800_53', 404),
  // §1c, §7.
  compliance('tsc', 'TSC', 'rule.tsc', 405),
  // §1c (selector and order); the dashboard is this product's, on the data.docker.* fields (§4).
  {
    id: 'docker',
    title: 'Docker',
    category: 'cloud-security',
    order: 500,
    filters: [{ type: 'is', field: 'rule.groups', value: 'docker' }],
    columns:
      'timestamp agent.name data.docker.Actor.Attributes.image data.docker.Action rule.description rule.level rule.id',
    tabs: 'dashboard events',
    kpis: ['Total'],
    panels: [
      'Top 5 images | pie | data.docker.Actor.Attributes.image 5',
      'Top 5 events | pie | data.docker.Action 5',
      'Events by source over time | area | over time by data.docker.Type 5',
      'Top 5 agents | pie | agent.name 5',
      'Events by agent | table | agent.name 5 by data.docker.Action 5',
    ],
    agentPanels: [
      'Top 5 images | pie | data.docker.Actor.Attributes.image 5',
      'Top 5 events | pie | data.docker.Action 5',
      'Events by source over time | area | over time by data.docker.Type 5',
      'Events by container | table | data.docker.Actor.Attributes.name 5 by data.docker.Action 5',
    ],
    report: [
      'Events by image | data.docker.Actor.Attributes.image 10 by data.docker.Action 3',
      TOP_RULES,
    ],
  },
  // §1c; the dashboard is this product's, on the data.aws.* fields (§4).
  {
    id: 'amazon-web-services',
    title: 'Amazon Web Services',
    category: 'cloud-security',
    order: 501,
    filters: [{ type: 'is', field: 'rule.groups', value: 'amazon' }],
    columns:
      'timestamp agent.name data.aws.source data.aws.region rule.description rule.level rule.id',
    tabs: 'dashboard events',
    kpis: ['Total'],
    panels: [
      'Sources | pie | data.aws.source 5',
      'Accounts | pie | data.aws.accountId 5',
      'Buckets | pie | data.aws.log_info.s3bucket 5',
      'Regions | pie | data.aws.region 5',
      'Events by source over time | area | over time by data.aws.source 5',
      'Events by S3 bucket over time | area | over time by data.aws.log_info.s3bucket 5',
    ],
    agentPanels: [UNPINNED, 'Rule levels | donut | rule.level 5'],
    report: ['Events by source and region | data.aws.source 10 by data.aws.region 3', TOP_RULES],
  },
  // §1c; the dashboard is this product's, on the data.gcp.* fields (§4).
  {
    id: 'google-cloud',
    title: 'Google Cloud',
    category: 'cloud-security',
    order: 502,
    filters: [{ type: 'is', field: 'rule.groups', value: 'gcp' }],
    columns:
      'timestamp agent.name data.gcp.resource.type data.gcp.resource.labels.project_id rule.description rule.level rule.id',
    tabs: 'dashboard events',
    kpis: ['Total'],
    panels: [
      'Events over time by auth answer | area | over time by data.gcp.jsonPayload.authAnswer 5',
      'Resource type by project id | horizontal_bar | data.gcp.resource.labels.project_id 5 by data.gcp.resource.type 5',
      'Top resource types | pie | data.gcp.resource.type 5',
      'Top queries | table | data.gcp.jsonPayload.queryName 10',
      'Top 5 agents | pie | agent.name 5',
    ],
    agentPanels: [
      'Events over time by auth answer | area | over time by data.gcp.jsonPayload.authAnswer 5',
      'Resource type by project id | horizontal_bar | data.gcp.resource.labels.project_id 5 by data.gcp.resource.type 5',
      'Top resource types | pie | data.gcp.resource.type 5',
      'Top queries | table | data.gcp.jsonPayload.queryName 10',
      'Rule levels | donut | rule.level 5',
    ],
    report: [
      'Resource types by project | data.gcp.resource.labels.project_id 10 by data.gcp.resource.type 3',
      TOP_RULES,
    ],
  },
  // §1c; the dashboard is this product's, on the data.github.* fields (§4).
  {
    id: 'github',
    title: 'GitHub',
    category: 'cloud-security',
    order: 503,
    filters: [{ type: 'is', field: 'rule.groups', value: 'github' }],
    columns:
      'timestamp agent.name data.github.org data.github.repo data.github.actor data.github.action rule.description rule.level rule.id',
    tabs: 'dashboard events',
    kpis: ['Total'],
    panels: [
      'Alerts evolution by organization | area | over time by data.github.org 5',
      'Top 5 organizations by alerts | pie | data.github.org 5',
      'Top alerts by action type and organization | bar | data.github.org 5 by data.github.action 3',
      'Users with more alerts | bar | data.github.org 5 by data.github.actor 5',
      'Top 5 repositories | pie | data.github.repo 5',
    ],
    agentPanels: [UNPINNED, 'Rule levels | donut | rule.level 5'],
    report: ['Actions by user | data.github.actor 10 by data.github.action 3', TOP_RULES],
  },
  // §1c; the dashboard is this product's, on the data.office365.* fields (§4).
  {
    id: 'office365',
    title: 'Office 365',
    category: 'cloud-security',
    order: 504,
    filters: [{ type: 'is', field: 'rule.groups', value: 'office365' }],
    columns:
      'timestamp data.office365.Subscription data.office365.Operation data.office365.UserId data.office365.ClientIP rule.description rule.level rule.id',
    tabs: 'dashboard events',
    kpis: [
      'Total',
      ['Suspicious downloads', [{ type: 'is', field: 'rule.id', value: '91724' }]],
      ['Full access permissions', [{ type: 'is', field: 'rule.id', value: '91725' }]],
    ],
    panels: [
      'Events by severity over time | area | over time by rule.level 5',
      'IP address by users | horizontal_bar | data.office365.ClientIP 5 by data.office365.UserId 5',
      'Top users by subscription | bar | data.office365.UserId 5 by data.office365.Subscription 5',
      'Operations by result | table | data.office365.Operation 10 by data.office365.ResultStatus 3',
      'Top workloads | pie | data.office365.Workload 5',
    ],
    agentPanels: [UNPINNED],
    report: [
      'Operations by user | data.office365.UserId 10 by data.office365.Operation 3',
      TOP_RULES,
    ],
  },
  // §9: the agent view's alert widgets; the view always has its agent pinned, so no fixed filter.
  {
    id: 'security-events',
    title: 'Security events',
    filters: [],
    kpis: ['Total'],
    panels: [
      'Alerts count evolution | line | over time',
      'MITRE ATT&CK top tactics | pie | rule.mitre.tactic 5',
      'PCI DSS requirements | donut | rule.pci_dss 5',
      'GDPR requirements | donut | rule.gdpr 5',
      'NIST 800-53 requirements | donut | rule.nist_800_53 5',
      'HIPAA requirements | donut | rule.hipaa 5',
      'GPG13 requirements | donut | rule.gpg13 5',
      'TSC requirements | donut | rule.tsc 5',
      'Integrity: most changed files | table | syscheck.path 5 by syscheck.event 3',
    ],
    agentPanels: [UNPINNED],
    report: [
      TOP_RULES,
      'Top techniques by tactic | rule.mitre.tactic 14 by rule.mitre.technique 5',
    ],
  },
];

/** A chart in the table's words; what they cannot say shows whole, and so differs. */
function chart(request: AlertsChartRequest): Chart {
  const split =
    'split' in request && request.split ? ` by ${request.split.field} ${request.split.size}` : '';
  if (request.type === 'terms') return `${request.field} ${request.size}${split}`;
  if (request.type === 'date_histogram' && !request.interval && !request.metrics)
    return `over time${split}`;
  return JSON.stringify(request);
}

/** A KPI in the table's words: a count, or one bucket (keyed by the chart's id) of filters. */
function kpi({ title, chart: request }: ModuleKpi): unknown {
  if (request.type === 'count') return title;
  if (request.type === 'filters' && Object.keys(request.filters).join() === request.id)
    return [title, request.filters[request.id]];
  return [title, request];
}

const VIEWS: AlertsViewDefinition[] = [...MODULES, agentSecurityEvents];

function view(id: string): AlertsViewDefinition | ModuleDefinition {
  const found = VIEWS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no view [${id}]`);
  return found;
}

describe("the definitions against the original's facts", () => {
  it('has one entry per module, in Overview order, and one for the Security events', () => {
    expect(FACTS.map((facts) => facts.id)).toEqual(VIEWS.map((definition) => definition.id));
  });

  it.each(FACTS)('$id: selects, sits and lists its alerts as the table says', (facts) => {
    const definition = view(facts.id);
    const module = 'category' in definition ? definition : undefined;
    expect({
      title: definition.title,
      filters: definition.fixedFilters,
      category: module?.category,
      order: module?.order,
      columns: module?.columns.join(' '),
      tabs: module?.tabs.map((tab) => tab.id).join(' '),
    }).toEqual({
      title: facts.title,
      filters: facts.filters,
      ...('category' in facts && {
        category: facts.category,
        order: facts.order,
        columns: facts.columns,
        tabs: facts.tabs,
      }),
    });
  });

  it.each(FACTS)('$id: counts, charts and reports as the table says', (facts) => {
    const definition = view(facts.id);
    const { source, kpis, panels, agentPanels } = definition.dashboard;
    const panel = ({ title, kind, chart: request }: (typeof panels)[number]) =>
      `${title} | ${kind} | ${chart(request)}`;
    const module = 'category' in definition ? definition : undefined;
    expect({
      source: source === 'alerts' ? undefined : source,
      kpis: kpis.map(kpi),
      panels: panels.map(panel),
      agentPanels: agentPanels.map(panel),
      report: definition.summaryTables.map((table) => `${table.title} | ${chart(table.chart)}`),
      controls: module?.controls && { ...module.controls, chart: chart(module.controls.chart) },
      framework: module?.framework && {
        tactics: chart(module.framework.tactics),
        techniques: chart(module.framework.techniques),
      },
    }).toEqual({
      source: facts.source,
      kpis: facts.kpis,
      panels: facts.panels,
      agentPanels: facts.agentPanels.flatMap((entry) =>
        entry === UNPINNED ? facts.panels : [entry],
      ),
      report: facts.report,
      controls: 'controls' in facts ? facts.controls : undefined,
      framework: 'framework' in facts ? facts.framework : undefined,
    });
  });

  it('breaks nothing down by agent once an agent is pinned', () => {
    const byAgent = VIEWS.filter((definition) =>
      JSON.stringify(definition.dashboard.agentPanels).includes('"agent.name"'),
    );
    expect(byAgent.map((definition) => definition.id)).toEqual([]);
  });

  it("offers §9's compliance standards, each slice leading to the module of its field", () => {
    expect(
      COMPLIANCE_STANDARDS.map((standard) => [
        standard.title,
        standard.moduleId && moduleById(standard.moduleId)?.controls?.field,
      ]),
    ).toEqual([
      ['PCI DSS', 'rule.pci_dss'],
      ['GDPR', 'rule.gdpr'],
      ['NIST 800-53', 'rule.nist_800_53'],
      ['HIPAA', 'rule.hipaa'],
      ['GPG13', undefined],
      ['TSC', 'rule.tsc'],
    ]);
  });
});
