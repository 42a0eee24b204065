/**
 * The `svc:` subtree of the dashboard's YAML config. Every key has a default, so an empty subtree
 * (or none) gives a working plugin.
 */
import { schema, type TypeOf } from '../../../host/schema';
import {
  caFileProblem,
  apiHostIdProblem,
  hostUrlProblem,
  passwordProblem,
  usernameProblem,
} from '../common/api-host-rules';
import { MANAGED_API_MAX_PAGE_SIZE } from '../common/constants';
import {
  indexerConfigSchema,
  resolveIndexerConfig,
  type IndexerConfig,
} from './services/alerts/indexer/indexer-config';
import { isValidCronExpression } from './services/jobs/cron';

const cron = (defaultValue: string) =>
  schema.string({
    defaultValue,
    validate: (value) =>
      isValidCronExpression(value)
        ? undefined
        : 'must be a cron expression (seconds optional), e.g. "0 */5 * * * *"',
  });

/** An API host created at start when it is not stored yet (UI edits of it are kept). */
const seededHost = schema.object({
  id: schema.string({ validate: apiHostIdProblem }),
  url: schema.string({ validate: hostUrlProblem }),
  port: schema.number({ min: 1, max: 65535, defaultValue: 55000 }),
  username: schema.string({ validate: usernameProblem }),
  password: schema.string({ validate: passwordProblem }),
  run_as: schema.boolean({ defaultValue: false }),
  tls_verify: schema.boolean({ defaultValue: true }),
  ca_file: schema.maybe(schema.string({ validate: caFileProblem })),
  /** Marks the built-in simulator host of demo mode: its URL, port and password follow the config at every start. */
  demo: schema.boolean({ defaultValue: false }),
});

/** A host name, an IPv4 or an IPv6 address (no scheme, no port), or nothing. */
function enrollmentAddressProblem(value: string): string | undefined {
  return value === '' || /^[A-Za-z0-9.:-]{1,255}$/.test(value)
    ? undefined
    : 'must be a host name or an IP address, without scheme or port';
}

/** A size in rotating-file-stream's syntax: 10M, 1G. */
function sizeProblem(value: string): string | undefined {
  return /^\d+[BKMG]$/.test(value) ? undefined : 'must be a number followed by B, K, M or G';
}

