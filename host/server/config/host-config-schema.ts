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

/**
 * `SVC_TRUST_PROXY`: empty (trust no proxy), or addresses, CIDRs and the names `loopback`,
 * `linklocal`, `uniquelocal`, separated by commas. A hop count is refused: Fastify ignores one, since
 * it cannot tell a proxy from a client that sends the header itself.
 */
function trustProxyProblem(value: string): string | undefined {
  if (value.trim() === '') return undefined;
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every((entry) => /^[\w.:/-]+$/.test(entry) && !/^\d+$/.test(entry))
    ? undefined
    : `expected the proxies' addresses or CIDRs separated by commas (a hop count cannot tell a proxy from a client) but got [${value}]`;
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
    trustProxy: schema.string({ defaultValue: '', validate: trustProxyProblem }),
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
    }),
    passwordChecks: schema.object({
      concurrency: schema.number({ defaultValue: 2, min: 1, validate: integerProblem }),
      maxWaiting: schema.number({ defaultValue: 8, min: 0, validate: integerProblem }),
    }),
  }),
  demo: schema.oneOf([schema.literal('auto'), schema.boolean()], { defaultValue: 'auto' }),
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
