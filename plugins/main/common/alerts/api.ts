/**
 * The alerts routes' contract, shared by the browser and the server. The browser describes what it
 * wants to see (a selection of alerts and the page, chart or export of it); only the server speaks
 * the indexer's query language, so every field here is checked there before a query is built.
 */
import type { IndexerJobRun } from '../indexer-jobs';
import type { AlertsDatasetId } from './datasets';

/** Route paths (under the dashboard's base path). */
export const ALERTS_ROUTES = {
  search: '/api/alerts/search',
  aggregate: '/api/alerts/aggregate',
  csv: '/api/alerts/csv',
  fields: '/api/alerts/fields',
  status: '/api/alerts/status',
  sampleData: '/api/alerts/sample-data',
} as const;

/** The search bar's languages: DQL (OpenSearch Dashboards calls it `kuery`) and Lucene. */
export type AlertsQueryLanguage = 'kuery' | 'lucene';

export interface AlertsQuery {
  language: AlertsQueryLanguage;
  /** What the user typed; blank selects everything. */
  query: string;
}

/**
 * A time range as the time picker gives it: date math (`now-24h`, `now/d`) or an ISO date. The
 * server resolves both ends once per request, so every part of one answer sees the same range.
 */
export interface AlertsTimeRange {
  from: string;
  to: string;
}

interface FilterCommon {
  field: string;
  /** "is not", "is none of", "does not exist", "not between". */
  negate?: boolean;
  /** Kept as a pill but not applied. */
  disabled?: boolean;
}

export type AlertsFilter =
  | (FilterCommon & { type: 'is'; value: string | number | boolean })
  | (FilterCommon & { type: 'is_one_of'; values: Array<string | number | boolean> })
  | (FilterCommon & { type: 'exists' })
  | (FilterCommon & { type: 'between'; gte?: string | number; lte?: string | number });

/**
 * Which documents: those of one dataset (alerts by default, or a states dataset, see
 * `./datasets`) of one API host's manager (the server pins the manager or cluster name and the
 * agents the user may see), in a time range, matching the view's fixed filters, the query and
 * every enabled filter.
 */
export interface AlertsSelection {
  /** The API host whose manager's alerts are read (the user's selected host). */
  apiHostId: string;
  /** What is read; default `alerts`. */
  dataset?: AlertsDatasetId;
  /**
   * The alerts index pattern read: the configured one (default) or another an administrator
   * allowed users to choose (App settings). Only the alerts dataset takes one.
   */
  indexPattern?: string;
  /**
   * The view asking (a module id of common/modules, or `security-events`): the server adds its
   * fixed filters when the dataset is `alerts`. A view reads alerts, or the states dataset its
   * dashboard counts (vulnerability detection: `vulnerabilities`); another dataset is refused.
   */
  view?: string;
  /**
   * Required for a dataset with a time field (alerts); a states dataset is the agents' current
   * state and takes none (one sent is checked, then not applied).
   */
  timeRange?: AlertsTimeRange;
  query?: AlertsQuery;
  filters?: AlertsFilter[];
  /** A pinned agent (`agent.id`), as module views and the agent view pin one. */
  agentId?: string;
}

/** Hits the indexer pages through with `from`/`size` (its `index.max_result_window`); past it, a cursor. */
export const ALERTS_RESULT_WINDOW = 10_000;

type SortDirection = 'asc' | 'desc';

export interface AlertsSort {
  field: string;
  direction: SortDirection;
}

/** `POST /api/alerts/search`: one page of alerts. */
export interface AlertsSearchRequest extends AlertsSelection {
  /** Default: `timestamp` descending. */
  sort?: AlertsSort[];
  /** Rows per page (15, 25, 50, 100 in the table; at most `svc.indexer.maxPageSize`). */
  size: number;
  /**
   * Either a page number (0-based) while `page * size + size` stays within the indexer's result
   * window (10,000), or the `cursor` of the previous answer to go on past it.
   */
  page?: number;
  cursor?: string;
  /** Fields to return; default the whole document. */
  fields?: string[];
  /**
   * Charts of the same selection, answered with the page by the same indexer request (a view's
   * first load: its table, histogram and panels at once).
   */
  charts?: AlertsChartRequest[];
}

