/**
 * The compliance modules (PCI DSS, GDPR, HIPAA, NIST 800-53, TSC) share one shape: the alerts whose
 * rule maps to a requirement of the standard, by requirement, agent and rule.
 */
import {
  eventColumns,
  exists,
  overTime,
  panel,
  summary,
  tabs,
  terms,
  topRulesTable,
  totalKpi,
} from './builders';
import type { ModuleDefinition } from './types';

interface Standard {
  id: string;
  /** Short prefix of the chart ids. */
  key: string;
  title: string;
  description: string;
  /** The rule field holding the standard's requirements. */
  field: string;
  order: number;
}

export function complianceModule(standard: Standard): ModuleDefinition {
  const { key, field, title } = standard;
  return {
    id: standard.id,
    title,
    description: standard.description,
    category: 'security-operations',
    order: standard.order,
    fixedFilters: [exists(field)],
    columns: eventColumns(field),
    tabs: tabs('dashboard', 'controls', 'events'),
    dashboard: {
      source: 'alerts',
      kpis: [totalKpi(`${key}-total`)],
      panels: [
        panel(
          `Top 10 ${title} requirements over time`,
          'bar',
          overTime(`${key}-over-time`, [field, 10]),
        ),
        panel('Top 10 agents by alerts count', 'pie', terms(`${key}-agents`, 'agent.name', 10)),
        panel('Top requirements', 'donut', terms(`${key}-requirements`, field, 10)),
        panel(
          'Requirements by agent',
          'bar',
          terms(`${key}-agent-requirements`, 'agent.name', 5, [field, 5]),
        ),
        panel('Top 5 rule groups', 'pie', terms(`${key}-groups`, 'rule.groups', 5)),
        panel('Top 5 rules', 'pie', terms(`${key}-rules`, 'rule.description', 5)),
      ],
      agentPanels: [
        panel(
          `Top 10 ${title} requirements over time`,
          'bar',
          overTime(`${key}-over-time`, [field, 10]),
        ),
        panel('Top requirements', 'donut', terms(`${key}-requirements`, field, 10)),
        panel(
          'Requirements by rule level',
          'bar',
          terms(`${key}-requirement-levels`, field, 5, ['rule.level', 5]),
        ),
        panel('Top 5 rule groups', 'pie', terms(`${key}-groups`, 'rule.groups', 5)),
        panel('Top 5 rules', 'pie', terms(`${key}-rules`, 'rule.description', 5)),
      ],
    },
    controls: {
      field,
      standard: title,
      chart: terms(`${key}-controls`, field, 100, ['rule.description', 5]),
    },
    summaryTables: [
      summary(
        'Top requirements and their rules',
        terms(`${key}-requirement-rules`, field, 10, ['rule.description', 3]),
        ['Requirement', 'Rule', 'Alerts'],
      ),
      summary('Agents by requirement', terms(`${key}-agent-top`, 'agent.name', 10, [field, 3]), [
        'Agent',
        'Requirement',
        'Alerts',
      ]),
      topRulesTable(key),
    ],
  };
}
