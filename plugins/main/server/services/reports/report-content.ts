/**
 * What a report says, worked out from a view's definition, the selection and the aggregate answer:
 * the title, the range and filters in words, the KPIs, each panel with its chart's answer, the
 * summary tables as rows, the reporting user and what RBAC left out. The PDF renderer only draws it.
 */
import type {
  AlertsAggregateResponse,
  AlertsBucket,
  AlertsChartRequest,
  AlertsChartResult,
  AlertsFilter,
  AlertsSelection,
  AlertsTimeRange,
} from '../../../common/alerts/api';
import { dashboardPanels, kpiValue } from '../../../common/modules';
import type { AlertsViewDefinition, PanelKind } from '../../../common/modules/types';
import { viewFilters } from '../alerts/search/view-filters';

export interface ReportPanel {
  title: string;
  kind: PanelKind;
  chart: AlertsChartRequest;
  result?: AlertsChartResult;
  columns?: string[];
}

interface ReportTable {
  title: string;
  columns: string[];
  rows: string[][];
}

export interface ReportContent {
  title: string;
  /** The pinned agent, when there is one. */
  agentId?: string;
  /** The pinned agent's details, as label and value rows. */
  agent?: { rows: string[][]; unavailable?: string };
  description: string;
  generatedAt: Date;
  user: string;
  /** The range as the user chose it and as it resolved. */
  timeRange: { from: string; to: string; resolvedFrom?: string; resolvedTo?: string };
  /** Filters in words, the module's fixed ones first, cut to the printed length. */
  filters: string[];
  /** The query, cut to the printed length. */
  query?: string;
  /** What was cut from the filters and the query, in words (empty when nothing was). */
  cuts: string[];
  /** What RBAC left out of the report, or that it left out nothing. */
  rbacNote: string;
  total: number;
  includesSampleData: boolean;
  kpis: Array<{ title: string; value?: number }>;
  panels: ReportPanel[];
  tables: ReportTable[];
}

/** The pinned agent as the managed API describes it (or why it could not be read). */
export interface ReportAgent {
  id: string;
  name?: string;
  ip?: string;
  version?: string;
  manager?: string;
  os?: string;
  registered?: string;
  lastKeepAlive?: string;
  status?: string;
  unavailable?: string;
}

/** What the managed API's RBAC lets the reporting user see of the selection's host. */
export interface ReportScope {
  /** The agents whose alerts the user may read; absent when every agent. */
  agentIds?: string[];
  /** The manager's own alerts (agent 000) are hidden. */
  hideManagerAlerts?: boolean;
}

