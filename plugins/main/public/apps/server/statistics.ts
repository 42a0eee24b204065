/**
 * Server → Statistics: what the statistics job stored for one API host (one node, or all), asked in
 * one aggregate request with the original's panels as two date histograms with values per bar, and
 * read back into series and the warnings a reader must not miss: dropped events, queues near full.
 */
import type {
  AlertsAggregateRequest,
  AlertsAggregateResponse,
  AlertsBucket,
  AlertsFilter,
  AlertsMetric,
  AlertsTimeRange,
} from '../../../common/alerts/api';
import { ANALYSISD_QUEUES, ANALYSISD_STATE_INTERVAL_SECONDS } from '../../../common/indexer-jobs';

/** A queue used above this share is called out. */
export const QUEUE_WARNING_SHARE = 0.9;

export interface StatisticsPanel {
  id: string;
  title: string;
  metric: AlertsMetric;
}

export const LISTENER_PANELS: StatisticsPanel[] = [
  {
    id: 'recv',
    title: 'Bytes received',
    metric: { id: 'recv', op: 'max', field: 'remoted.recv_bytes' },
  },
  {
    id: 'sent',
    title: 'Bytes sent',
    metric: { id: 'sent', op: 'max', field: 'remoted.sent_bytes' },
  },
  {
    id: 'evt',
    title: 'Events sent to Analysisd',
    metric: { id: 'evt', op: 'max', field: 'remoted.evt_count' },
  },
  {
    id: 'tcp',
    title: 'TCP sessions',
    metric: { id: 'tcp', op: 'avg', field: 'remoted.tcp_sessions' },
  },
  {
    id: 'discarded',
    title: 'Events dropped',
    metric: { id: 'discarded', op: 'max', field: 'remoted.discarded_count' },
  },
];

export const ANALYSIS_PANELS: StatisticsPanel[] = [
  {
    id: 'processed',
    title: 'Events processed',
    metric: { id: 'processed', op: 'sum', field: 'analysisd.events_processed' },
  },
  {
    id: 'dropped',
    title: 'Events dropped',
    metric: { id: 'dropped', op: 'sum', field: 'analysisd.events_dropped' },
  },
  {
    id: 'received',
    title: 'Events received',
    metric: { id: 'received', op: 'sum', field: 'analysisd.events_received' },
  },
];

const RECEIVED_AVERAGE: AlertsMetric = {
  id: 'received_avg',
  op: 'avg',
  field: 'analysisd.events_received',
};

const DECODERS = ['syscheck', 'syscollector', 'rootcheck', 'sca', 'winevt', 'other'] as const;

const REMOTED_QUEUE: AlertsMetric[] = [
  { id: 'queue_used', op: 'max', field: 'remoted.queue_size' },
  { id: 'queue_total', op: 'max', field: 'remoted.total_queue_size' },
];
const DECODED: AlertsMetric[] = DECODERS.map((decoder) => ({
  id: `decoded_${decoder}`,
  op: 'max',
  field: `analysisd.${decoder}_events_decoded`,
}));
const QUEUES: AlertsMetric[] = ANALYSISD_QUEUES.map((queue) => ({
  id: `queue_${queue}`,
  op: 'max',
  field: `analysisd.${queue}_queue_usage`,
}));

export function statisticsRequest(
  apiHostId: string,
  timeRange: AlertsTimeRange,
  node: string | undefined,
): AlertsAggregateRequest {
  const filters: AlertsFilter[] = node ? [{ type: 'is', field: 'nodeName', value: node }] : [];
  return {
    apiHostId,
    timeRange,
    filters,
    dataset: 'statistics',
    charts: [
      {
        id: 'remoted',
        type: 'date_histogram',
        metrics: [...LISTENER_PANELS.map((panel) => panel.metric), ...REMOTED_QUEUE],
      },
      {
        id: 'analysisd',
        type: 'date_histogram',
        metrics: [
          ...ANALYSIS_PANELS.map((panel) => panel.metric),
          RECEIVED_AVERAGE,
          ...DECODED,
          ...QUEUES,
        ],
      },
    ],
  };
}

interface QueueUsage {
  queue: string;
  /** Largest share used in the range, 0 to 1. */
  usage: number;
}

export interface StatisticsView {
  documents: number;
  remoted: AlertsBucket[];
  analysisd: AlertsBucket[];
  /** Events dropped in the range: analysisd's, and remoted's discarded (its count grows). */
  droppedEvents: number;
  queues: QueueUsage[];
  /** Events decoded per decoder queue, at the range's last reading. */
  decoded: Array<{ decoder: string; events: number }>;
  /** Events analysisd received per second, on average over the range. */
  eventsPerSecond: number;
}

function bucketsOf(response: AlertsAggregateResponse, id: string): AlertsBucket[] {
  const chart = response.charts[id];
  if (!chart || !('buckets' in chart))
    throw new Error(`The dashboard's answer about the statistics had no "${id}" series.`);
  return chart.buckets;
}

const valuesOf = (buckets: AlertsBucket[], id: string) =>
  buckets.flatMap((bucket) => {
    const value = bucket.values?.[id];
    return typeof value === 'number' && bucket.count > 0 ? [value] : [];
  });

const largest = (values: number[]) => (values.length > 0 ? Math.max(...values) : 0);

const average = (values: number[]) =>
  values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;

export function readStatistics(response: AlertsAggregateResponse): StatisticsView {
  const remoted = bucketsOf(response, 'remoted');
  const analysisd = bucketsOf(response, 'analysisd');
  const analysisDropped = valuesOf(analysisd, 'dropped').reduce((sum, value) => sum + value, 0);
  // remoted counts the events it discarded since it started.
  const remotedDropped = largest(valuesOf(remoted, 'discarded'));
  const total = largest(valuesOf(remoted, 'queue_total'));
  const queues: QueueUsage[] = [
    ...(total > 0
      ? [{ queue: 'remoted', usage: largest(valuesOf(remoted, 'queue_used')) / total }]
      : []),
    ...ANALYSISD_QUEUES.map((queue) => ({
      queue,
      usage: largest(valuesOf(analysisd, `queue_${queue}`)),
    })),
  ];
  const last = [...analysisd].reverse().find((bucket) => bucket.count > 0);
  return {
    documents: response.total.value,
    remoted,
    analysisd,
    droppedEvents: analysisDropped + remotedDropped,
    queues,
    decoded: DECODERS.map((decoder) => ({
      decoder,
      events: (last?.values?.[`decoded_${decoder}`] as number | null | undefined) ?? 0,
    })),
    eventsPerSecond:
      average(valuesOf(analysisd, 'received_avg')) / ANALYSISD_STATE_INTERVAL_SECONDS,
  };
}

/** A panel's series as bars (its value per bar), for the time bars chart. */
export function panelBars(buckets: AlertsBucket[], metricId: string): AlertsBucket[] {
  return buckets.map((bucket) => ({
    key: bucket.key,
    label: bucket.label,
    count: Math.round(bucket.values?.[metricId] ?? 0),
  }));
}
