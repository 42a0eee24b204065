/**
 * An agent's own alerts (its view's Security events tab, and its report): alerts over time, its
 * MITRE ATT&CK tactics, its compliance requirements and its integrity changes.
 */
import { overTime, panel, summary, tablePanel, terms, topRulesTable, totalKpi } from './builders';
import type { AlertsViewDefinition } from './types';

/** The standards of the compliance donut's selector; `moduleId` is where a slice leads. */
export const COMPLIANCE_STANDARDS = [
  { id: 'pci_dss', title: 'PCI DSS', field: 'rule.pci_dss', moduleId: 'pci-dss' },
  { id: 'gdpr', title: 'GDPR', field: 'rule.gdpr', moduleId: 'gdpr' },
  { id: 'nist_800_53', title: 'NIST 800-53', field: 'rule.nist_800_53', moduleId: 'nist-800-53' },
  { id: 'hipaa', title: 'HIPAA', field: 'rule.hipaa', moduleId: 'hipaa' },
  // GPG13 has no module of its own: its slices filter nothing further.
  { id: 'gpg13', title: 'GPG13', field: 'rule.gpg13', moduleId: undefined },
  { id: 'tsc', title: 'TSC', field: 'rule.tsc', moduleId: 'tsc' },
] as const;

const compliancePanels = COMPLIANCE_STANDARDS.map((standard) =>
  panel(
    `${standard.title} requirements`,
    'donut',
    terms(`agent-${standard.id}`, standard.field, 5),
  ),
);

const agentPanels = [
  panel('Alerts count evolution', 'line', overTime('agent-over-time')),
  panel('MITRE ATT&CK top tactics', 'pie', terms('agent-tactics', 'rule.mitre.tactic', 5)),
  ...compliancePanels,
  tablePanel(
    'Integrity: most changed files',
    terms('agent-fim-files', 'syscheck.path', 5, ['syscheck.event', 3]),
    ['File', 'Action', 'Alerts'],
  ),
];

export const agentSecurityEvents: AlertsViewDefinition = {
  id: 'security-events',
  title: 'Security events',
  description:
    "An agent's alerts: their evolution, MITRE ATT&CK tactics, compliance and integrity.",
  fixedFilters: [],
  dashboard: {
    source: 'alerts',
    kpis: [totalKpi('agent-total')],
    // The view always has its agent pinned.
    panels: agentPanels,
    agentPanels,
  },
  summaryTables: [
    topRulesTable('agent'),
    summary(
      'Top techniques by tactic',
      terms('agent-tactic-techniques', 'rule.mitre.tactic', 14, ['rule.mitre.technique', 5]),
      ['Tactic', 'Technique', 'Alerts'],
    ),
  ],
};
