/**
 * `svc.indexer`: where the Wazuh indexer (OpenSearch) is, how to trust and log in to it, and the
 * limits of what the alerts routes ask of it. No hosts means no indexer (demo mode may run one).
 */
import { schema, type TypeOf } from '@host/schema';
import { DEFAULT_ALERTS_INDEX_PATTERN } from '@main/common/constants';

/** OpenSearch's default `index.max_terms_count`: the most values one `terms` query may carry. */
const OPENSEARCH_MAX_TERMS_COUNT = 65_536;
/** OpenSearch's default `search.maxBuckets`. */
const OPENSEARCH_MAX_BUCKETS = 65_535;

/** `https://indexer.example.org:9200` (a path prefix is allowed, for a proxy in front of it). */
function indexerUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `must be an absolute URL such as https://indexer.example.org:9200 but got [${url}]`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return 'must use the http or https scheme';
  if (parsed.username || parsed.password)
    return 'must not contain credentials; use svc.indexer.username and svc.indexer.password';
  if (parsed.search || parsed.hash) return 'must not contain a query or fragment';
  return undefined;
}

/** Every URL of a list, or a comma-separated string of them (`SVC_INDEXER_URL`). */
function urlListProblem(value: string | string[]): string | undefined {
  const urls = splitList(value);
  for (const url of urls) {
    const problem = indexerUrlProblem(url);
    if (problem) return problem;
  }
  return undefined;
}

/** A list given as a list or as one comma-separated string (as environment variables give it). */
function splitList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  const items = Array.isArray(value) ? value : value.split(',');
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

const stringOrList = (validate?: (value: string | string[]) => string | undefined) =>
  schema.oneOf([schema.arrayOf(schema.string()), schema.string()], {
    defaultValue: [],
    ...(validate && { validate }),
  });

export const indexerConfigSchema = schema.object({
  /** The nodes' URLs; a request that fails on one node is retried on the next. Unset: no indexer. */
  hosts: stringOrList(urlListProblem),
  username: schema.maybe(schema.string({ minLength: 1, maxLength: 1024 })),
  password: schema.maybe(schema.string({ maxLength: 4096 })),
  ssl: schema.object({
    /** PEM files of the authorities the indexer's certificate is checked against. */
    certificateAuthorities: stringOrList(),
    /** `full`: chain and host name; `certificate`: chain only; `none`: nothing (test setups only). */
    verificationMode: schema.oneOf(
      [schema.literal('full'), schema.literal('certificate'), schema.literal('none')],
      { defaultValue: 'full' },
    ),
  }),
  /**
   * Time budget of one indexer request, the answer's body and retries on other nodes included (ms);
   * past it: 504.
   */
  requestTimeoutMs: schema.number({ min: 100, max: 600_000, defaultValue: 30_000 }),
  /** Most bytes of one indexer answer, compressed and inflated alike; past it: 502. */
  maxResponseBytes: schema.number({
    min: 65_536,
    max: 512 * 1024 * 1024,
    defaultValue: 64 * 1024 * 1024,
  }),
  /** Index pattern of the alerts (what a Wazuh indexer holds). */
  alertsIndexPattern: schema.maybe(schema.string({ minLength: 1, maxLength: 255 })),
  /** Most alerts in one page of the events table. */
  maxPageSize: schema.number({ min: 1, max: 10_000, defaultValue: 100 }),
  /** Most buckets one chart may ask for (its sizes multiplied). */
  maxBuckets: schema.number({ min: 1, max: OPENSEARCH_MAX_BUCKETS, defaultValue: 10_000 }),
  /** Most rows in one CSV export of alerts. */
  csvMaxRows: schema.number({ min: 1, defaultValue: 10_000_000 }),
  /** Most agent ids an RBAC-restricted user's alert queries may carry (OpenSearch's terms limit). */
  maxAgentFilter: schema.number({
    min: 1,
    max: 1_000_000,
    defaultValue: OPENSEARCH_MAX_TERMS_COUNT,
  }),
  /** Indexer requests one dashboard user may have under way at once; past it: 429 with Retry-After. */
  maxRequestsInFlightPerUser: schema.number({ min: 1, max: 1_000, defaultValue: 8 }),
  /** How long a user's visible agents (RBAC) are reused before asking the managed API again (ms). */
  scopeCacheTtlMs: schema.number({ min: 0, max: 3_600_000, defaultValue: 30_000 }),
});

type RawIndexerConfig = TypeOf<typeof indexerConfigSchema>;

/** `svc.indexer` with its lists as lists and the alerts pattern resolved. */
export type IndexerConfig = Omit<RawIndexerConfig, 'hosts' | 'ssl' | 'alertsIndexPattern'> & {
  hosts: string[];
  ssl: {
    certificateAuthorities: string[];
    verificationMode: 'full' | 'certificate' | 'none';
  };
  alertsIndexPattern: string;
};

export function resolveIndexerConfig(raw: RawIndexerConfig): IndexerConfig {
  return {
    ...raw,
    hosts: splitList(raw.hosts),
    ssl: {
      certificateAuthorities: splitList(raw.ssl.certificateAuthorities),
      verificationMode: raw.ssl.verificationMode,
    },
    alertsIndexPattern: raw.alertsIndexPattern ?? DEFAULT_ALERTS_INDEX_PATTERN,
  };
}