/** An index pattern a search may name: one expression, no index list, not every index. */
function indexPatternProblem(value: string): string | undefined {
  if (!/^[^\s,"\\/<>|?#]{1,255}$/.test(value))
    return 'must be one index pattern: no spaces, commas or any of " \\ / < > | ? #';
  if (/^[-_+]/.test(value) || /^\*+$/.test(value))
    return 'must name indices: not start with -, _ or +, and not be * alone';
  return undefined;
}

export const configSchema = schema.object({
  /** `SVC_DEMO`: start the built-in managed-API simulator always (true), never (false) or when no API host is stored ('auto'). */
  demo: schema.oneOf([schema.literal('auto'), schema.boolean()], { defaultValue: 'auto' }),
  hosts: schema.arrayOf(seededHost, { defaultValue: [] }),
  api: schema.object({
    /** Time budget of one call to a managed API, login and retry included (ms). */
    timeoutMs: schema.number({ min: 100, max: 3_600_000, defaultValue: 60_000 }),
    /** Largest answer accepted from a managed API (bytes); past it, 502 and the connection is cut. */
    maxResponseBytes: schema.number({ min: 1024, defaultValue: 32 * 1024 * 1024 }),
    /** Memory that answers being read whole may hold together (bytes); past it, 503 with Retry-After. */
    maxBufferedResponseBytes: schema.number({ min: 1024, defaultValue: 256 * 1024 * 1024 }),
    /** Keep-alive sockets per host. */
    maxSocketsPerHost: schema.number({ min: 1, max: 1024, defaultValue: 64 }),
    /** Tokens kept (per host and dashboard user). */
    tokenCacheSize: schema.number({ min: 1, defaultValue: 10_000 }),
    /** `POST /api/request` calls one dashboard user may make per second; past it: 429 with Retry-After. */
    requestsPerUserPerSecond: schema.number({ min: 1, defaultValue: 50 }),
    /** Longest delay a caller may ask for a queued request (ms). */
    maxRequestDelayMs: schema.number({ min: 0, defaultValue: 3_600_000 }),
    /** Most queued requests one dashboard user may have waiting. */
    maxQueuedRequestsPerUser: schema.number({ min: 1, max: 10_000, defaultValue: 20 }),
    /** Largest CA file accepted for an API host (bytes). */
    maxCaFileBytes: schema.number({
      min: 1024,
      max: 64 * 1024 * 1024,
      defaultValue: 1024 * 1024,
    }),
    /** Most queued requests waiting in all. */
    maxQueuedRequests: schema.number({ min: 1, max: 100_000, defaultValue: 1_000 }),
  }),
  csv: schema.object({
    /** Most rows in one export; 0 means no limit. */
    maxRows: schema.number({ min: 0, defaultValue: 100_000 }),
    /** Items per page asked from the managed API while exporting. */
    pageSize: schema.number({ min: 1, max: MANAGED_API_MAX_PAGE_SIZE, defaultValue: 5_000 }),
    /** Pages asked for ahead of the one being written; their bytes count in the buffer budget. */
    pagesAhead: schema.number({ min: 1, max: 8, defaultValue: 2 }),
  }),
  jobs: schema.object({
    /** When stored hosts are checked in the background (reachable, logged in, version). */
    apiCheckSchedule: cron('0 */5 * * * *'),
    /** When due queued requests (`/api/request` with `delay`) are sent. */
    queueSchedule: cron('* * * * * *'),
    /** When report jobs left by a stopped instance are marked failed, and old jobs forgotten. */
    reportSweepSchedule: cron('*/10 * * * * *'),
    /** Whether the stored hosts are checked on `apiCheckSchedule` (an App setting may turn it off). */
    apiCheckEnabled: schema.boolean({ defaultValue: true }),
    /** remoted's and analysisd's statistics written to `wazuh-statistics-*` (the original's cron job). */
    statistics: schema.object({
      enabled: schema.boolean({ defaultValue: true }),
      schedule: cron('0 */5 * * * *'),
      /** The API hosts read (their ids); empty: every API host. */
      apiHosts: schema.arrayOf(schema.string({ validate: apiHostIdProblem }), {
        defaultValue: [],
        maxSize: 1_000,
      }),
    }),
    /** Every agent's status written to `wazuh-monitoring-*` (the original's monitoring job). */
    monitoring: schema.object({
      enabled: schema.boolean({ defaultValue: true }),
      schedule: cron('0 */15 * * * *'),
      /**
       * Agents asked for in one page of the agents list: 2,500 keeps the job within 100 MB at
       * 100,000 agents (5,000 did not) and well within its time (npm run bench indexer-jobs).
       */
      pageSize: schema.number({ min: 1, max: MANAGED_API_MAX_PAGE_SIZE, defaultValue: 2_500 }),
    }),
    /** Largest body of one bulk request the jobs send to the indexer (bytes). */
    maxBulkBytes: schema.number({
      min: 64 * 1024,
      max: 100 * 1024 * 1024,
      defaultValue: 5 * 1024 * 1024,
    }),
  }),
  /** Server → Statistics. */
  statistics: schema.object({
    /** Longest time range the view reads at once (days). */
    maxRangeDays: schema.number({ min: 1, max: 366, defaultValue: 31 }),
  }),
  uiLogs: schema.object({
    /** Rotate the UI log file when it reaches this size (rotating-file-stream syntax: 10M, 1G). */
    rotationSize: schema.string({ defaultValue: '10M', validate: sizeProblem }),
    /** Rotated files kept. */
    maxFiles: schema.number({ min: 1, max: 1000, defaultValue: 7 }),
    /** Total size of the rotated files kept, whatever their number. */
    maxTotalSize: schema.string({ defaultValue: '50M', validate: sizeProblem }),
    /** Entries one dashboard user may send per minute. */
    perUserPerMinute: schema.number({ min: 1, defaultValue: 120 }),
  }),
  /** PDF reports of module dashboards, made on the server (services/reports). */
  reports: schema.object({
    /** Reports each user keeps; past it the oldest are deleted. */
    keptPerUser: schema.number({ min: 1, max: 10_000, defaultValue: 50 }),
    /** Largest report file in bytes; a report growing past it fails. */
    maxSizeBytes: schema.number({ min: 100_000, max: 1_073_741_824, defaultValue: 20_971_520 }),
    /** How long one report may take to make (ms) before it is stopped. */
    generationTimeoutMs: schema.number({ min: 1_000, max: 3_600_000, defaultValue: 60_000 }),
    /** Reports one instance makes at once across all users; the rest wait in its queue. */
    maxConcurrentGenerations: schema.number({ min: 1, max: 64, defaultValue: 2 }),
    /** Reports of one user an instance makes at once (their share); as many more may wait. */
    maxConcurrentPerUser: schema.number({ min: 1, max: 64, defaultValue: 1 }),
    /** Reports waiting for a slot on one instance; past it (or a user's share): 429 with Retry-After. */
    maxQueuedGenerations: schema.number({ min: 0, max: 1_000, defaultValue: 8 }),
    /** A report job whose instance wrote no heartbeat for this long is failed (its instance stopped). */
    stalledAfterMs: schema.number({ min: 1_000, max: 600_000, defaultValue: 30_000 }),
    /** Characters of filters, and of the query, a report prints; the rest is cut with an ellipsis. */
    maxPrintedTextChars: schema.number({ min: 100, max: 100_000, defaultValue: 2_000 }),
    /** Printed on top of every page (beside the logo of App settings). */
    headerText: schema.string({ defaultValue: '', maxLength: 120 }),
    /** Printed at the bottom of every page. */
    footerText: schema.string({ defaultValue: '', maxLength: 120 }),
  }),
  alerts: schema.object({
    /** Other alert index patterns users may choose on Threat Hunting and the modules. */
    selectableIndexPatterns: schema.arrayOf(schema.string({ validate: indexPatternProblem }), {
      defaultValue: [],
      maxSize: 20,
    }),
    /** Leave the manager's own alerts (agent 000) out of every alerts view and report. */
    hideManagerAlerts: schema.boolean({ defaultValue: false }),
  }),
  healthCheck: schema.object({
    /** How much of the managed API's version must be the one the dashboard is built for. */
    apiVersionMatch: schema.oneOf(
      [schema.literal('minor'), schema.literal('major'), schema.literal('none')],
      { defaultValue: 'minor' },
    ),
  }),
  /** Settings saved from the dashboard (App settings), shared by every instance. */
  appSettings: schema.object({
    /** How often each instance re-reads the saved settings (ms): a change made elsewhere applies within it. */
    refreshIntervalMs: schema.number({ min: 100, max: 600_000, defaultValue: 1_000 }),
    /** Largest logo accepted (bytes). */
    maxLogoBytes: schema.number({ min: 1_024, max: 5 * 1024 * 1024, defaultValue: 256 * 1024 }),
    /** Changes kept in the saved settings' history. */
    historySize: schema.number({ min: 1, max: 10_000, defaultValue: 200 }),
  }),
  notifications: schema.object({
    /** API host status changes are also POSTed as JSON here (http or https); unset: log only. */
    webhookUrl: schema.maybe(schema.uri({ scheme: ['http', 'https'] })),
    /** How long one webhook delivery may take before it is given up. */
    webhookTimeoutMs: schema.number({ min: 100, max: 60_000, defaultValue: 5_000 }),
    /** Webhook deliveries under way at once; past it a notification is dropped and logged. */
    webhookMaxInFlight: schema.number({ min: 1, max: 1_000, defaultValue: 16 }),
  }),
  /** The Wazuh indexer (OpenSearch) the alerts are read from; see indexer-config.ts. */
  indexer: indexerConfigSchema,
  /** Server → Configuration: editing the manager's ossec.conf and restarting it. */
  server: schema.object({
    /** Largest ossec.conf the editor sends (bytes); past it: 413. */
    configurationMaxBytes: schema.number({
      min: 1024,
      max: 10_485_760,
      defaultValue: 1_048_576,
    }),
    /** How long the browser waits for a restarted manager or node to answer again (seconds). */
    restartWaitSeconds: schema.number({ min: 10, max: 3_600, defaultValue: 120 }),
  }),
  /** Deploy agent: enrollment settings of new agents. */
  enrollment: schema.object({
    /** Default server address new agents enroll with and report to ('' : the API host's address). */
    address: schema.string({ defaultValue: '', validate: enrollmentAddressProblem }),
  }),
});

/**
 * Keys renamed in the `svc:` subtree; the host still reads the old ones, with a warning naming the
 * new key. The snake_case keys became camelCase, as the host's and OpenSearch Dashboards' own keys
 * are; the fields of a `hosts` entry keep the names of the original product's wazuh.yml.
 */
export const SVC_CONFIG_RENAMES = [
  { from: 'api.timeout_ms', to: 'api.timeoutMs' },
  { from: 'api.max_response_bytes', to: 'api.maxResponseBytes' },
  { from: 'api.max_buffered_response_bytes', to: 'api.maxBufferedResponseBytes' },
  { from: 'api.max_sockets_per_host', to: 'api.maxSocketsPerHost' },
  { from: 'api.token_cache_size', to: 'api.tokenCacheSize' },
  { from: 'api.requests_per_user_per_second', to: 'api.requestsPerUserPerSecond' },
  { from: 'api.max_request_delay_ms', to: 'api.maxRequestDelayMs' },
  { from: 'api.max_queued_requests_per_user', to: 'api.maxQueuedRequestsPerUser' },
  { from: 'api.max_ca_file_bytes', to: 'api.maxCaFileBytes' },
  { from: 'api.max_queued_requests', to: 'api.maxQueuedRequests' },
  { from: 'csv.max_rows', to: 'csv.maxRows' },
  { from: 'csv.page_size', to: 'csv.pageSize' },
  { from: 'csv.pages_ahead', to: 'csv.pagesAhead' },
  { from: 'jobs.api_check_schedule', to: 'jobs.apiCheckSchedule' },
  { from: 'jobs.queue_schedule', to: 'jobs.queueSchedule' },
  { from: 'ui_logs.rotation_size', to: 'uiLogs.rotationSize' },
  { from: 'ui_logs.max_files', to: 'uiLogs.maxFiles' },
  { from: 'ui_logs.max_total_size', to: 'uiLogs.maxTotalSize' },
  { from: 'ui_logs.per_user_per_minute', to: 'uiLogs.perUserPerMinute' },
  { from: 'reports.kept_per_user', to: 'reports.keptPerUser' },
  { from: 'reports.max_size_bytes', to: 'reports.maxSizeBytes' },
  { from: 'reports.generation_timeout_ms', to: 'reports.generationTimeoutMs' },
  { from: 'reports.max_concurrent_generations', to: 'reports.maxConcurrentGenerations' },
  { from: 'notifications.webhook_url', to: 'notifications.webhookUrl' },
  { from: 'notifications.webhook_timeout_ms', to: 'notifications.webhookTimeoutMs' },
  { from: 'notifications.webhook_max_in_flight', to: 'notifications.webhookMaxInFlight' },
  { from: 'indexer.ssl.certificate_authorities', to: 'indexer.ssl.certificateAuthorities' },
  { from: 'indexer.ssl.verification_mode', to: 'indexer.ssl.verificationMode' },
  { from: 'indexer.request_timeout_ms', to: 'indexer.requestTimeoutMs' },
  { from: 'indexer.alerts_index_pattern', to: 'indexer.alertsIndexPattern' },
  { from: 'indexer.max_page_size', to: 'indexer.maxPageSize' },
  { from: 'indexer.max_buckets', to: 'indexer.maxBuckets' },
  { from: 'indexer.csv_max_rows', to: 'indexer.csvMaxRows' },
  { from: 'indexer.max_agent_filter', to: 'indexer.maxAgentFilter' },
  { from: 'indexer.max_requests_in_flight_per_user', to: 'indexer.maxRequestsInFlightPerUser' },
  { from: 'indexer.scope_cache_ttl_ms', to: 'indexer.scopeCacheTtlMs' },
  // Moved under `indexer` first, then camelCased: it goes straight to the current key, after the
  // newer spelling so that one wins when both are set.
  { from: 'alerts_index_pattern', to: 'indexer.alertsIndexPattern' },
] as const;

/** The `svc:` subtree as the schema validates it. */
export type RawSvcConfig = TypeOf<typeof configSchema>;

/** The validated settings, `indexer` resolved. */
export type SvcConfig = Omit<RawSvcConfig, 'indexer'> & {
  indexer: IndexerConfig;
};
export type SeededHostConfig = SvcConfig['hosts'][number];

/** The plugin's settings as the plugin uses them: `indexer.hosts` and the CA files as lists. */
export function resolveConfig(raw: RawSvcConfig): SvcConfig {
  return { ...raw, indexer: resolveIndexerConfig(raw.indexer) };
}