function value(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A filter as a sentence fragment: `rule.groups is syscheck`, `NOT agent.id is 001`. */
export function describeFilter(filter: AlertsFilter): string {
  let text: string;
  switch (filter.type) {
    case 'is':
      text = `${filter.field} is ${value(filter.value)}`;
      break;
    case 'is_one_of':
      text = `${filter.field} is one of ${filter.values.map(value).join(', ')}`;
      break;
    case 'exists':
      text = `${filter.field} exists`;
      break;
    case 'between':
      text =
        filter.gte !== undefined && filter.lte !== undefined
          ? `${filter.field} is between ${filter.gte} and ${filter.lte}`
          : filter.gte !== undefined
            ? `${filter.field} is at least ${filter.gte}`
            : `${filter.field} is at most ${filter.lte}`;
      break;
  }
  return filter.negate ? `NOT ${text}` : text;
}

export function describeScope(scope: ReportScope): string {
  const parts: string[] = [];
  if (scope.agentIds)
    parts.push(
      `only the alerts of the ${scope.agentIds.length} agent${scope.agentIds.length === 1 ? '' : 's'} ` +
        `the reporting user may see on this API host are included; other agents' alerts were left out by RBAC`,
    );
  if (scope.hideManagerAlerts) parts.push("the manager's own alerts (agent 000) are hidden");
  if (parts.length === 0)
    return 'RBAC left nothing out: the reporting user may see every agent of this API host.';
  const sentence = parts.join('; ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

function label(bucket: AlertsBucket): string {
  return bucket.label || String(bucket.key);
}

/** A terms answer as table rows: the value (and its split's values), then the count. */
export function tableRows(result: AlertsChartResult | undefined): string[][] {
  if (!result || result.type === 'count') return [];
  return result.buckets.flatMap((bucket) =>
    bucket.split
      ? bucket.split.map((inner) => [label(bucket), label(inner), String(inner.count)])
      : [[label(bucket), String(bucket.count)]],
  );
}

const AGENT_ROWS: Array<[label: string, key: keyof ReportAgent]> = [
  ['ID', 'id'],
  ['Name', 'name'],
  ['IP address', 'ip'],
  ['Version', 'version'],
  ['Manager', 'manager'],
  ['Operating system', 'os'],
  ['Registration date', 'registered'],
  ['Last keep alive', 'lastKeepAlive'],
  ['Status', 'status'],
];

function agentRows(agent: ReportAgent): { rows: string[][]; unavailable?: string } {
  return {
    rows: AGENT_ROWS.filter(([, key]) => agent[key] !== undefined).map(([label, key]) => [
      label,
      String(agent[key]),
    ]),
    ...(agent.unavailable && { unavailable: agent.unavailable }),
  };
}

export interface ReportInput {
  view: AlertsViewDefinition;
  /** A report always covers a time range, even of a states dataset (its alerts' part). */
  selection: AlertsSelection & { timeRange: AlertsTimeRange };
  answer: AlertsAggregateResponse;
  scope: ReportScope;
  agent?: ReportAgent;
  user: string;
  generatedAt: Date;
  resolvedRange?: { from: string; to: string };
  /** Characters of filters, and of the query, a report prints (`svc.reports.maxPrintedTextChars`). */
  maxPrintedChars: number;
}

const ELLIPSIS = '…';

const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/** Characters (code points) of `text`, without building a character array of a long text. */
function characterCount(text: string): number {
  return text.length - (text.match(SURROGATE_PAIR)?.length ?? 0);
}

/** `text` cut to `max` characters, the last an ellipsis, and how many were left out. */
export function cutText(text: string, max: number): { text: string; left: number } {
  if (text.length <= max || characterCount(text) <= max) return { text, left: 0 };
  let kept = '';
  let count = 0;
  for (const character of text) {
    if (count === max - 1) break;
    kept += character;
    count++;
  }
  return { text: `${kept}${ELLIPSIS}`, left: characterCount(text.slice(kept.length)) };
}

/**
 * The filters as printed: whole while they fit in `max` characters together, the one that crosses
 * it cut with an ellipsis, the rest left out; and how many characters were not printed.
 */
function printedFilters(filters: string[], max: number): { filters: string[]; left: number } {
  const printed: string[] = [];
  let room = max;
  let left = 0;
  for (const filter of filters) {
    if (room <= 0) {
      left += characterCount(filter);
      continue;
    }
    const cut = cutText(filter, room);
    printed.push(cut.text);
    room -= characterCount(cut.text);
    left += cut.left;
  }
  return { filters: printed, left };
}

function cutNote(what: 'filters' | 'query', left: number, max: number): string {
  const [verb, pronoun] = what === 'filters' ? ['are', 'them'] : ['is', 'it'];
  return `The ${what} ${verb} cut at ${max.toLocaleString('en-US')} characters (${left.toLocaleString('en-US')} more not printed); the report's figures use ${pronoun} whole.`;
}

export function buildReportContent(input: ReportInput): ReportContent {
  const { view, selection, answer } = input;
  const pinned = selection.agentId !== undefined;
  const charts = answer.charts;
  const userFilters = (selection.filters ?? []).filter((filter) => !filter.disabled);
  const filters = printedFilters(
    [
      // What the search service applied: the view's fixed filters on this dataset, then the user's.
      ...[...viewFilters(view.id, selection.dataset ?? 'alerts'), ...userFilters].map(
        describeFilter,
      ),
      ...(pinned ? [`agent.id is ${selection.agentId}`] : []),
    ],
    input.maxPrintedChars,
  );
  const query = selection.query?.query.trim()
    ? cutText(
        `${selection.query.query} (${selection.query.language === 'kuery' ? 'DQL' : 'Lucene'})`,
        input.maxPrintedChars,
      )
    : undefined;
  return {
    title:
      pinned && view.id === 'security-events'
        ? `Agent ${selection.agentId}: ${view.title}`
        : `${view.title} report`,
    ...(pinned && { agentId: selection.agentId }),
    ...(input.agent && { agent: agentRows(input.agent) }),
    description: view.description,
    generatedAt: input.generatedAt,
    user: input.user,
    timeRange: {
      from: selection.timeRange.from,
      to: selection.timeRange.to,
      ...(input.resolvedRange && {
        resolvedFrom: input.resolvedRange.from,
        resolvedTo: input.resolvedRange.to,
      }),
    },
    filters: filters.filters,
    ...(query && { query: query.text }),
    cuts: [
      ...(filters.left > 0 ? [cutNote('filters', filters.left, input.maxPrintedChars)] : []),
      ...(query && query.left > 0 ? [cutNote('query', query.left, input.maxPrintedChars)] : []),
    ],
    rbacNote: describeScope(input.scope),
    total: answer.total.value,
    includesSampleData: answer.includesSampleData,
    kpis: view.dashboard.kpis.map((kpi) => ({
      title: kpi.title,
      value: kpiValue(charts[kpi.chart.id]),
    })),
    panels: dashboardPanels(view, pinned).map((panel) => ({
      title: panel.title,
      kind: panel.kind,
      chart: panel.chart,
      result: charts[panel.chart.id],
      ...(panel.columns && { columns: panel.columns }),
    })),
    tables: view.summaryTables.map((table) => ({
      title: table.title,
      columns: table.columns,
      rows: tableRows(charts[table.chart.id]),
    })),
  };
}

/** Every chart a report of `view` asks for, in one aggregate request. */
export function reportCharts(
  view: AlertsViewDefinition,
  agentPinned: boolean,
): AlertsChartRequest[] {
  return [
    ...view.dashboard.kpis.map((kpi) => kpi.chart),
    ...dashboardPanels(view, agentPinned).map((panel) => panel.chart),
    ...view.summaryTables.map((table) => table.chart),
  ];
}