export interface AlertsTotal {
  value: number;
  /** `gte` when the indexer stopped counting (it counts exactly up to 10,000 by default). */
  relation: 'eq' | 'gte';
}

export interface AlertHit {
  _id: string;
  _index: string;
  _source: Record<string, unknown>;
}

export interface AlertsSearchResponse {
  total: AlertsTotal;
  hits: AlertHit[];
  /** Opaque: send it back with the same selection, sort and size for the next page. */
  cursor?: string;
  /** True when a sample-data index answered part of this. */
  includesSampleData: boolean;
  /** The charts asked for with the page, by id. */
  charts?: Record<string, AlertsChartResult>;
}

/**
 * A chart or figure the view wants; the server turns each into one aggregation and sends them all
 * in one indexer request with `size: 0`.
 */
export type AlertsChartRequest =
  | { id: string; type: 'count' }
  /** Top values of a field, optionally split by a second field's top values. */
  | {
      id: string;
      type: 'terms';
      field: string;
      size: number;
      split?: { field: string; size: number };
    }
  /**
   * Counts over time (`timestamp`), optionally split by a field's top values, or with `metrics`:
   * values of numeric fields per bar (their average, sum or largest value), keyed by metric id.
   */
  | {
      id: string;
      type: 'date_histogram';
      interval?: string;
      split?: { field: string; size: number };
      metrics?: AlertsMetric[];
    }
  /** One count per named selection (a query in the selection's language, or filters). */
  | { id: string; type: 'filters'; filters: Record<string, AlertsQuery | AlertsFilter[]> }
  /** One count per numeric range (`gte` inclusive, `lt` exclusive), as the severity bands. */
  | {
      id: string;
      type: 'range';
      field: string;
      ranges: Array<{ key: string; gte?: number; lt?: number }>;
    };

/** A value of a numeric field per bar of a date histogram: its average, sum or largest value. */
export interface AlertsMetric {
  id: string;
  op: 'avg' | 'sum' | 'max';
  field: string;
}

export interface AlertsAggregateRequest extends AlertsSelection {
  charts: AlertsChartRequest[];
}

export interface AlertsBucket {
  key: string | number;
  /** Readable key (dates as ISO strings). */
  label: string;
  count: number;
  /** Buckets of the split field, when one was asked for. */
  split?: AlertsBucket[];
  /** The metrics asked for, by id (null: no document in the bar). */
  values?: Record<string, number | null>;
}

export type AlertsChartResult =
  | { type: 'count'; count: number }
  | {
      type: 'terms' | 'date_histogram' | 'filters' | 'range';
      buckets: AlertsBucket[];
      /** The date histogram's bucket width (`30m`, `3h`): the one asked for or the one picked. */
      interval?: string;
      /** Alerts in values past the terms' size. */
      otherCount?: number;
    };

export interface AlertsAggregateResponse {
  total: AlertsTotal;
  charts: Record<string, AlertsChartResult>;
  includesSampleData: boolean;
}

/**
 * `GET /api/alerts/fields?dataset=<id>` (or `POST` with this body): what the search bar may
 * complete and the views may filter on, in one dataset (default `alerts`).
 */
export interface AlertsFieldsRequest {
  dataset?: AlertsDatasetId;
}

/** The fields of a dataset; `timeField` null for a states dataset (no time range: current state). */
export interface AlertsField {
  name: string;
  type: 'string' | 'number' | 'date' | 'boolean' | 'ip' | 'geo_point' | 'object';
  /** The type in the index mapping (`keyword`, `text`, `long`...). */
  esType: string;
  searchable: boolean;
  /** Usable in terms charts and sorts (not a full-text field). */
  aggregatable: boolean;
}

/**
 * Whether the indexer can sort and chart on a field (not full text, not locations): the server
 * refuses a sort or chart on any other with a 400, so views offer only these.
 */
export function isAggregatable(field: AlertsField): boolean {
  return field.aggregatable && field.type !== 'geo_point';
}

