/** Configuration assessment: the alerts of the agents' security configuration scans (SCA). */
import {
  eventColumns,
  is,
  matchingKpi,
  overTime,
  panel,
  summary,
  tablePanel,
  tabs,
  terms,
  totalKpi,
} from './builders';
import type { ModuleDefinition } from './types';

const RESULT = 'data.sca.check.result';

export const configurationAssessment: ModuleDefinition = {
  id: 'configuration-assessment',
  title: 'Configuration Assessment',
  description:
    'Checks of the agents against security policies (CIS benchmarks), passed and failed.',
  category: 'endpoint-security',
  order: 200,
  fixedFilters: [is('rule.groups', 'sca')],
  columns: eventColumns('data.sca.policy', 'data.sca.check.title', RESULT),
  tabs: tabs('dashboard', 'inventory', 'events'),
  dashboard: {
    source: 'alerts',
    kpis: [
      totalKpi('sca-total'),
      matchingKpi('sca-passed', 'Passed', [is(RESULT, 'passed')], 'success'),
      matchingKpi('sca-failed', 'Failed', [is(RESULT, 'failed')], 'danger'),
      matchingKpi('sca-not-applicable', 'Not applicable', [is(RESULT, 'not applicable')]),
    ],
    panels: [
      panel('Check results over time', 'area', overTime('sca-results-over-time', [RESULT, 3])),
      panel('Results', 'donut', terms('sca-results', RESULT, 3)),
      panel('Top 5 policies', 'pie', terms('sca-policies', 'data.sca.policy', 5)),
      panel('Top 5 agents', 'pie', terms('sca-agents', 'agent.name', 5)),
      tablePanel('Top checks', terms('sca-checks', 'data.sca.check.title', 10, [RESULT, 3]), [
        'Check',
        'Result',
        'Alerts',
      ]),
    ],
    agentPanels: [
      panel('Check results over time', 'area', overTime('sca-results-over-time', [RESULT, 3])),
      panel('Results', 'donut', terms('sca-results', RESULT, 3)),
      panel(
        'Policies by result',
        'bar',
        terms('sca-policy-results', 'data.sca.policy', 5, [RESULT, 3]),
      ),
      tablePanel('Top checks', terms('sca-checks', 'data.sca.check.title', 10, [RESULT, 3]), [
        'Check',
        'Result',
        'Alerts',
      ]),
    ],
  },
  summaryTables: [
    summary(
      'Checks by result',
      terms('sca-check-results', 'data.sca.check.title', 15, [RESULT, 3]),
      ['Check', 'Result', 'Alerts'],
    ),
    summary('Agents by result', terms('sca-agent-results', 'agent.name', 10, [RESULT, 3]), [
      'Agent',
      'Result',
      'Alerts',
    ]),
  ],
};
