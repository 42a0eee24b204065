/**
 * Threat Hunting's figures and charts, asked for in one aggregate request: the KPI row (Total, Level
 * 12 or above, authentication failure and success), the events histogram, alert level evolution
 * (top 10 levels), top 10 MITRE ATT&CK techniques, top 5 agents and their alerts over time.
 */
import type {
  AlertsAggregateResponse,
  AlertsBucket,
  AlertsChartRequest,
  AlertsChartResult,
} from '../../../common/alerts/api';
import type { Kpi } from '../../components/alerts/kpi-row';

export const DEFAULT_COLUMNS = [
  'timestamp',
  'agent.name',
  'rule.description',
  'rule.level',
  'rule.id',
];

/** The rule groups the original counts as authentication failures. */
export const AUTHENTICATION_FAILURE_GROUPS = [
  'win_authentication_failed',
  'authentication_failed',
  'authentication_failures',
];

export const DASHBOARD_CHARTS: AlertsChartRequest[] = [
  {
    id: 'kpis',
    type: 'filters',
    filters: {
      level12: [{ field: 'rule.level', type: 'between', gte: 12 }],
      authFailure: [
        { field: 'rule.groups', type: 'is_one_of', values: AUTHENTICATION_FAILURE_GROUPS },
      ],
      authSuccess: [{ field: 'rule.groups', type: 'is', value: 'authentication_success' }],
    },
  },
  { id: 'histogram', type: 'date_histogram' },
  { id: 'levels', type: 'date_histogram', split: { field: 'rule.level', size: 10 } },
  { id: 'mitre', type: 'terms', field: 'rule.mitre.technique', size: 10 },
  { id: 'agents', type: 'terms', field: 'agent.name', size: 5 },
  { id: 'agentsOverTime', type: 'date_histogram', split: { field: 'agent.name', size: 5 } },
];

/** The field a chart's values (or split values) belong to, for the filter a click adds. */
export const CHART_FIELDS: Record<string, string> = {
  levels: 'rule.level',
  mitre: 'rule.mitre.technique',
  agents: 'agent.name',
  agentsOverTime: 'agent.name',
};

export function chartBuckets(
  answer: AlertsAggregateResponse | undefined,
  id: string,
): AlertsBucket[] {
  const chart: AlertsChartResult | undefined = answer?.charts[id];
  return chart && 'buckets' in chart ? chart.buckets : [];
}

function filterCount(answer: AlertsAggregateResponse | undefined, key: string): number | undefined {
  if (!answer) return undefined;
  return chartBuckets(answer, 'kpis').find((bucket) => String(bucket.key) === key)?.count ?? 0;
}

export function dashboardKpis(answer: AlertsAggregateResponse | undefined): Kpi[] {
  return [
    { id: 'total', label: 'Total', value: answer?.total.value, color: 'primary' },
    {
      id: 'level12',
      label: 'Level 12 or above alerts',
      value: filterCount(answer, 'level12'),
      color: 'danger',
    },
    {
      id: 'authFailure',
      label: 'Authentication failure',
      value: filterCount(answer, 'authFailure'),
      color: 'danger',
    },
    {
      id: 'authSuccess',
      label: 'Authentication success',
      value: filterCount(answer, 'authSuccess'),
      color: 'success',
    },
  ];
}