export interface AlertsFieldsResponse {
  dataset: AlertsDatasetId;
  timeField: string | null;
  fields: AlertsField[];
}

/** `POST /api/alerts/csv`: the whole selection as CSV, streamed. */
export interface AlertsCsvRequest extends AlertsSelection {
  columns: string[];
  sort?: AlertsSort[];
}

/** The severity bands of the Overview's "Last 24 hours alerts", as the original labels them. */
export const SEVERITY_BANDS = [
  { key: 'critical', label: 'Critical severity', description: 'Rule level 15 or higher', gte: 15 },
  { key: 'high', label: 'High severity', description: 'Rule level 12 to 14', gte: 12, lt: 15 },
  { key: 'medium', label: 'Medium severity', description: 'Rule level 7 to 11', gte: 7, lt: 12 },
  { key: 'low', label: 'Low severity', description: 'Rule level 0 to 6', gte: 0, lt: 7 },
] as const;

/** The Overview's severity counts as one chart: a range of rule levels per band. */
export const SEVERITY_CHART: AlertsChartRequest = {
  id: 'severity',
  type: 'range',
  field: 'rule.level',
  ranges: SEVERITY_BANDS.map((band) => ({
    key: band.key,
    gte: band.gte,
    ...('lt' in band && { lt: band.lt }),
  })),
};

/**
 * Sample-data categories, as the original names them: alerts in `wazuh-alerts-4.x-sample-<category>`,
 * states in `<states index prefix>sample-<category>` (one index per inventory type).
 */
export const SAMPLE_DATA_CATEGORIES = [
  { id: 'security', title: 'Sample security information', dataset: 'alerts' },
  { id: 'auditing-policy-monitoring', title: 'Sample malware detection', dataset: 'alerts' },
  { id: 'threat-detection', title: 'Sample threat detection and response', dataset: 'alerts' },
  { id: 'wazuh-inventory-agent', title: 'Sample system inventory', dataset: 'inventory' },
  {
    id: 'wazuh-vulnerabilities',
    title: 'Sample vulnerability detection inventory',
    dataset: 'vulnerabilities',
  },
] as const satisfies ReadonlyArray<{ id: string; title: string; dataset: AlertsDatasetId }>;

export type SampleDataCategory = (typeof SAMPLE_DATA_CATEGORIES)[number]['id'];

/** The categories that add alerts (the others add states). */
export type AlertsSampleDataCategory = Extract<
  (typeof SAMPLE_DATA_CATEGORIES)[number],
  { dataset: 'alerts' }
>['id'];

export interface SampleDataStatus {
  category: SampleDataCategory;
  /** The category's index, or the pattern of its indices (system inventory has one per type). */
  index: string;
  installed: boolean;
  count: number;
}

/** The indexer's state, in `GET /api/alerts/status` and the health check. */
/** One configured indexer node as the dashboard's client sees it. */
export interface IndexerNodeState {
  /** Its URL without credentials. */
  url: string;
  /** `dead`: a call failed there; it is skipped until the client tries it again. */
  state: 'alive' | 'dead';
  /** When it entered that state (ISO 8601; the dashboard's start for a node never seen failing). */
  since: string;
  /** The last failure met there, credentials out (admins only). */
  lastError?: string;
}

export interface IndexerStatus {
  configured: boolean;
  /** True when the demo's stand-in serves the alerts. */
  demo: boolean;
  reachable: boolean;
  /** The nodes' URLs without credentials. */
  hosts: string[];
  version?: string;
  clusterHealth?: 'green' | 'yellow' | 'red';
  alertsIndexPattern: string;
  /** Each node's state (none while no indexer is configured). */
  nodes?: IndexerNodeState[];
  /** Why it cannot be read, when it cannot; `detail` (addresses, the client's words) for admins. */
  error?: { code: string; message: string; detail?: string };
  /** For each API host the user may use: its manager pin and its alerts of the last 24 hours. */
  apiHosts?: Array<{
    apiHostId: string;
    pin?: { field: string; value: string };
    last24hAlerts?: number;
    error?: string;
  }>;
  /** The last run of the statistics and monitoring jobs, those that ran. */
  jobs?: IndexerJobRun[];
}
