/**
 * The two jobs that write the managed APIs' figures into the indexer, as the original product's
 * statistics and monitoring jobs do: their index names, and the record of their last run that
 * Settings → Indexer shows.
 */

/** remoted's and analysisd's statistics, one index per ISO week (`wazuh-statistics-2026.9w`). */
export const STATISTICS_INDEX_PREFIX = 'wazuh-statistics';
export const STATISTICS_INDEX_PATTERN = `${STATISTICS_INDEX_PREFIX}-*`;
/** Every agent's status at each run, one index per ISO week (`wazuh-monitoring-2026.9w`). */
export const MONITORING_INDEX_PREFIX = 'wazuh-monitoring';
export const MONITORING_INDEX_PATTERN = `${MONITORING_INDEX_PREFIX}-*`;

export const INDEXER_JOB_NAMES = ['statistics', 'monitoring'] as const;
export type IndexerJobName = (typeof INDEXER_JOB_NAMES)[number];

/** The last run of a job, shared by every dashboard instance. */
export interface IndexerJobRun {
  job: IndexerJobName;
  startedAt: string;
  finishedAt: string;
  /** Documents the indexer accepted. */
  documents: number;
  /** What went wrong (an API host skipped, the indexer refusing); empty when nothing did. */
  errors: string[];
}

/** The daemons the statistics job reads, as their documents name them. */
export type StatisticsDaemon = 'remoted' | 'analysisd';

/** A document of the statistics index, in the original's shape. */
export interface StatisticsDocument {
  apiName: string;
  /** The cluster node; absent on a single manager, as in the original. */
  nodeName?: string;
  /** `"true"` when read per cluster node (the original writes a string). */
  cluster: 'true' | 'false';
  remoted?: Record<string, number>;
  analysisd?: Record<string, number>;
  timestamp: string;
}

/** analysisd's queues, each with `<queue>_queue_usage` (0 to 1) and `<queue>_queue_size`. */
export const ANALYSISD_QUEUES = [
  'syscheck',
  'syscollector',
  'rootcheck',
  'sca',
  'hostinfo',
  'winevt',
  'dbsync',
  'upgrade',
  'event',
  'rule_matching',
  'alerts',
  'firewall',
  'statistical',
  'archives',
] as const;

/** The numbers of remoted's statistics. */
export const REMOTED_FIELDS = [
  'queue_size',
  'total_queue_size',
  'tcp_sessions',
  'evt_count',
  'ctrl_msg_count',
  'discarded_count',
  'sent_bytes',
  'recv_bytes',
  'dequeued_after_close',
];
/** analysisd's counts (its queues aside). */
export const ANALYSISD_COUNTS = [
  'total_events_decoded',
  'syscheck_events_decoded',
  'syscollector_events_decoded',
  'rootcheck_events_decoded',
  'sca_events_decoded',
  'winevt_events_decoded',
  'other_events_decoded',
  'dbsync_messages_dispatched',
  'events_processed',
  'events_received',
  'events_dropped',
  'alerts_written',
  'firewall_written',
  'fts_written',
];

/** analysisd counts its events received, processed and dropped over intervals this long (`analysisd.state_interval`). */
export const ANALYSISD_STATE_INTERVAL_SECONDS = 5;
