import { isIP } from 'node:net';
import { schema, type TypeOf } from '../../schema';
import { LOG_LEVELS, type LogLevel } from '../logging/levels';

function integerProblem(value: number): string | undefined {
  return Number.isInteger(value) ? undefined : `expected an integer but got [${value}]`;
}

function basePathProblem(value: string): string | undefined {
  if (value === '') return undefined;
  return value.startsWith('/') && !value.endsWith('/')
    ? undefined
    : `must start with "/" and must not end with "/" (e.g. "/dashboard") but got [${value}]`;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const HOP_COUNT = /^\d+$/;

/** A proxy named as an address, an `address/prefix` or `address/netmask` CIDR, or a named range. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (HOP_COUNT.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return isIP(range) === family;
}

/**
 * `SVC_TRUST_PROXY`: nothing (no proxy), a hop count (the nearest hops are proxies), or the proxies'
 * addresses, CIDRs and the names `loopback`, `linklocal`, `uniquelocal` separated by commas. `true`
 * is refused: it would believe whatever address and scheme any client writes in the headers.
 */
export type TrustProxySetting = false | number | string[];

/** The setting, or why it is refused. */
export function readTrustProxy(value: string | number | boolean): TrustProxySetting | string {
  const text = String(value).trim();
  if (text === '' || value === false) return false;
  if (/^true$/i.test(text))
    return `trusting every hop would let any client choose its own address and scheme: give the proxies' addresses or CIDRs, or a hop count, but got [${text}]`;
  if (HOP_COUNT.test(text)) {
    const hops = Number(text);
    return Number.isSafeInteger(hops) && hops >= 1
      ? hops
      : `a hop count is at least 1 (leave it empty to trust no proxy) but got [${text}]`;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress)
    ? entries
    : `expected a hop count, or the proxies' addresses or CIDRs separated by commas, but got [${text}]`;
}

function trustProxyProblem(value: string | number | boolean): string | undefined {
  const setting = readTrustProxy(value);
  return typeof setting === 'string' ? setting : undefined;
}

function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

function logLevelProblem(value: string): string | undefined {
  return isLogLevel(value)
    ? undefined
    : `expected one of [${LOG_LEVELS.join(', ')}] but got [${value}]`;
}

/** The host's own keys of the configuration; every other top-level key belongs to a plugin. */
export const hostConfigSchema = schema.object({
  server: schema.object({
    host: schema.string({ defaultValue: '127.0.0.1', hostname: true }),
    port: schema.number({ defaultValue: 5601, min: 0, max: 65535, validate: integerProblem }),
    basePath: schema.string({ defaultValue: '', validate: basePathProblem }),
    maxPayloadBytes: schema.number({ defaultValue: 1048576, min: 1, validate: integerProblem }),
    maxBodyDepth: schema.number({ defaultValue: 64, min: 1, validate: integerProblem }),
    maxBodyValues: schema.number({ defaultValue: 100000, min: 1, validate: integerProblem }),
    headersTimeoutMs: schema.number({ defaultValue: 20000, min: 1, validate: integerProblem }),
    requestTimeoutMs: schema.number({ defaultValue: 30000, min: 1, validate: integerProblem }),
    tls: schema.object({
      certFile: schema.maybe(schema.string({ minLength: 1 })),
      keyFile: schema.maybe(schema.string({ minLength: 1 })),
      caFile: schema.maybe(schema.string({ minLength: 1 })),
    }),
    // A YAML file may give the hop count as a number (and `true`/`false` as booleans).
    trustProxy: schema.oneOf([schema.string(), schema.number(), schema.boolean()], {
      defaultValue: '',
      validate: trustProxyProblem,
    }),
  }),
  data: schema.object({
    dir: schema.string({ defaultValue: './data', minLength: 1 }),
  }),
  security: schema.object({
    adminPassword: schema.maybe(schema.string({ minLength: 1 })),
    session: schema.object({
      ttlMinutes: schema.number({ defaultValue: 480, min: 1 }),
      idleTimeoutMinutes: schema.number({ defaultValue: 60, min: 1 }),
    }),
    loginThrottle: schema.object({
      freeAttempts: schema.number({ defaultValue: 3, min: 0, validate: integerProblem }),
      maxBackoffSeconds: schema.number({ defaultValue: 900, min: 1, validate: integerProblem }),
      nameCeiling: schema.number({ defaultValue: 100, min: 1, validate: integerProblem }),
      slowLaneSeconds: schema.number({ defaultValue: 2, min: 1, validate: integerProblem }),
      windowSeconds: schema.number({ defaultValue: 900, min: 1, validate: integerProblem }),
      clientWindowSeconds: schema.number({
        defaultValue: 86_400,
        min: 1,
        validate: integerProblem,
      }),
      // At most 24: the in-memory counters keep a timer, and Node's timers stop at about 24.8 days.
      knownClientDays: schema.number({
        defaultValue: 14,
        min: 1,
        max: 24,
        validate: integerProblem,
      }),
    }),
    passwordChecks: schema.object({
      concurrency: schema.number({ defaultValue: 2, min: 1, validate: integerProblem }),
      maxWaiting: schema.number({ defaultValue: 8, min: 0, validate: integerProblem }),
      // Checks (running or waiting) one client address may hold at once: one source spraying user
      // names gets 429 before hashing instead of filling the queue for everyone else.
      perAddress: schema.number({ defaultValue: 2, min: 1, validate: integerProblem }),
      // Checks for one user name from every address at once; clients known for the name are exempt.
      perUsername: schema.number({ defaultValue: 2, min: 1, validate: integerProblem }),
    }),
  }),
  savedObjects: schema.object({
    url: schema.maybe(schema.uri({ scheme: ['postgres', 'postgresql'] })),
  }),
  // The length matches what the API host password encryption accepts from SVC_ENCRYPTION_KEY.
  encryptionKey: schema.maybe(schema.string({ minLength: 32 })),
  logging: schema.object({
    level: schema.string({ defaultValue: 'info', validate: logLevelProblem }),
  }),
});

export type HostConfigKeys = TypeOf<typeof hostConfigSchema>;

export const HOST_CONFIG_KEYS: ReadonlySet<string> = new Set(
  Object.keys(hostConfigSchema.getPropSchemas()),
);
