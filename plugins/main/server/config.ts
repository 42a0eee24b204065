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

/** A size in rotating-file-stream's syntax: 10M, 1G. */
function sizeProblem(value: string): string | undefined {
  return /^\d+[BKMG]$/.test(value) ? undefined : 'must be a number followed by B, K, M or G';
}

export const configSchema = schema.object({
  /** `SVC_DEMO`: start the built-in managed-API simulator always (true), never (false) or when no API host is stored ('auto'). */
  demo: schema.oneOf([schema.literal('auto'), schema.boolean()], { defaultValue: 'auto' }),
  hosts: schema.arrayOf(seededHost, { defaultValue: [] }),
  api: schema.object({
    /** Time budget of one call to a managed API, login and retry included (ms). */
    timeout_ms: schema.number({ min: 100, max: 3_600_000, defaultValue: 60_000 }),
    /** Largest answer accepted from a managed API (bytes); past it, 502 and the connection is cut. */
    max_response_bytes: schema.number({ min: 1024, defaultValue: 32 * 1024 * 1024 }),
    /** Memory that answers being read whole may hold together (bytes); past it, 503 with Retry-After. */
    max_buffered_response_bytes: schema.number({ min: 1024, defaultValue: 256 * 1024 * 1024 }),
    /** Keep-alive sockets per host. */
    max_sockets_per_host: schema.number({ min: 1, max: 1024, defaultValue: 64 }),
    /** Tokens kept (per host and dashboard user). */
    token_cache_size: schema.number({ min: 1, defaultValue: 10_000 }),
    /** `POST /api/request` calls one dashboard user may make per second; past it: 429 with Retry-After. */
    requests_per_user_per_second: schema.number({ min: 1, defaultValue: 50 }),
    /** Longest delay a caller may ask for a queued request (ms). */
    max_request_delay_ms: schema.number({ min: 0, defaultValue: 3_600_000 }),
    /** Most queued requests one dashboard user may have waiting. */
    max_queued_requests_per_user: schema.number({ min: 1, max: 10_000, defaultValue: 20 }),
    /** Largest CA file accepted for an API host (bytes). */
    max_ca_file_bytes: schema.number({
      min: 1024,
      max: 64 * 1024 * 1024,
      defaultValue: 1024 * 1024,
    }),
    /** Most queued requests waiting in all. */
    max_queued_requests: schema.number({ min: 1, max: 100_000, defaultValue: 1_000 }),
  }),
  csv: schema.object({
    /** Most rows in one export; 0 means no limit. */
    max_rows: schema.number({ min: 0, defaultValue: 100_000 }),
    /** Items per page asked from the managed API while exporting. */
    page_size: schema.number({ min: 1, max: MANAGED_API_MAX_PAGE_SIZE, defaultValue: 5_000 }),
    /** Pages asked for ahead of the one being written; their bytes count in the buffer budget. */
    pages_ahead: schema.number({ min: 1, max: 8, defaultValue: 2 }),
  }),
  jobs: schema.object({
    /** When stored hosts are checked in the background (reachable, logged in, version). */
    api_check_schedule: cron('0 */5 * * * *'),
    /** When due queued requests (`/api/request` with `delay`) are sent. */
    queue_schedule: cron('* * * * * *'),
  }),
  ui_logs: schema.object({
    /** Rotate the UI log file when it reaches this size (rotating-file-stream syntax: 10M, 1G). */
    rotation_size: schema.string({ defaultValue: '10M', validate: sizeProblem }),
    /** Rotated files kept. */
    max_files: schema.number({ min: 1, max: 1000, defaultValue: 7 }),
    /** Total size of the rotated files kept, whatever their number. */
    max_total_size: schema.string({ defaultValue: '50M', validate: sizeProblem }),
    /** Entries one dashboard user may send per minute. */
    per_user_per_minute: schema.number({ min: 1, defaultValue: 120 }),
  }),
  /** PDF reports of module dashboards, made on the server (services/reports). */
  reports: schema.object({
    /** Reports each user keeps; past it the oldest are deleted. */
    kept_per_user: schema.number({ min: 1, max: 10_000, defaultValue: 50 }),
    /** Largest report file in bytes; a report growing past it fails. */
    max_size_bytes: schema.number({ min: 100_000, max: 1_073_741_824, defaultValue: 20_971_520 }),
    /** How long one report may take to make (ms) before it is stopped. */
    generation_timeout_ms: schema.number({ min: 1_000, max: 3_600_000, defaultValue: 60_000 }),
    /** Reports made at once across all users; past it: 429 with Retry-After. */
    max_concurrent_generations: schema.number({ min: 1, max: 64, defaultValue: 2 }),
  }),
  notifications: schema.object({
    /** API host status changes are also POSTed as JSON here (http or https); unset: log only. */
    webhook_url: schema.maybe(schema.uri({ scheme: ['http', 'https'] })),
    /** How long one webhook delivery may take before it is given up. */
    webhook_timeout_ms: schema.number({ min: 100, max: 60_000, defaultValue: 5_000 }),
    /** Webhook deliveries under way at once; past it a notification is dropped and logged. */
    webhook_max_in_flight: schema.number({ min: 1, max: 1_000, defaultValue: 16 }),
  }),
  /** The Wazuh indexer (OpenSearch) the alerts are read from; see indexer-config.ts. */
  indexer: indexerConfigSchema,
});

/** Keys renamed in the `svc:` subtree; the host still reads the old ones, with a warning. */
export const SVC_CONFIG_RENAMES = [
  { from: 'alerts_index_pattern', to: 'indexer.alerts_index_pattern' },
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
